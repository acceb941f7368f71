import { REVEAL_PAUSE_MS, ROOM_MESSAGES_KEPT, type RoomDocument } from '@/services/domain/rooms';
import { defaultSettings } from '@/services/domain/settings';
import type { RoomSecretQuestion } from '@/services/server/db/schema';
import { isApiError } from '@/services/server/gateway/api-error';
import {
  ABANDONED_SEARCH_MS,
  addPlayer,
  advance,
  appendMessage,
  cloneDraft,
  openNext,
  disconnect,
  restartGrace,
  draftDoc,
  finish,
  iso,
  leaveStarted,
  nextDueAt,
  reconnect,
  recordAnswer,
  removePlayer,
  sameDoc,
  startGame,
  type RoomDraft,
  type StepEnv,
} from '@/services/server/rooms/engine';

const T0 = Date.parse('2025-05-01T10:00:00.000Z');
const rules = { battle_correct_answer_points: '4', battle_quick_answer_bonus_2s: '2', battle_quick_answer_bonus_4s: '1' };
const env = (over: Partial<StepEnv['bot']> = {}): StepEnv => ({
  bot: { accuracy: 100, minDelayMs: 3000, maxDelayMs: 3000, ...over },
  graceMs: 10_000,
  random: () => 0.5,
});

function question(id: number): RoomSecretQuestion {
  return {
    id,
    categoryId: 1,
    answer: 'c',
    question: `Q${id}`,
    questionType: 'multiple',
    image: null,
    options: ['a', 'b', 'c', 'd'].map((key) => ({ key, text: key.toUpperCase() })),
  };
}

function waitingRoom(type: RoomDocument['type'] = 'friend'): RoomDraft {
  const doc = {
    id: 'r_test',
    version: 1,
    type,
    status: 'waiting',
    code: null,
    created_by: 1,
    language_id: 1,
    category: null,
    category_name: null,
    entry_fee: 5,
    no_of_que: 2,
    seconds_per_question: 30,
    max_players: 2,
    vs_bot: false,
    search_deadline_at: type === 'random' ? iso(T0 + 30_000) : null,
    players: [],
    questions: [],
    current_index: 0,
    messages: [],
    result: null,
    created_at: iso(T0),
    updated_at: iso(T0),
  } satisfies RoomDocument;
  return cloneDraft(doc, null);
}

function started(options: { bot?: boolean } = {}): RoomDraft {
  const draft = waitingRoom();
  addPlayer(draft.doc, { user_id: 1, name: 'A', image: null, is_bot: false, ready: true });
  addPlayer(draft.doc, { user_id: 2, name: options.bot ? 'Bot' : 'B', image: null, is_bot: !!options.bot, ready: true });
  if (options.bot) draft.doc.vs_bot = true;
  startGame(draft, [question(11), question(12)], rules, T0, env());
  return draft;
}

