import { eq } from 'drizzle-orm';
import { REVEAL_PAUSE_MS, type RoomDocument } from '@/services/domain/rooms';
import { users } from '@/services/server/db/schema';
import { testDbKind } from '@/tests/setup/db';
import {
  answerOpen,
  coins,
  expectNothingSecret,
  newPlayer,
  ok,
  refusal,
  roomCall,
  roomDoc,
  roomsApiSuite,
  secretAnswers,
  setSetting,
  startFriendRoom,
  sweep,
  wrongLetter,
  type Player,
} from '@/tests/api/rooms.support';

/** A battle being played: answers kept secret while open, deadlines, points, closing, the reveal pause, versions. */

const h = roomsApiSuite();

const lastQuestion = (doc: RoomDocument) => doc.questions[doc.questions.length - 1]!;

describe(`playing a battle (${testDbKind})`, () => {
  test('while a question is open no document and no endpoint carries its answer or another member\'s pick', async () => {
    const a = await newPlayer(h);
    const b = await newPlayer(h);
    const started = await startFriendRoom(h, a, b);
    const published: RoomDocument[] = [];
    const stop = h.api.app.roomStore.subscribe(started.id, (doc) => published.push(doc));
    try {
      expectNothingSecret(started);
      const q = lastQuestion(started);
      expect(q).toMatchObject({ index: 0, closed: false, correct_answer: null });
      expect(q.options.length).toBeGreaterThanOrEqual(2);
      const right = (await secretAnswers(h, started.id))[0]!;

      h.clock.advance(1000);
      const afterA = await roomCall(h, a, 'submit_room_answer', { room_id: started.id, question_index: 0, answer: right });
      expectNothingSecret(afterA);
      const viewA = lastQuestion(afterA).answers;
      expect(viewA.find((x) => x.user_id === a.userId)).toEqual({ user_id: a.userId, answered: true, answer: null, correct: null, points: null, elapsed_ms: null });
      expect(viewA.find((x) => x.user_id === b.userId)!.answered).toBe(false);

      // B sees that A answered, and nothing more, through every way of reading the room.
      expectNothingSecret(await roomCall(h, b, 'get_room', { room_id: started.id }));
      for (const [endpoint, body] of [
        ['get_question_by_room_id', { room_id: started.id }],
        ['get_random_questions', { match_id: started.id }],
      ] as const) {
        const questions = ok(await h.api.call(endpoint, body, { token: b.token })) as RoomDocument['questions'];
        expect(questions).toHaveLength(1);
        expectNothingSecret({ ...afterA, questions });
      }
      expectNothingSecret((await h.api.app.rooms.currentForMember(started.id, b.userId))!);

      const closed = await roomCall(h, b, 'submit_room_answer', { room_id: started.id, question_index: 0, answer: wrongLetter(q, right) });
      // Closed: now everything shows.
      const revealed = closed.questions[0]!;
      expect(revealed.closed).toBe(true);
      expect(revealed.correct_answer).toBe(right);
      expect(revealed.answers.map((x) => [x.user_id, x.answer, x.correct])).toEqual([
        [a.userId, right, true],
        [b.userId, wrongLetter(q, right), false],
      ]);
      for (const doc of published) expectNothingSecret(doc);
    } finally {
      stop();
    }
  });

  test('points: 4 for a right answer, +2 within 2 s, +1 within 4 s, 0 for a wrong or missing one', async () => {
    const a = await newPlayer(h);
    const b = await newPlayer(h);
    let doc = await startFriendRoom(h, a, b);
    doc = await answerOpen(h, doc, [
      { player: a, right: true, afterMs: 1500 },
      { player: b, right: true, afterMs: 3500 },
    ]);
    expect(doc.questions[0]!.answers.map((x) => [x.points, x.elapsed_ms])).toEqual([
      [6, 1500],
      [5, 3500],
    ]);
    h.clock.advance(REVEAL_PAUSE_MS);
    await sweep(h);
    doc = await roomDoc(h, doc.id);
    doc = await answerOpen(h, doc, [
      { player: a, right: true, afterMs: 10_000 },
      { player: b, right: false, afterMs: 2000 },
    ]);
    expect(doc.questions[1]!.answers.map((x) => x.points)).toEqual([4, 0]);
    expect(doc.players.map((p) => [p.points, p.correct, p.answered])).toEqual([
      [10, 2, 2],
      [5, 1, 2],
    ]);
  });

  test('a question closes as soon as everyone answered; the next opens after the reveal pause, not before', async () => {
    const a = await newPlayer(h);
    const b = await newPlayer(h);
    const started = await startFriendRoom(h, a, b);
    const closed = await answerOpen(h, started, [
      { player: a, right: true, afterMs: 500 },
      { player: b, right: true, afterMs: 800 },
    ]);
    const closedAt = h.clock.ms();
    expect(closed.questions).toHaveLength(1);
    expect(closed.questions[0]!.closed).toBe(true);
    expect(closed.current_index).toBe(1);
    // During the pause the next question is not there to answer.
    expect(await refusal(h, a, 'submit_room_answer', { room_id: started.id, question_index: 1, answer: 'a' })).toEqual([409, 'question_not_open']);
    h.clock.set(closedAt + REVEAL_PAUSE_MS - 1);
    await sweep(h);
    expect((await roomDoc(h, started.id)).questions).toHaveLength(1);
    h.clock.set(closedAt + REVEAL_PAUSE_MS);
    await sweep(h);
    const next = await roomDoc(h, started.id);
    expect(next.questions).toHaveLength(2);
    expect(next.questions[1]).toMatchObject({ index: 1, closed: false, opens_at: new Date(closedAt + REVEAL_PAUSE_MS).toISOString() });
    expect(Date.parse(next.questions[1]!.deadline_at) - Date.parse(next.questions[1]!.opens_at)).toBe(30_000);
    expect(next.version).toBe(closed.version + 1);
    expectNothingSecret(next);
  });

  test('after the deadline an answer is refused and the question closes for everyone', async () => {
    const a = await newPlayer(h);
    const b = await newPlayer(h);
    const started = await startFriendRoom(h, a, b);
    const q = lastQuestion(started);
    const right = (await secretAnswers(h, started.id))[0]!;
    h.clock.set(Date.parse(q.opens_at) + 5000);
    await roomCall(h, a, 'submit_room_answer', { room_id: started.id, question_index: 0, answer: right });
    h.clock.set(Date.parse(q.deadline_at));
    expect(await refusal(h, b, 'submit_room_answer', { room_id: started.id, question_index: 0, answer: right })).toEqual([409, 'answer_too_late']);
    // The refusal's command still applied the due close.
    const doc = await roomDoc(h, started.id);
    expect(doc.questions[0]).toMatchObject({ closed: true, correct_answer: right });
    expect(doc.questions[0]!.answers.map((x) => [x.answered, x.points])).toEqual([
      [true, 4],
      [false, null],
    ]);
    expect(await refusal(h, a, 'submit_room_answer', { room_id: started.id, question_index: 0, answer: right })).toEqual([409, 'already_answered']);
  });

  test('the sweep closes a question nobody answered when its time is over', async () => {
    const a = await newPlayer(h);
    const b = await newPlayer(h);
    const started = await startFriendRoom(h, a, b);
    h.clock.set(Date.parse(lastQuestion(started).deadline_at) - 1);
    await sweep(h);
    expect((await roomDoc(h, started.id)).questions[0]!.closed).toBe(false);
    h.clock.advance(1);
    await sweep(h);
    const doc = await roomDoc(h, started.id);
    expect(doc.questions[0]!.closed).toBe(true);
    expect(doc.questions[0]!.answers.every((x) => !x.answered)).toBe(true);
  });

  test('an answer twice is refused; a letter that is not an option names the field', async () => {
    const a = await newPlayer(h);
    const b = await newPlayer(h);
    const started = await startFriendRoom(h, a, b);
    const q = lastQuestion(started);
    h.clock.advance(100);
    await roomCall(h, a, 'submit_room_answer', { room_id: started.id, question_index: 0, answer: q.options[0]!.key });
    expect(await refusal(h, a, 'submit_room_answer', { room_id: started.id, question_index: 0, answer: q.options[1]!.key })).toEqual([409, 'already_answered']);
    const unused = ['a', 'b', 'c', 'd', 'e'].find((k) => !q.options.some((o) => o.key === k))!;
    const res = await h.api.call('submit_room_answer', { room_id: started.id, question_index: 0, answer: unused }, { token: b.token });
    expect([res.status, res.body.message, res.body.field]).toEqual([400, '103', 'answer']);
    expect(await refusal(h, b, 'submit_room_answer', { room_id: started.id, question_index: 3, answer: 'a' })).toEqual([409, 'question_not_open']);
  });

  test('a whole game: every change is one version more and is published once; the last question finishes the room', async () => {
    const a = await newPlayer(h);
    const b = await newPlayer(h);
    const created = await roomCall(h, a, 'create_room', { room_type: 'group', entry_fee: 0, no_of_que: 3, language_id: 1 });
    const published: RoomDocument[] = [];
    const stop = h.api.app.roomStore.subscribe(created.id, (doc) => published.push(doc));
    try {
      await roomCall(h, b, 'join_room', { room_code: created.code! });
      await roomCall(h, b, 'set_room_ready', { room_id: created.id, ready: 1 });
      // No change, no version.
      const same = await roomCall(h, b, 'set_room_ready', { room_id: created.id, ready: 1 });
      let doc = await roomCall(h, a, 'start_room', { room_id: created.id });
      for (let i = 0; i < 3; i += 1) {
        doc = await answerOpen(h, doc, [
          { player: a, right: true, afterMs: 1000 },
          { player: b, right: i === 0, afterMs: 1500 },
        ]);
        if (i < 2) {
          h.clock.advance(REVEAL_PAUSE_MS);
          await sweep(h);
          doc = await roomDoc(h, doc.id);
        }
      }
      expect(doc.status).toBe('finished');
      expect(doc.result).toMatchObject({ winners: [a.userId], reason: 'completed' });
      expect(doc.current_index).toBe(3);
      const versions = published.map((d) => d.version);
      expect(versions).toEqual(Array.from({ length: versions.length }, (_v, i) => created.version + 1 + i));
      expect(versions[versions.length - 1]).toBe(doc.version);
      expect(same.version).toBe(3);
      // 2 lobby changes, the start, 3 × (2 answers) and 2 openings.
      expect(doc.version - created.version).toBe(2 + 1 + 6 + 2);
    } finally {
      stop();
    }
  });
});

