import fc from 'fast-check';
import { REVEAL_PAUSE_MS, type RoomDocument } from '@/services/domain/rooms';
import { battleAnswerPoints, expectedBattleResult } from '@/tests/paths/rules/battle';
import { assertWalks, expectWalksReached } from '@/tests/paths/support/walks';
import { coins, expectNothingSecret, newPlayer, roomCall, roomDoc, secretAnswers, seededRandom, startFriendRoom, startGroupRoom, startRoomsApi, sweep, wrongLetter, type Player, type RoomsHarness } from '@/tests/api/rooms.support';
import { startTestApi } from '@/tests/setup/api';
import { closeTestDatabase, testDbKind } from '@/tests/setup/db';

/**
 * Random walks through battles against the real server (fast-check's model-based testing): a
 * friend 1v1 or a group room of three or four, with long random sequences of answers (right or
 * wrong, at the millisecond edges of the quick bonus and the deadline, twice, after the close),
 * the rooms' clock running past deadlines and reveal pauses, members leaving, pages reloading the
 * room and the server restarting. After every command the room as stored, and as each member's
 * page reads it, is checked against a model that keeps the battle's state and scores it by the
 * rules as tests/paths/rules/battle.ts states them apart from the server's code; every walk ends
 * with the battle played out, its result and the coins the ledger moved checked too. A failure is
 * shrunk to the shortest sequence that still fails and printed with the walk id that replays it.
 */

let h: RoomsHarness;

beforeAll(async () => {
  h = await startRoomsApi();
});

afterAll(async () => {
  await h.api.close();
  await closeTestDatabase();
});

const FEE = 5;

// ---- the model ----

interface ModelQuestion {
  index: number;
  opensAt: number;
  deadlineAt: number;
  closed: boolean;
  /** Each member's answer, by their place in the room: right or wrong, and when after the opening. */
  picks: Map<number, { correct: boolean; elapsedMs: number }>;
}

interface Model {
  status: 'started' | 'finished';
  type: 'friend' | 'group';
  noOfQue: number;
  limitMs: number;
  questions: ModelQuestion[];
  /** When the next question opens (after a close's reveal pause), or null. */
  nextOpenAt: number | null;
  left: boolean[];
}

interface Real {
  roomId: string;
  players: Player[];
  /** Each member's coins before the room started (before the fee). */
  before: number[];
  right: string[];
}

const now = () => h.clock.ms();
const openQuestion = (m: Model) => {
  const last = m.questions.at(-1);
  return last && !last.closed ? last : null;
};
const inGame = (m: Model) => m.left.map((l, i) => (l ? -1 : i)).filter((i) => i >= 0);

/** Closes the open question at `at`: the next opens after the reveal pause, or the battle ends after the last. */
function close(m: Model, q: ModelQuestion, at: number) {
  q.closed = true;
  if (m.questions.length < m.noOfQue) m.nextOpenAt = at + REVEAL_PAUSE_MS;
  else finish(m);
}

function finish(m: Model) {
  const open = openQuestion(m);
  if (open) open.closed = true;
  m.nextOpenAt = null;
  m.status = 'finished';
}

/** What the sweep at `at` applies: a question whose time ran out closes, then (at a later sweep) the next opens. */
function applyDue(m: Model, at: number) {
  for (;;) {
    if (m.status !== 'started') return;
    const open = openQuestion(m);
    if (open && open.deadlineAt <= at) {
      count('close by the deadline');
      close(m, open, at);
    } else if (!open && m.nextOpenAt !== null && m.nextOpenAt <= at) {
      m.questions.push({ index: m.questions.length, opensAt: at, deadlineAt: at + m.limitMs, closed: false, picks: new Map() });
      m.nextOpenAt = null;
    } else return;
  }
}

/** Each member's points and right answers, from the closed questions by the rules. */
function totals(m: Model, r: Real): Map<number, { points: number; correct: number }> {
  const out = new Map(r.players.map((p) => [p.userId, { points: 0, correct: 0 }]));
  for (const q of m.questions.filter((x) => x.closed)) {
    for (const [i, pick] of q.picks) {
      const t = out.get(r.players[i]!.userId)!;
      t.points += battleAnswerPoints(pick.correct, pick.elapsedMs);
      t.correct += pick.correct ? 1 : 0;
    }
  }
  return out;
}