describe('the room engine', () => {
  test('start opens question 0 at once, without its answer, and the deadline is due', () => {
    const draft = started();
    expect(draft.doc.status).toBe('started');
    expect(draft.doc.questions).toHaveLength(1);
    expect(draft.doc.questions[0]).toMatchObject({ index: 0, closed: false, correct_answer: null, opens_at: iso(T0), deadline_at: iso(T0 + 30_000) });
    expect(nextDueAt(draft, T0)).toBe(T0 + 30_000);
  });

  test('the bot answers at its planned time, then the question waits for the human, then the reveal pause', () => {
    const draft = started({ bot: true });
    expect(nextDueAt(draft, T0)).toBe(T0 + 3000);
    expect(advance(draft, T0 + 2999, env(), rules)).toBe(false);
    expect(advance(draft, T0 + 5000, env(), rules)).toBe(true);
    expect(draft.doc.questions[0]!.answers[1]!.answered).toBe(true);
    expect(draft.doc.questions[0]!.closed).toBe(false);
    recordAnswer(draft, 1, 0, 'c', T0 + 6000, rules);
    const q = draft.doc.questions[0]!;
    expect(q.closed).toBe(true);
    // The bot's elapsed time is its delay, not when its answer was noticed.
    expect(q.answers.map((a) => [a.user_id, a.correct, a.elapsed_ms, a.points])).toEqual([
      [1, true, 6000, 4],
      [2, true, 3000, 5],
    ]);
    expect(nextDueAt(draft, T0 + 6000)).toBe(T0 + 6000 + REVEAL_PAUSE_MS);
    advance(draft, T0 + 6000 + REVEAL_PAUSE_MS, env(), rules);
    expect(draft.doc.questions[1]).toMatchObject({ index: 1, opens_at: iso(T0 + 8000) });
  });

  test('answers are refused before the question opens, after its deadline and twice', () => {
    const draft = started();
    const code = (f: () => void) => {
      try {
        f();
        return 'ok';
      } catch (error) {
        return isApiError(error) ? error.code : String(error);
      }
    };
    expect(code(() => recordAnswer(draft, 1, 1, 'c', T0 + 10, rules))).toBe('question_not_open');
    expect(code(() => recordAnswer(draft, 1, 0, 'c', T0 + 30_000, rules))).toBe('answer_too_late');
    expect(code(() => recordAnswer(draft, 1, 0, 'z', T0 + 10, rules))).toBe('103');
    expect(code(() => recordAnswer(draft, 1, 0, 'c', T0 + 10, rules))).toBe('ok');
    expect(code(() => recordAnswer(draft, 1, 0, 'c', T0 + 20, rules))).toBe('already_answered');
    expect(code(() => recordAnswer(draft, 9, 0, 'c', T0 + 20, rules))).toBe('102');
  });

  test('players whose grace ends at the same instant go out together: nobody is left to win', () => {
    const draft = started();
    disconnect(draft, 1, T0 + 100, 10_000);
    disconnect(draft, 2, T0 + 100, 10_000);
    advance(draft, T0 + 10_100, env(), rules);
    expect(draft.doc.status).toBe('finished');
    expect(draft.doc.result).toMatchObject({ winners: [], reason: 'aborted' });
  });

  test('the one who dropped first loses; the other, still within their grace, wins', () => {
    const draft = started();
    disconnect(draft, 1, T0 + 100, 10_000);
    disconnect(draft, 2, T0 + 200, 10_000);
    advance(draft, T0 + 20_000, env(), rules);
    expect(draft.doc.result).toMatchObject({ winners: [2], reason: 'opponents_left' });
  });

  test('a waiting search is due at its deadline, then 10 minutes after it was last touched, then deleted', () => {
    const draft = waitingRoom('random');
    addPlayer(draft.doc, { user_id: 1, name: 'A', image: null, is_bot: false, ready: true });
    expect(nextDueAt(draft, T0)).toBe(T0 + 30_000);
    expect(advance(draft, T0 + 30_000, env(), rules)).toBe(false);
    expect(nextDueAt(draft, T0 + 30_000)).toBe(T0 + ABANDONED_SEARCH_MS);
    expect(advance(draft, T0 + ABANDONED_SEARCH_MS, env(), rules)).toBe(true);
    expect(draft.doc.status).toBe('deleted');
    expect(nextDueAt(draft, T0 + ABANDONED_SEARCH_MS)).toBeNull();
  });

  test('a restart long after a deadline closes the question and leaves the next its full time', () => {
    const draft = started();
    const late = T0 + 3_600_000;
    advance(draft, late, env(), rules);
    expect(draft.doc.questions).toHaveLength(1);
    expect(draft.doc.questions[0]!.closed).toBe(true);
    expect(nextDueAt(draft, late)).toBe(late + REVEAL_PAUSE_MS);
    advance(draft, late + REVEAL_PAUSE_MS, env(), rules);
    expect(draft.doc.questions[1]!.deadline_at).toBe(iso(late + REVEAL_PAUSE_MS + 30_000));
  });

  test('the scoring settings are kept from the start; points follow the settings given', () => {
    expect(defaultSettings().battle_correct_answer_points).toBe('4');
    const draft = started();
    expect(draft.secret!.rules).toEqual(rules);
    const generous = { ...rules, battle_correct_answer_points: '10' };
    recordAnswer(draft, 1, 0, 'c', T0 + 500, generous);
    recordAnswer(draft, 2, 0, 'a', T0 + 500, generous);
    expect(draft.doc.players.map((p) => p.points)).toEqual([12, 0]);
  });

  test("a command's copy shares the closed questions, frozen, and copies the rest; it serialises as the published document", () => {
    const draft = started();
    recordAnswer(draft, 1, 0, 'c', T0 + 500, rules);
    recordAnswer(draft, 2, 0, 'a', T0 + 600, rules);
    advance(draft, T0 + 600 + REVEAL_PAUSE_MS, env(), rules);
    const published = cloneDraft(draft.doc as RoomDocument, null).doc as RoomDocument;
    expect(published.questions.map((q) => q.closed)).toEqual([true, false]);

    const copy = draftDoc(published);
    expect(JSON.stringify(copy)).toBe(JSON.stringify(published));
    expect(copy.questions[0]).toBe(published.questions[0]);
    expect(Object.isFrozen(published.questions[0]!.answers[0])).toBe(true);
    expect(copy.questions[1]).not.toBe(published.questions[1]);
    expect(copy.players[0]).not.toBe(published.players[0]);
    // Changing a shared question throws (modules are strict) instead of changing what was published.
    expect(() => {
      (copy.questions[0] as { closed: boolean }).closed = false;
    }).toThrow(TypeError);
    expect(() => {
      copy.questions[0]!.answers[0]!.points = 99;
    }).toThrow(TypeError);
    // The open question and the members are the copy's own.
    recordAnswer({ doc: copy, secret: draft.secret, upcoming: [] }, 1, 1, 'c', T0 + 600 + REVEAL_PAUSE_MS + 100, rules);
    expect(published.questions[1]!.answers.find((a) => a.user_id === 1)?.answered).toBe(false);
    expect(published.players[0]!.answered).toBe(1);
    expect(copy.players[0]!.answered).toBe(2);
  });

  test('an open question anywhere but last is copied, not shared', () => {
    const draft = started();
    const doc = cloneDraft(draft.doc as RoomDocument, null).doc as RoomDocument;
    (doc.questions as RoomDocument['questions'][number][]).push({ ...doc.questions[0]!, index: 1 });
    const copy = draftDoc(doc);
    expect(copy.questions[0]).not.toBe(doc.questions[0]);
    expect(Object.isFrozen(doc.questions[0])).toBe(false);
    expect(JSON.stringify(copy)).toBe(JSON.stringify(doc));
  });
});