describe(`the bot (${testDbKind})`, () => {
  async function botGame(settings: Record<string, string>): Promise<{ doc: RoomDocument; human: Player }> {
    for (const [k, v] of Object.entries(settings)) await setSetting(h, k, v);
    const human = await newPlayer(h);
    const search = await roomCall(h, human, 'find_random_match', { language_id: 1 });
    expect(search).toMatchObject({ status: 'waiting', type: 'random', vs_bot: false });
    const doc = await roomCall(h, human, 'play_with_bot', { room_id: search.id });
    return { doc, human };
  }

  afterEach(async () => {
    await setSetting(h, 'bot_accuracy_percentage', '70');
    await setSetting(h, 'bot_min_answer_delay_ms', '2000');
    await setSetting(h, 'bot_max_answer_delay_ms', '9000');
  });

  test('with accuracy 100 the bot answers every question right, at its planned delay, and nothing is paid or scored', async () => {
    const { doc: started, human } = await botGame({ bot_accuracy_percentage: '100', bot_min_answer_delay_ms: '3000', bot_max_answer_delay_ms: '3000' });
    expect(started).toMatchObject({ status: 'started', vs_bot: true, entry_fee: 0 });
    const bot = started.players.find((p) => p.is_bot)!;
    expect(bot).toMatchObject({ seat: 1, ready: true });
    let doc = started;
    for (let i = 0; i < started.no_of_que; i += 1) {
      const q = lastQuestion(doc);
      const opens = Date.parse(q.opens_at);
      h.clock.set(opens + 1000);
      doc = await roomCall(h, human, 'submit_room_answer', { room_id: doc.id, question_index: i, answer: q.options[0]!.key });
      // The bot has not answered yet: its delay is 3 s.
      expect(lastQuestion(doc).closed).toBe(false);
      expectNothingSecret(doc);
      h.clock.set(opens + 2999);
      await sweep(h);
      expect(lastQuestion(await roomDoc(h, doc.id)).closed).toBe(false);
      h.clock.set(opens + 3000);
      await sweep(h);
      doc = await roomDoc(h, doc.id);
      const closed = doc.questions[i]!;
      expect(closed.closed).toBe(true);
      expect(closed.answers.find((x) => x.user_id === bot.user_id)).toMatchObject({ answered: true, correct: true, elapsed_ms: 3000, points: 5 });
      h.clock.advance(REVEAL_PAUSE_MS);
      await sweep(h);
      doc = await roomDoc(h, doc.id);
    }
    expect(doc.status).toBe('finished');
    expect(doc.players.find((p) => p.is_bot)!.correct).toBe(doc.no_of_que);
    expect(doc.result!.entries.every((e) => e.coins_won === 0)).toBe(true);
    expect(await coins(h, human.userId)).toBe(100);
    const stats = await h.api.call('get_battle_statistics', {}, { token: human.token });
    expect([stats.body.data, stats.body.total]).toEqual([[], 0]);
  });

  test('with accuracy 0 the bot answers every question wrong, between its delay bounds', async () => {
    const { doc: started } = await botGame({ bot_accuracy_percentage: '0', bot_min_answer_delay_ms: '2000', bot_max_answer_delay_ms: '9000' });
    let doc = started;
    const botId = started.players.find((p) => p.is_bot)!.user_id;
    for (let i = 0; i < started.no_of_que; i += 1) {
      // Nobody else answers: the bot's answer, then the deadline, close the question.
      h.clock.set(Date.parse(lastQuestion(doc).deadline_at));
      await sweep(h);
      doc = await roomDoc(h, doc.id);
      const view = doc.questions[i]!.answers.find((x) => x.user_id === botId)!;
      expect(view).toMatchObject({ answered: true, correct: false, points: 0 });
      expect(view.elapsed_ms).toBeGreaterThanOrEqual(2000);
      expect(view.elapsed_ms).toBeLessThanOrEqual(9000);
      h.clock.advance(REVEAL_PAUSE_MS);
      await sweep(h);
      doc = await roomDoc(h, doc.id);
    }
    expect(doc.status).toBe('finished');
    expect(doc.players.find((p) => p.is_bot)!.correct).toBe(0);
    // Everyone at 0 points: a draw, and still nothing paid.
    expect(doc.result!.winners).toEqual([]);
  });

  test('leaving a bot game ends it: nobody wins, nothing moves', async () => {
    const { doc: started, human } = await botGame({});
    const left = await roomCall(h, human, 'leave_room', { room_id: started.id });
    expect(left.status).toBe('finished');
    expect(left.result!.reason).toBe('aborted');
    expect(await coins(h, human.userId)).toBe(100);
  });

  test('the bot is a player that cannot sign in and is not listed on leaderboards', async () => {
    const { doc } = await botGame({});
    const botId = doc.players.find((p) => p.is_bot)!.user_id;
    const [row] = await h.db.select().from(users).where(eq(users.id, botId));
    expect(row).toMatchObject({ status: false, firebaseId: 'system:battle-bot' });
    // A second bot game reuses the same bot player.
    const { doc: again } = await botGame({});
    expect(again.players.find((p) => p.is_bot)!.user_id).toBe(botId);
  });
});