// ---- checking the server against the model ----

function expectDoc(m: Model, r: Real, doc: RoomDocument, step: string) {
  const iso = (ms: number) => new Date(ms).toISOString();
  expect({ step, status: doc.status, questions: doc.questions.length }).toEqual({ step, status: m.status, questions: m.questions.length });
  for (const [qi, q] of m.questions.entries()) {
    const got = doc.questions[qi]!;
    expect({ step, question: qi, opens_at: got.opens_at, deadline_at: got.deadline_at, closed: got.closed }).toEqual({ step, question: qi, opens_at: iso(q.opensAt), deadline_at: iso(q.deadlineAt), closed: q.closed });
    for (const [i, p] of r.players.entries()) {
      const a = got.answers.find((x) => x.user_id === p.userId)!;
      const pick = q.picks.get(i);
      const shown = q.closed ? { answered: a.answered, correct: a.correct, elapsed_ms: a.elapsed_ms, points: a.points } : { answered: a.answered };
      const expected = q.closed
        ? pick
          ? { answered: true, correct: pick.correct, elapsed_ms: pick.elapsedMs, points: battleAnswerPoints(pick.correct, pick.elapsedMs) }
          : { answered: false, correct: null, elapsed_ms: null, points: null }
        : { answered: !!pick };
      expect({ step, question: qi, player: i + 1, ...shown }).toEqual({ step, question: qi, player: i + 1, ...expected });
    }
  }
  // No right answer or pick of an open question leaves the server.
  expectNothingSecret(doc);
  const sums = totals(m, r);
  for (const [i, p] of r.players.entries()) {
    const got = doc.players.find((x) => x.user_id === p.userId)!;
    expect({ step, player: i + 1, left: got.left, points: got.points, correct: got.correct }).toEqual({ step, player: i + 1, left: m.left[i], ...sums.get(p.userId)! });
  }
  if (m.status === 'finished') {
    const expected = expectedBattleResult(doc, sums);
    expect({ step, winners: [...doc.result!.winners].sort() }).toEqual({ step, winners: [...expected.winners].sort() });
    for (const e of expected.entries) {
      const got = doc.result!.entries.find((x) => x.user_id === e.user_id);
      expect({ step, entry: got && { user_id: got.user_id, outcome: got.outcome, points: got.points, correct: got.correct, coins_won: got.coins_won } }).toEqual({ step, entry: e });
    }
  }
}

async function expectModel(m: Model, r: Real, step: string) {
  const doc = await roomDoc(h, r.roomId);
  expectDoc(m, r, doc, step);
  if (m.status === 'finished') {
    const expected = expectedBattleResult(doc, totals(m, r));
    for (const [i, p] of r.players.entries()) {
      const won = expected.entries.find((e) => e.user_id === p.userId)!.coins_won;
      expect({ step, player: i + 1, coins: await coins(h, p.userId) }).toEqual({ step, player: i + 1, coins: r.before[i]! - FEE + won });
    }
  }
}

/** The clock moves to `at`; the sweep applies what fell due, on the server and in the model. */
async function moveTo(m: Model, at: number) {
  if (at > now()) h.clock.set(at);
  await sweep(h);
  applyDue(m, now());
}

// ---- the commands ----

const tally: Record<string, number> = {};
const count = (what: string) => (tally[what] = (tally[what] ?? 0) + 1);

/**
 * A member answers the latest question: now, or (with `atMs`) at that millisecond after it opened,
 * the clock moved on to it first when it is still ahead (the quick bonus's and the deadline's edges).
 */