describe('an answer to a room question, refused or taken', () => {
  const refusal = (run: () => void) => {
    try {
      run();
    } catch (error) {
      return isApiError(error) ? [error.code, error.field] : ['thrown', String(error)];
    }
    return null;
  };

  test('refused from a stranger (102), in a room not playing, from a member out of the game, for a question not opened (question_not_open)', () => {
    const draft = started();
    expect(refusal(() => recordAnswer(draft, 99, 0, 'c', T0 + 100, rules))).toEqual(['102', 'room_id']);
    expect(refusal(() => recordAnswer(draft, 1, 1, 'c', T0 + 100, rules))).toEqual(['question_not_open', 'question_index']);
    draft.doc.players[0]!.left = true;
    expect(refusal(() => recordAnswer(draft, 1, 0, 'c', T0 + 100, rules))).toEqual(['question_not_open', 'question_index']);
    const waiting = waitingRoom();
    addPlayer(waiting.doc, { user_id: 1, name: 'A', image: null, is_bot: false, ready: true });
    expect(refusal(() => recordAnswer(waiting, 1, 0, 'c', T0, rules))).toEqual(['question_not_open', 'question_index']);
  });

  test('refused before its opening, at or after its deadline (answer_too_late), twice (already_answered), and a letter not among its options (103)', () => {
    const draft = started();
    const q = draft.doc.questions[0]!;
    const opens = Date.parse(q.opens_at);
    const deadline = Date.parse(q.deadline_at);
    expect(refusal(() => recordAnswer(draft, 1, 0, 'c', opens - 1, rules))).toEqual(['question_not_open', 'question_index']);
    expect(refusal(() => recordAnswer(draft, 1, 0, 'c', deadline, rules))).toEqual(['answer_too_late', 'question_index']);
    expect(refusal(() => recordAnswer(draft, 1, 0, 'e', opens + 10, rules))).toEqual(['103', 'answer']);
    expect(refusal(() => recordAnswer(draft, 1, 0, 'c', deadline - 1, rules))).toBeNull();
    expect(draft.doc.questions[0]!.answers.find((a) => a.user_id === 1)).toMatchObject({ answered: true, answer: null, points: null });
    expect(draft.doc.players.find((p) => p.user_id === 1)!.answered).toBe(1);
    expect(refusal(() => recordAnswer(draft, 1, 0, 'b', deadline - 1, rules))).toEqual(['already_answered', 'question_index']);
    // The other answers: the question closes; a late one is too late, a second one already answered.
    expect(refusal(() => recordAnswer(draft, 2, 0, 'a', opens + 500, rules))).toBeNull();
    expect(draft.doc.questions[0]!.closed).toBe(true);
    expect(refusal(() => recordAnswer(draft, 2, 0, 'c', opens + 600, rules))).toEqual(['already_answered', 'question_index']);
  });

  test('each refusal says what was wrong', () => {
    const detail = (run: () => void) => {
      try {
        run();
      } catch (error) {
        return isApiError(error) ? `${error.code}: ${error.detail ?? ''}` : String(error);
      }
      return 'taken';
    };
    const draft = started();
    const q = draft.doc.questions[0]!;
    const opens = Date.parse(q.opens_at);
    expect(detail(() => recordAnswer(draft, 99, 0, 'c', opens + 1, rules))).toBe('102: not a member of this room');
    expect(detail(() => recordAnswer(draft, 1, 1, 'c', opens + 1, rules))).toBe('question_not_open: question 1 is not open');
    expect(detail(() => recordAnswer(draft, 1, 0, 'c', opens - 1, rules))).toBe(`question_not_open: question 0 opens at ${q.opens_at}`);
    expect(detail(() => recordAnswer(draft, 1, 0, 'c', Date.parse(q.deadline_at), rules))).toBe(`answer_too_late: the deadline was ${q.deadline_at}`);
    expect(detail(() => recordAnswer(draft, 1, 0, 'e', opens + 1, rules))).toBe('103: answer: must be one of a, b, c, d');
    draft.doc.players[0]!.left = true;
    expect(detail(() => recordAnswer(draft, 1, 0, 'c', opens + 1, rules))).toBe('question_not_open: you are out of this game');
    draft.doc.players[0]!.left = false;
    // Closed by the deadline before member 1 answered: too late, and the question says so.
    advance(draft, Date.parse(q.deadline_at), env(), rules);
    expect(draft.doc.questions[0]!.closed).toBe(true);
    expect(detail(() => recordAnswer(draft, 1, 0, 'c', Date.parse(q.deadline_at) + 1, rules))).toBe('answer_too_late: question 0 is closed');
    const waiting = waitingRoom();
    addPlayer(waiting.doc, { user_id: 1, name: 'A', image: null, is_bot: false, ready: true });
    expect(detail(() => recordAnswer(waiting, 1, 0, 'c', T0, rules))).toBe('question_not_open: the room is waiting');
  });

  test('an answer to a question the deadline closed names the question index as what was wrong', () => {
    const draft = started();
    const deadline = Date.parse(draft.doc.questions[0]!.deadline_at);
    advance(draft, deadline, env(), rules);
    expect(draft.doc.questions[0]!.closed).toBe(true);
    expect(refusal(() => recordAnswer(draft, 1, 0, 'c', deadline + 1, rules))).toEqual(['answer_too_late', 'question_index']);
  });

  test('a call that arrived just before the opening and was handled after it counts from the opening; its points by the time it arrived', () => {
    const draft = started();
    const q = draft.doc.questions[0]!;
    const opens = Date.parse(q.opens_at);
    recordAnswer(draft, 1, 0, 'c', opens - 5, rules, opens);
    recordAnswer(draft, 2, 0, 'c', opens + 2001, rules, opens + 2500);
    const closed = draft.doc.questions[0]!;
    expect(closed.answers.map((a) => [a.user_id, a.correct, a.elapsed_ms, a.points])).toEqual([
      [1, true, 0, 6],
      [2, true, 2001, 5],
    ]);
    expect(draft.doc.players.map((p) => [p.user_id, p.points, p.correct])).toEqual([
      [1, 6, 1],
      [2, 5, 1],
    ]);
  });
});