class Answer implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly player: number,
    readonly correct: boolean,
    readonly atMs: number | null,
  ) {}
  // While the member is in the game; answers marked -1 also come from a member out of it, or after the end.
  check = (m: Readonly<Model>) => this.player < m.left.length && m.questions.length > 0 && ((m.status === 'started' && !m.left[this.player]) || this.atMs === -1);
  async run(m: Model, r: Real) {
    const latest = m.questions.at(-1)!;
    if (this.atMs !== null && this.atMs >= 0 && !latest.closed) await moveTo(m, latest.opensAt + this.atMs);
    const q = m.questions.at(-1)!;
    const right = r.right[q.index]!;
    const doc = await roomDoc(h, r.roomId);
    const letter = this.correct ? right : wrongLetter(doc.questions[q.index]!, right);
    const res = await h.api.call('submit_room_answer', { room_id: r.roomId, question_index: q.index, answer: letter }, { token: r.players[this.player]!.token });
    let expected: string;
    if (m.status !== 'started' || m.left[this.player]) expected = 'question_not_open';
    else if (q.picks.has(this.player)) expected = 'already_answered';
    else if (q.closed || now() >= q.deadlineAt) expected = 'answer_too_late';
    else expected = 'ok';
    expect({ step: this.toString(), at: now() - q.opensAt, outcome: res.status === 200 ? 'ok' : res.body.message }).toEqual({ step: this.toString(), at: now() - q.opensAt, outcome: expected });
    count(`answer ${expected}`);
    if (expected === 'ok') {
      q.picks.set(this.player, { correct: this.correct, elapsedMs: now() - q.opensAt });
      if (inGame(m).every((i) => q.picks.has(i))) {
        count('close: everyone answered');
        close(m, q, now());
      }
    }
    await expectModel(m, r, this.toString());
  }
  toString = () => `answer(player ${this.player + 1}, ${this.correct ? 'right' : 'wrong'}${this.atMs === null || this.atMs < 0 ? '' : `, at ${this.atMs} ms`})`;
}

class Wait implements fc.AsyncCommand<Model, Real> {
  constructor(readonly ms: number) {}
  check = () => true;
  async run(m: Model, r: Real) {
    await moveTo(m, now() + this.ms);
    await expectModel(m, r, this.toString());
  }
  toString = () => `wait(${this.ms})`;
}

/**
 * A member leaves the started game: out, cannot win; the game ends when one member is left in it,
 * and an open question everyone still in has answered closes. `player` null: the first member
 * still in who has not answered the open question (the one the others are waiting for).
 */
class Leave implements fc.AsyncCommand<Model, Real> {
  constructor(readonly player: number | null) {}
  private who(m: Readonly<Model>): number {
    if (this.player !== null) return this.player;
    const open = openQuestion(m as Model);
    return inGame(m as Model).find((i) => open && !open.picks.has(i)) ?? -1;
  }
  // Not before the second question: a walk first plays some of the battle with everyone in it.
  check = (m: Readonly<Model>) => {
    const p = this.who(m);
    return m.status === 'started' && m.questions.length >= 2 && p >= 0 && p < m.left.length && !m.left[p];
  };
  async run(m: Model, r: Real) {
    const player = this.who(m);
    await roomCall(h, r.players[player]!, 'leave_room', { room_id: r.roomId });
    m.left[player] = true;
    const open = openQuestion(m);
    count(`leave${open ? ' mid-question' : ''}${open && inGame(m).length > 1 && inGame(m).every((i) => open.picks.has(i)) ? ', the last to answer' : ''}`);
    if (inGame(m).length <= 1) finish(m);
    else {
      const open = openQuestion(m);
      if (open && inGame(m).every((i) => open.picks.has(i))) close(m, open, now());
    }
    await expectModel(m, r, this.toString());
  }
  toString = () => (this.player === null ? 'leave(a member not yet answered)' : `leave(player ${this.player + 1})`);
}

/** A member's page reloads the room: it reads what is stored, and no more than a member may see. */
class Reload implements fc.AsyncCommand<Model, Real> {
  constructor(readonly player: number) {}
  check = (m: Readonly<Model>) => this.player < m.left.length;
  async run(m: Model, r: Real) {
    const seen = await roomCall(h, r.players[this.player]!, 'get_room', { room_id: r.roomId });
    count('reload');
    expectDoc(m, r, seen, this.toString());
  }
  toString = () => `reload(player ${this.player + 1})`;
}