describe("a member's connection during a game", () => {
  test('a drop starts the grace period once; coming back in time ends it; the bot, a member out, or a room not playing has none', () => {
    const draft = started();
    expect(disconnect(draft, 1, T0 + 1000, 10_000)).toBe(true);
    const p1 = draft.doc.players.find((p) => p.user_id === 1)!;
    expect([p1.connected, p1.grace_until]).toEqual([false, iso(T0 + 11_000)]);
    // A second drop while in grace changes nothing.
    expect(disconnect(draft, 1, T0 + 5000, 10_000)).toBe(false);
    expect(p1.grace_until).toBe(iso(T0 + 11_000));
    expect(reconnect(draft, 1)).toBe(true);
    expect([p1.connected, p1.grace_until]).toEqual([true, null]);
    // Already connected: nothing to do.
    expect(reconnect(draft, 1)).toBe(false);
    expect(disconnect(draft, 99, T0, 10_000)).toBe(false);
    expect(reconnect(draft, 99)).toBe(false);
    const bot = started({ bot: true });
    expect(disconnect(bot, 2, T0, 10_000)).toBe(false);
    const out = started();
    out.doc.players[1]!.left = true;
    expect(disconnect(out, 2, T0, 10_000)).toBe(false);
    expect(reconnect(out, 2)).toBe(false);
    const waiting = waitingRoom();
    addPlayer(waiting.doc, { user_id: 1, name: 'A', image: null, is_bot: false, ready: true });
    expect(disconnect(waiting, 1, T0, 10_000)).toBe(false);
  });

  test('a restart starts the grace period again from its instant, also one already running; not for the bot, a member out, or a room not playing', () => {
    const draft = started();
    // Member 1 was closed as the server stopped (grace running); member 2 was still counted (the server was killed).
    disconnect(draft, 1, T0 + 1000, 10_000);
    restartGrace(draft, 1, T0 + 30_000, 10_000);
    restartGrace(draft, 2, T0 + 30_000, 10_000);
    expect(draft.doc.players.map((p) => [p.connected, p.grace_until])).toEqual([
      [false, iso(T0 + 40_000)],
      [false, iso(T0 + 40_000)],
    ]);
    // Nobody is out before the new end; both go out together at it.
    advance(draft, T0 + 39_999, env(), rules);
    expect(draft.doc.players.map((p) => p.left)).toEqual([false, false]);
    advance(draft, T0 + 40_000, env(), rules);
    expect(draft.doc.players.map((p) => p.left)).toEqual([true, true]);
    expect(draft.doc.result!.reason).toBe('aborted');

    const bot = started({ bot: true });
    restartGrace(bot, 2, T0, 10_000);
    expect(bot.doc.players[1]!.grace_until).toBeNull();
    const out = started();
    out.doc.players[1]!.left = true;
    restartGrace(out, 2, T0, 10_000);
    expect(out.doc.players[1]!.grace_until).toBeNull();
    restartGrace(out, 99, T0, 10_000);
    expect(out.doc.players.map((p) => p.grace_until)).toEqual([null, null]);
    const waiting = waitingRoom();
    addPlayer(waiting.doc, { user_id: 1, name: 'A', image: null, is_bot: false, ready: true });
    restartGrace(waiting, 1, T0, 10_000);
    expect(waiting.doc.players[0]!.grace_until).toBeNull();
    const finished = started();
    finish(finished, rules);
    restartGrace(finished, 1, T0, 10_000);
    expect(finished.doc.players[0]!.grace_until).toBeNull();
  });

  test('a member who was away when the game ended shows as connected again when they come back to its result', () => {
    const draft = started();
    disconnect(draft, 1, T0 + 1000, 10_000);
    // The game ends within the grace period: the grace ends with it, the member is still away.
    finish(draft, rules);
    const p1 = draft.doc.players.find((p) => p.user_id === 1)!;
    expect([p1.connected, p1.grace_until]).toEqual([false, null]);
    expect(reconnect(draft, 1)).toBe(true);
    expect([p1.connected, p1.grace_until]).toEqual([true, null]);
  });

  test('a member still away at the end of the grace period is out; the other wins, the game ended because the opponent left', () => {
    const draft = started();
    disconnect(draft, 2, T0 + 1000, 10_000);
    expect(nextDueAt(draft, T0 + 1000)).toBe(T0 + 11_000);
    expect(advance(draft, T0 + 10_999, env(), rules)).toBe(false);
    expect(advance(draft, T0 + 11_000, env(), rules)).toBe(true);
    expect(draft.doc.players.find((p) => p.user_id === 2)!.left).toBe(true);
    expect([draft.doc.status, draft.doc.result!.winners, draft.doc.result!.reason]).toEqual(['finished', [1], 'opponents_left']);
  });
});