class Restart implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(m: Model, r: Real) {
    await h.api.close();
    const api = await startTestApi(h.database, undefined, {}, { services: { rooms: { now: h.clock.now, random: seededRandom() } } });
    h = { ...h, api };
    count(`restart${openQuestion(m) ? ' mid-question' : ''}`);
    await moveTo(m, now());
    await expectModel(m, r, this.toString());
  }
  toString = () => 'restart';
}

// Answers come most often, three right in four, at the quick bonus's edges and the deadline's
// (the rooms here give 30 s a question: 29,999 and 30,000 ms), and between; now (null), or now
// whether in the game or not (-1).
const answer = fc
  .tuple(fc.integer({ min: 0, max: 3 }), fc.constantFrom(true, true, true, false), fc.constantFrom(null, null, -1, 0, 1999, 2000, 2001, 3999, 4000, 4001, 9000, 29_999, 30_000))
  .map(([p, c, at]) => new Answer(p, c, at));
const wait = fc.constantFrom(1, 999, 1999, 2000, 5000).map((ms) => new Wait(ms));
const member = fc.integer({ min: 0, max: 3 });
const commands = [answer, answer, answer, answer, answer, answer, answer, answer, answer, answer, wait, wait, wait, member.map((p) => new Leave(p)), fc.constant(new Leave(null)), member.map((p) => new Reload(p)), fc.constant(new Restart())];

/** Plays the rest out: the clock jumps to each next deadline or opening until the battle is over. */
async function playOut(m: Model, r: Real) {
  for (let guard = 0; m.status === 'started' && guard < 50; guard += 1) {
    const open = openQuestion(m);
    await moveTo(m, open ? open.deadlineAt : (m.nextOpenAt ?? now()));
  }
  count(m.status === 'finished' ? 'finished' : 'not finished');
  await expectModel(m, r, 'played out');
}

describe(`battles: random walks against the real server, checked by the rules (${testDbKind})`, () => {
  test('answers at the edges, deadlines, leaves, reloads and restarts in any order keep every point, close, result and coin as the rules say', async () => {
    await assertWalks('battle', 'tests/paths/battle-walks.test.ts', (replayPath) =>
      fc.asyncProperty(fc.integer({ min: 2, max: 4 }), fc.integer({ min: 3, max: 5 }), fc.commands(commands, { maxCommands: 60, size: 'max', replayPath }), async (size, questions, cmds) => {
        const players: Player[] = [];
        for (let i = 0; i < size; i += 1) players.push(await newPlayer(h));
        const before = await Promise.all(players.map((p) => coins(h, p.userId)));
        const started = size === 2 ? await startFriendRoom(h, players[0]!, players[1]!, FEE) : await startGroupRoom(h, players, questions, FEE);
        const real: Real = { roomId: started.id, players, before, right: await secretAnswers(h, started.id) };
        const first = started.questions[0]!;
        const model: Model = {
          status: 'started',
          type: size === 2 ? 'friend' : 'group',
          noOfQue: started.no_of_que,
          limitMs: started.seconds_per_question * 1000,
          questions: [{ index: 0, opensAt: Date.parse(first.opens_at), deadlineAt: Date.parse(first.deadline_at), closed: false, picks: new Map() }],
          nextOpenAt: null,
          left: players.map(() => false),
        };
        expect(model.questions[0]!.deadlineAt - model.questions[0]!.opensAt).toBe(model.limitMs);
        tally.generated = (tally.generated ?? 0) + [...cmds].length;
        await fc.asyncModelRun(() => ({ model, real }), cmds);
        await playOut(model, real);
      }),
    );
    // The seeded walks reach every kind of step they exist for.
    expectWalksReached('battle', tally, ['answer ok', 'answer answer_too_late', 'answer already_answered', 'answer question_not_open', 'close by the deadline', 'close: everyone answered', 'leave mid-question', 'leave mid-question, the last to answer', 'reload', 'restart mid-question', 'finished']);
    if (!process.env.QA_WALK) expect(tally['not finished'] ?? 0).toBe(0);
  }, 600_000);
});