describe('the room engine: the lobby and the messages', () => {
  test('a member takes the lowest free seat, connected, with nothing scored; the members stay in seat order', () => {
    const draft = waitingRoom();
    addPlayer(draft.doc, { user_id: 1, name: 'A', image: null, is_bot: false, ready: true });
    addPlayer(draft.doc, { user_id: 2, name: 'B', image: null, is_bot: false, ready: false });
    addPlayer(draft.doc, { user_id: 3, name: 'C', image: null, is_bot: false, ready: false });
    removePlayer(draft.doc, 2);
    expect(draft.doc.players.map((p) => p.user_id)).toEqual([1, 3]);
    const again = addPlayer(draft.doc, { user_id: 4, name: 'D', image: null, is_bot: false, ready: false });
    expect(again).toMatchObject({ seat: 1, connected: true, grace_until: null, left: false, points: 0, correct: 0, answered: 0, ready: false });
    expect(draft.doc.players.map((p) => [p.user_id, p.seat])).toEqual([
      [1, 0],
      [4, 1],
      [3, 2],
    ]);
  });

  test('a quick message is kept with its sender and time; past the kept number the oldest go', () => {
    const draft = waitingRoom();
    appendMessage(draft.doc, 1, 'hello', T0);
    expect(draft.doc.messages).toEqual([{ user_id: 1, key: 'hello', at: iso(T0) }]);
    for (let i = 1; i <= ROOM_MESSAGES_KEPT; i += 1) appendMessage(draft.doc, 2, 'gg', T0 + i);
    expect(draft.doc.messages).toHaveLength(ROOM_MESSAGES_KEPT);
    expect(draft.doc.messages[0]).toEqual({ user_id: 2, key: 'gg', at: iso(T0 + 1) });
    expect(draft.doc.messages.at(-1)).toEqual({ user_id: 2, key: 'gg', at: iso(T0 + ROOM_MESSAGES_KEPT) });
  });

  test('two documents are the same when their JSON is', () => {
    const a = waitingRoom().doc;
    const b = waitingRoom().doc;
    expect(sameDoc(a, b)).toBe(true);
    b.entry_fee = 6;
    expect(sameDoc(a, b)).toBe(false);
  });

  test('starting makes every member ready', () => {
    const draft = waitingRoom();
    addPlayer(draft.doc, { user_id: 1, name: 'A', image: null, is_bot: false, ready: true });
    addPlayer(draft.doc, { user_id: 2, name: 'B', image: null, is_bot: false, ready: false });
    startGame(draft, [question(11), question(12)], rules, T0, env());
    expect(draft.doc.players.map((p) => p.ready)).toEqual([true, true]);
  });
});

describe('the room engine: drafts, the next question and the bot', () => {
  test('a draft of a room: no question, one, or several (the closed ones shared and frozen, the last one copied)', () => {
    const lobby = waitingRoom().doc as unknown as RoomDocument;
    expect(draftDoc(lobby).questions).toHaveLength(0);
    const one = started();
    const published = JSON.parse(JSON.stringify(one.doc)) as RoomDocument;
    const draftOfOne = draftDoc(published);
    expect(draftOfOne.questions).toHaveLength(1);
    expect(draftOfOne.questions[0]).not.toBe(published.questions[0]);
    expect(JSON.stringify(draftOfOne)).toBe(JSON.stringify(published));
    // Question 0 closed at its deadline, question 1 open after the reveal pause.
    advance(one, T0 + 30_000, env(), rules);
    advance(one, T0 + 30_000 + REVEAL_PAUSE_MS, env(), rules);
    const two = JSON.parse(JSON.stringify(one.doc)) as RoomDocument;
    expect(two.questions.map((q) => q.closed)).toEqual([true, false]);
    const draftOfTwo = draftDoc(two);
    expect(draftOfTwo.questions[0]).toBe(two.questions[0]);
    expect(Object.isFrozen(two.questions[0])).toBe(true);
    expect(draftOfTwo.questions[1]).not.toBe(two.questions[1]);
    expect(JSON.stringify(draftOfTwo)).toBe(JSON.stringify(two));
  });

  test('a draft keeps the questions still to open, as a copy; none by default', () => {
    const doc = waitingRoom().doc as unknown as RoomDocument;
    expect(cloneDraft(doc, null).upcoming).toEqual([]);
    const upcoming = [{ index: 0, question: question(11) }];
    const draft = cloneDraft(doc, null, upcoming);
    expect(draft.upcoming).toEqual(upcoming);
    expect(draft.upcoming).not.toBe(upcoming);
  });

  test('each question opens with its own loaded question; one not loaded is an error', () => {
    const draft = started();
    advance(draft, T0 + 30_000, env(), rules);
    advance(draft, T0 + 30_000 + REVEAL_PAUSE_MS, env(), rules);
    expect(draft.doc.questions.map((q) => q.id)).toEqual([11, 12]);
    draft.upcoming = [];
    draft.doc.questions[1]!.closed = true;
    expect(() => openNext(draft, T0 + 60_000, env())).toThrow('room r_test: question 2 was not loaded to open');
    // A room that has not started has nothing to open.
    expect(() => openNext(waitingRoom(), T0, env())).toThrow('room r_test has not started');
  });

  test('a bot that misses picks one of the wrong options; one slower than the question answers at its last millisecond', () => {
    const missing = waitingRoom();
    addPlayer(missing.doc, { user_id: 1, name: 'A', image: null, is_bot: false, ready: true });
    addPlayer(missing.doc, { user_id: 2, name: 'Bot', image: null, is_bot: true, ready: true });
    missing.doc.vs_bot = true;
    startGame(missing, [question(11), question(12)], rules, T0, env({ accuracy: 0 }));
    expect(missing.secret!.botPlan).toMatchObject({ index: 0, at: T0 + 3000 });
    expect(['a', 'b', 'd']).toContain(missing.secret!.botPlan!.answer);

    const slow = waitingRoom();
    addPlayer(slow.doc, { user_id: 1, name: 'A', image: null, is_bot: false, ready: true });
    addPlayer(slow.doc, { user_id: 2, name: 'Bot', image: null, is_bot: true, ready: true });
    slow.doc.vs_bot = true;
    startGame(slow, [question(11), question(12)], rules, T0, env({ minDelayMs: 60_000, maxDelayMs: 60_000 }));
    expect(slow.secret!.botPlan).toEqual({ index: 0, answer: 'c', at: T0 + 30_000 - 1 });
  });
});

describe('the room engine: closes, the end, members going out', () => {
  const group = () => {
    const draft = waitingRoom();
    draft.doc.type = 'group';
    draft.doc.max_players = 4;
    for (const id of [1, 2, 3]) addPlayer(draft.doc, { user_id: id, name: `P${id}`, image: null, is_bot: false, ready: true });
    startGame(draft, [question(11), question(12)], rules, T0, env());
    return draft;
  };

  test('a close reveals each pick: a wrong one scores nothing and counts no right answer; a member who did not answer shows nothing', () => {
    const draft = started();
    recordAnswer(draft, 1, 0, 'a', T0 + 1000, rules);
    advance(draft, T0 + 30_000, env(), rules);
    expect(draft.doc.questions[0]!.answers).toEqual([
      { user_id: 1, answered: true, answer: 'a', correct: false, points: 0, elapsed_ms: 1000 },
      { user_id: 2, answered: false, answer: null, correct: null, points: null, elapsed_ms: null },
    ]);
    expect(draft.doc.players.map((p) => [p.points, p.correct])).toEqual([
      [0, 0],
      [0, 0],
    ]);
  });

  test('the last question closing ends the game at once, with no next question scheduled', () => {
    const draft = started();
    advance(draft, T0 + 30_000, env(), rules);
    advance(draft, T0 + 30_000 + REVEAL_PAUSE_MS, env(), rules);
    recordAnswer(draft, 1, 1, 'c', T0 + 30_000 + REVEAL_PAUSE_MS + 10, rules);
    recordAnswer(draft, 2, 1, 'c', T0 + 30_000 + REVEAL_PAUSE_MS + 20, rules);
    expect(draft.doc.status).toBe('finished');
    expect(draft.secret!.nextOpenAt).toBeNull();
    expect(nextDueAt(draft, T0 + 40_000)).toBeNull();
  });

  test('finishing mid-question reveals the open question; a room that never started finishes without one', () => {
    const draft = started();
    recordAnswer(draft, 1, 0, 'c', T0 + 1000, rules);
    finish(draft, rules);
    expect(draft.doc.questions[0]).toMatchObject({ closed: true, correct_answer: 'c' });
    expect(draft.doc.players.map((p) => p.points)).toEqual([6, 0]);
    const waiting = waitingRoom();
    addPlayer(waiting.doc, { user_id: 1, name: 'A', image: null, is_bot: false, ready: true });
    addPlayer(waiting.doc, { user_id: 2, name: 'B', image: null, is_bot: false, ready: true });
    expect(finish(waiting, rules).reason).toBe('completed');
    expect(waiting.doc.status).toBe('finished');
  });

  test('one of three going out: the game goes on; an unknown member or one already out changes nothing; after the end nothing is decided again', () => {
    const draft = group();
    leaveStarted(draft, [3], T0 + 1000, rules);
    expect(draft.doc.status).toBe('started');
    expect(draft.doc.players.map((p) => p.left)).toEqual([false, false, true]);
    const before = JSON.stringify(draft.doc);
    leaveStarted(draft, [99, 3], T0 + 2000, rules);
    expect(JSON.stringify(draft.doc)).toBe(before);
    // Play it out: both others answer each question right.
    for (const index of [0, 1]) {
      const opens = Date.parse(draft.doc.questions[index]!.opens_at);
      recordAnswer(draft, 1, index, 'c', opens + 100, rules);
      recordAnswer(draft, 2, index, 'c', opens + 5000, rules);
      if (index === 0) advance(draft, opens + 5000 + REVEAL_PAUSE_MS, env(), rules);
    }
    expect(draft.doc.status).toBe('finished');
    const result = JSON.stringify(draft.doc.result);
    leaveStarted(draft, [2], T0 + 90_000, rules);
    expect(JSON.stringify(draft.doc.result)).toBe(result);
  });
});

describe('the room engine: what is due next', () => {
  test('a friend room waiting for its members is never due; a random one is due at its search deadline, then at its abandon time', () => {
    const friend = waitingRoom('friend');
    addPlayer(friend.doc, { user_id: 1, name: 'A', image: null, is_bot: false, ready: true });
    expect(nextDueAt(friend, T0)).toBeNull();
    expect(advance(friend, T0 + ABANDONED_SEARCH_MS + 1, env(), rules)).toBe(false);
    expect(friend.doc.status).toBe('waiting');

    const random = waitingRoom('random');
    addPlayer(random.doc, { user_id: 1, name: 'A', image: null, is_bot: false, ready: true });
    expect(nextDueAt(random, T0)).toBe(T0 + 30_000);
    expect(nextDueAt(random, T0 + 30_000)).toBe(T0 + ABANDONED_SEARCH_MS);
    random.doc.search_deadline_at = null;
    expect(nextDueAt(random, T0)).toBe(T0 + ABANDONED_SEARCH_MS);
    expect(advance(random, T0 + ABANDONED_SEARCH_MS, env(), rules)).toBe(true);
    expect(random.doc.status).toBe('deleted');
  });

  test("the earliest event comes first: the bot's answer before a member's grace period ends", () => {
    const draft = started({ bot: true });
    expect(disconnect(draft, 1, T0 + 1000, 10_000)).toBe(true);
    expect(nextDueAt(draft, T0 + 1000)).toBe(T0 + 3000);
    advance(draft, T0 + 3000, env(), rules);
    expect(draft.doc.questions[0]!.answers[1]!.answered).toBe(true);
    expect(nextDueAt(draft, T0 + 3000)).toBe(T0 + 11_000);
  });
});
