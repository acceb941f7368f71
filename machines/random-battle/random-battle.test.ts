import { createActor } from 'xstate';
import { pathRows } from '@/machines/testing/paths';
import { randomBattleMachine } from '@/machines/random-battle/random-battle.machine';
import { MODEL_WIN_STREAK, randomBattleModelPaths, type RandomModelConfig } from '@/machines/random-battle/random-battle.model';
import { REVEAL_PAUSE_MS } from '@/services/domain/rooms';
import { flushPromises } from '@/tests/fakes/controllable-actor';
import { combinedValue, dottedValue, startRandomBattle, type RandomHarness } from '@/tests/paths/battle-harness';
import { BOT, ME, OTHERS, QUESTION_MS, rightKey, SEARCH_MS, wrongKey } from '@/tests/paths/battle-room-server';
import { runRandomPath } from '@/tests/paths/random-battle-paths';

const GRACE = OTHERS[0]!;

/** Searching: the server opened a waiting room for the player. */
async function searching(h: RandomHarness = startRandomBattle()) {
  h.actor.send({ type: 'user.search' });
  h.server.ops.openSearch(h.context().feeMultiplier);
  await h.server.answer.ok('findMatch');
  return h;
}

/** Playing question `index` against Grace (index 0: it just opened). */
async function playing(h: RandomHarness = startRandomBattle()) {
  await searching(h);
  h.server.ops.join(GRACE, { publish: false });
  h.server.ops.start();
  h.advanceTo(Date.parse(h.server.ops.room().questions[0]!.opens_at));
  return h;
}

/** Plays the two questions to the end: the player and Grace answer as told (null: no answer). */
async function playGame(h: RandomHarness, mine: readonly (boolean | null)[], theirs: readonly (boolean | null)[], opponent = GRACE.user_id) {
  for (let i = 0; i < 2; i += 1) {
    h.advanceTo(Date.parse(h.server.ops.room().questions[i]!.opens_at));
    if (mine[i] !== null) {
      const key = mine[i] ? rightKey(i) : wrongKey(i);
      h.actor.send({ type: 'user.answer', key });
      h.server.ops.answer(ME.user_id, key);
      await h.server.answer.ok('submitAnswer');
    }
    if (theirs[i] !== null) h.server.ops.answer(opponent, theirs[i] ? rightKey(i) : wrongKey(i));
    if (!h.server.ops.room().questions[i]!.closed) {
      h.advanceTo(Date.parse(h.server.ops.room().questions[i]!.deadline_at));
      h.server.ops.close();
    }
  }
}

describe('choosing and searching', () => {
  test('searches with the category and fee multiplier chosen', async () => {
    const h = startRandomBattle();
    h.actor.send({ type: 'user.category', category: 'history' });
    h.actor.send({ type: 'user.fee', multiplier: 4 });
    h.actor.send({ type: 'user.search' });
    expect(h.server.calls.findMatch.last().input).toEqual({ category: 'history', fee_multiplier: 4 });
  });

  test('takes a fee multiplier from 1× up to the setting, whole numbers only', () => {
    const h = startRandomBattle({ maxFeeMultiplier: 3 });
    for (const multiplier of [0, 4, 2.5, -1]) h.actor.send({ type: 'user.fee', multiplier });
    expect(h.context().feeMultiplier).toBe(1);
    h.actor.send({ type: 'user.fee', multiplier: 3 });
    expect(h.context().feeMultiplier).toBe(3);
  });

  test('shows the seconds left of the server\'s search deadline, and offers the bot when it passes', async () => {
    const h = await searching();
    expect(h.countdown()?.context.remainingMs).toBe(SEARCH_MS);
    h.clock.increment(SEARCH_MS - 1);
    expect(h.value()).toEqual({ room: 'searching' });
    h.clock.increment(1);
    expect(h.value()).toEqual({ room: 'noOpponent' });
  });

  test('counts the search from the server\'s time of the first document of a resumed room', async () => {
    const h = startRandomBattle({ roomId: 'room_1' });
    h.server.ops.openSearch();
    h.clock.increment(10_000);
    h.server.ops.connect();
    expect(h.value()).toEqual({ room: 'searching' });
    expect(h.countdown()?.context.remainingMs).toBe(SEARCH_MS - 10_000);
  });

  test('retrying gets the same room back with a new deadline', async () => {
    const h = await searching();
    h.clock.increment(SEARCH_MS);
    h.actor.send({ type: 'user.retry' });
    h.server.ops.retrySearch();
    await h.server.answer.ok('findMatch');
    expect(h.value()).toEqual({ room: 'searching' });
    expect(h.countdown()?.context.remainingMs).toBe(SEARCH_MS);
    expect(h.server.feeds()).toHaveLength(1);
  });

  test('follows another room when a retry was matched elsewhere, and closes the old feed', async () => {
    const h = await searching();
    h.clock.increment(SEARCH_MS);
    h.actor.send({ type: 'user.retry' });
    h.server.ops.openRoom({ type: 'random' }, GRACE);
    h.server.ops.join(ME, { publish: false });
    h.server.ops.start();
    await h.server.answer.ok('findMatch');
    expect(h.value()).toEqual({ room: 'matched' });
    expect(h.context().roomId).toBe('room_2');
    expect(h.server.feeds().map((f) => f.roomId)).toEqual(['room_2']);
  });

  test('an opponent joining just after the deadline still starts the game', async () => {
    const h = await searching();
    h.clock.increment(SEARCH_MS);
    h.server.ops.join(GRACE, { publish: false });
    h.server.ops.start();
    expect(h.value()).toEqual({ room: 'matched' });
    expect(h.context().doc?.players.map((p) => p.name)).toEqual([ME.name, GRACE.name]);
  });

  test('the bot game starts from the waiting room and opens after the pause', async () => {
    const h = await searching();
    h.clock.increment(SEARCH_MS);
    h.actor.send({ type: 'user.bot' });
    expect(h.server.calls.playWithBot.last().input).toEqual({ room_id: 'room_1' });
    h.server.ops.playBot();
    await h.server.answer.ok('playWithBot');
    expect(h.value()).toEqual({ room: 'matched' });
    expect(h.context().doc?.vs_bot).toBe(true);
    h.clock.increment(REVEAL_PAUSE_MS);
    expect(h.value()).toEqual({ room: { playing: { round: 'question' } } });
  });

  test('keeps the refusal for the setup screen when the coins are not enough', async () => {
    const h = startRandomBattle();
    h.actor.send({ type: 'user.search' });
    await h.server.answer.refuse('findMatch', 'not_enough_coins');
    expect(h.value()).toBe('idle');
    expect(h.context().error).toEqual({ code: 'not_enough_coins' });
    h.actor.send({ type: 'user.search' });
    expect(h.context().error).toBeNull();
  });
});

describe('documents', () => {
  test('drops documents no newer than the one held, and documents of another room', async () => {
    const h = await playing();
    const held = h.context().doc!;
    h.actor.send({ type: 'room.updated', doc: { ...held, status: 'deleted' }, serverNow: h.server.now() });
    h.actor.send({ type: 'room.updated', doc: { ...held, version: held.version - 1, status: 'deleted' }, serverNow: h.server.now() });
    h.actor.send({ type: 'room.updated', doc: { ...held, id: 'room_9', version: held.version + 5, status: 'deleted' }, serverNow: h.server.now() });
    expect(h.value()).toEqual({ room: { playing: { round: 'question' } } });
    expect(h.context().doc).toBe(held);
  });

  test('a member removed from the room, or refused by the stream, sees the room as unavailable', async () => {
    const h = await searching();
    h.server.ops.refuseStream();
    expect(h.value()).toEqual({ room: 'unavailable' });
    h.actor.send({ type: 'user.back' });
    expect(h.value()).toBe('idle');
    expect(h.server.feeds()).toHaveLength(0);
  });
});

describe('a reload in the middle of a battle', () => {
  test('lands on the open question with its clock and the score as the room says', async () => {
    const first = await playing();
    first.actor.send({ type: 'user.answer', key: rightKey(0) });
    first.server.ops.answer(ME.user_id, rightKey(0));
    await first.server.answer.ok('submitAnswer');
    first.server.ops.answer(GRACE.user_id, wrongKey(0));
    first.actor.stop();
    expect(first.server.feeds()).toHaveLength(0);
    first.advanceTo(Date.parse(first.server.ops.room().questions[1]!.opens_at) + 4000);

    const h = startRandomBattle({ roomId: 'room_1', reuse: first });
    expect(h.value()).toEqual({ room: 'connecting' });
    h.server.ops.connect();
    expect(h.value()).toEqual({ room: { playing: { round: 'question' } } });
    expect(h.countdown()?.context.remainingMs).toBe(QUESTION_MS - 4000);
    expect(h.context().doc?.players.map((p) => [p.name, p.points])).toEqual([
      [ME.name, 6],
      [GRACE.name, 0],
    ]);
    expect(h.play()?.context.doc.current_index).toBe(1);
  });

  test('lands on "waiting for the others" when the answer was in before the reload', async () => {
    const first = await playing();
    first.server.ops.answer(ME.user_id, rightKey(0));
    first.actor.stop();
    const h = startRandomBattle({ roomId: 'room_1', reuse: first });
    h.server.ops.connect();
    expect(h.value()).toEqual({ room: { playing: { round: 'answered' } } });
  });

  test('a finished game found after a reload leaves the back-to-back wins as they were', async () => {
    const first = await playing();
    await playGame(first, [true, true], [false, false]);
    first.actor.stop();
    const h = startRandomBattle({ roomId: 'room_1', reuse: first, winStreak: 2 });
    h.server.ops.connect();
    expect(h.value()).toEqual({ room: 'result' });
    expect(h.context().winStreak).toBe(2);
  });
});

describe('the connection', () => {
  test('waits while the feed reconnects, then goes where the room went meanwhile', async () => {
    const h = await playing();
    h.server.ops.dropConnection();
    expect(h.value()).toEqual({ room: 'connectionLost' });
    expect(h.play()).toBeUndefined();
    h.server.ops.answer(GRACE.user_id, rightKey(0));
    h.advanceTo(Date.parse(h.server.ops.room().questions[0]!.deadline_at));
    h.server.ops.close();
    h.advanceTo(Date.parse(h.server.ops.room().questions[1]!.opens_at) + 1000);
    expect(h.value()).toEqual({ room: 'connectionLost' });
    h.server.ops.connect();
    expect(h.value()).toEqual({ room: { playing: { round: 'question' } } });
    expect(h.countdown()?.context.remainingMs).toBe(QUESTION_MS - 1000);
    expect(h.server.feeds()).toHaveLength(1);
  });

  test('resumes the search with the time the server says is left', async () => {
    const h = await searching();
    h.clock.increment(5000);
    h.server.ops.dropConnection();
    h.clock.increment(10_000);
    h.server.ops.connect();
    expect(h.value()).toEqual({ room: 'searching' });
    expect(h.countdown()?.context.remainingMs).toBe(SEARCH_MS - 15_000);
  });
});

describe('the end of a game', () => {
  test('says win, lose or draw as the room settled it, with the coins', async () => {
    const outcomes = [];
    for (const [mine, theirs] of [
      [[true, true], [false, true]],
      [[false, null], [true, true]],
      [[true, false], [true, false]],
    ] as const) {
      const h = await playing();
      await playGame(h, mine, theirs);
      expect(h.value()).toEqual({ room: 'result' });
      const entry = h.context().doc!.result!.entries.find((e) => e.user_id === ME.user_id)!;
      outcomes.push([entry.outcome, entry.coins_won]);
    }
    expect(outcomes).toEqual([
      ['win', 10],
      ['lose', 0],
      ['draw', 5],
    ]);
  });

  test('keeps the back-to-back wins: a win adds one, a loss or a draw starts over, the bot changes nothing', async () => {
    const win = await playing(startRandomBattle({ winStreak: 2 }));
    await playGame(win, [true, true], [false, false]);
    expect(win.context().winStreak).toBe(3);

    const draw = await playing(startRandomBattle({ winStreak: 2 }));
    await playGame(draw, [true, true], [true, true]);
    expect(draw.context().winStreak).toBe(0);

    const bot = await searching(startRandomBattle({ winStreak: 2 }));
    bot.clock.increment(SEARCH_MS);
    bot.actor.send({ type: 'user.bot' });
    bot.server.ops.playBot();
    await bot.server.answer.ok('playWithBot');
    await playGame(bot, [true, true], [false, false], BOT.user_id);
    expect(bot.value()).toEqual({ room: 'result' });
    expect(bot.context().winStreak).toBe(2);
  });

  test('play again searches again with the same choices', async () => {
    const h = startRandomBattle();
    h.actor.send({ type: 'user.fee', multiplier: 2 });
    await playing(h);
    await playGame(h, [true, true], [false, false]);
    h.actor.send({ type: 'user.play_again' });
    expect(h.value()).toBe('finding');
    expect(h.server.calls.findMatch.last().input).toEqual({ category: null, fee_multiplier: 2 });
    expect(h.context().doc).toBeNull();
    expect(h.server.feeds()).toHaveLength(0);
  });

  test('"opponent has left the game": the result (a win) comes once the room says it ended', async () => {
    const h = await playing();
    const left = h.server.ops.room();
    // The opponent is out (grace over) but the room has not finished yet.
    h.actor.send({
      type: 'room.updated',
      doc: { ...left, version: left.version + 1, players: left.players.map((p) => (p.user_id === GRACE.user_id ? { ...p, left: true } : p)) },
      serverNow: h.server.now(),
    });
    expect(h.value()).toEqual({ room: 'opponentLeft' });
    h.actor.send({ type: 'user.continue' });
    expect(h.value()).toEqual({ room: 'opponentLeft' });
    // The server's own versions go on from the one it had (the document above was its next).
    h.server.ops.message(ME.user_id, 'oops');
    h.server.ops.leave(GRACE.user_id);
    h.actor.send({ type: 'user.continue' });
    expect(h.value()).toEqual({ room: 'result' });
    expect(h.context().doc?.result).toMatchObject({ reason: 'opponents_left', winners: [ME.user_id] });
    expect(h.context().winStreak).toBe(MODEL_WIN_STREAK + 1);
  });
});

describe('leaving and messages', () => {
  test('leaving a search gives it up and closes the feed', async () => {
    const h = await searching();
    h.actor.send({ type: 'user.leave' });
    expect(h.server.calls.leaveRoom.last().input).toEqual({ room_id: 'room_1' });
    h.server.ops.leave(ME.user_id);
    await h.server.answer.ok('leaveRoom');
    expect(h.value()).toBe('idle');
    expect(h.server.ops.room().status).toBe('deleted');
    expect(h.server.feeds()).toHaveLength(0);
  });

  test('a leave that fails is announced and the game goes on', async () => {
    const h = await playing();
    h.actor.send({ type: 'user.leave' });
    await h.server.answer.fail('leaveRoom');
    expect(h.notices).toEqual([{ kind: 'leave_failed', code: null }]);
    expect(h.value()).toEqual({ room: { playing: { round: 'question' } } });
  });

  test('sends quick messages while playing, each on its own, and shows what the room has', async () => {
    const h = await playing();
    h.actor.send({ type: 'user.message', key: 'hello' });
    h.actor.send({ type: 'user.message', key: 'gg' });
    expect(h.server.calls.sendMessage.calls.map((c) => c.input.message)).toEqual(['hello', 'gg']);
    h.server.ops.message(ME.user_id, 'hello');
    h.server.calls.sendMessage.calls[0]!.resolve({ ok: true, data: { room: h.server.ops.room() } });
    h.server.calls.sendMessage.calls[1]!.resolve({ ok: false, code: 'rate_limited' });
    await flushPromises();
    expect(h.context().doc?.messages.map((m) => m.key)).toEqual(['hello']);
    expect(h.notices).toEqual([{ kind: 'message_refused', code: 'rate_limited' }]);
    expect(Object.keys(h.snapshot().children).filter((id) => id.startsWith('chat.'))).toEqual([]);
  });

  test('sends no message while searching', async () => {
    const h = await searching();
    h.actor.send({ type: 'user.message', key: 'hello' });
    expect(h.server.calls.sendMessage.calls).toHaveLength(0);
  });
});

test('without its calls provided, a search fails without a code', async () => {
  const actor = createActor(randomBattleMachine, { input: { userId: ME.user_id } }).start();
  actor.send({ type: 'user.search' });
  await flushPromises();
  expect(actor.getSnapshot().value).toBe('idle');
  expect(actor.getSnapshot().context.error).toEqual({ code: null });
});

/** Dotted names of a machine's atomic states, without the transient ones. */
function atomicStates(node: { states: Record<string, unknown> }, prefix = ''): string[] {
  return Object.entries(node.states).flatMap(([key, child]) => {
    const name = prefix ? `${prefix}.${key}` : key;
    const states = (child as { states: Record<string, unknown> }).states;
    return Object.keys(states).length ? atomicStates(child as { states: Record<string, unknown> }, name) : [name];
  });
}

describe('the random-battle model paths', () => {
  const all = (['fresh', 'reload'] as RandomModelConfig[]).flatMap((c) => randomBattleModelPaths(c));

  test('pass through every state of the machine and of its play child', async () => {
    const { battlePlayMachine } = await import('@/machines/battle-play/battle-play.machine');
    const transient = new Set(['start', 'room.route', 'room.playing.route']);
    const expected = [
      ...atomicStates(randomBattleMachine.root).filter((s) => s !== 'room.playing'),
      ...atomicStates(battlePlayMachine.root).map((s) => `room.playing.${s}`),
    ].filter((s) => !transient.has(s));
    const visited = new Set(all.flatMap((p) => p.steps.map((s) => dottedValue(s.state.value))));
    expect([...visited].sort()).toEqual(expected.sort());
  });

  test('cover every refusal and failure of every call, and every way a game ends', () => {
    const events = new Set(all.flatMap((p) => p.steps.map((s) => `${s.event.type}${'at' in s.event ? `:${String(s.event.at)}` : ''}`)));
    for (const e of ['api.no_coins', 'api.failed', 'api.bot_refused', 'api.too_late', 'api.answer_failed', 'api.leave_failed', 'feed.lost', 'feed.gone', 'feed.deleted', 'feed.opponent_left']) {
      expect(events).toContain(e);
    }
    const endings = new Set(all.filter((p) => p.state.matches({ room: 'result' })).map((p) => Math.sign(p.state.context.lead)));
    expect([...endings].sort()).toEqual([-1, 0, 1]);
  });
});

describe.each(['fresh', 'reload'] as RandomModelConfig[])('every path of the random-battle model (%s)', (config) => {
  const paths = randomBattleModelPaths(config);
  test.each(pathRows('random-battle', config, paths))('%s', async (_name, path) => {
    const h = startRandomBattle(config === 'reload' ? { roomId: 'room_1' } : {});
    await runRandomPath(path, h);
    expect(combinedValue(h.snapshot())).toEqual(path.state.value);
    h.actor.stop();
  });
});

test('a message answered after the room was left changes nothing and leaves no child behind', async () => {
  const h = await playing();
  h.actor.send({ type: 'user.message', key: 'gg' });
  h.actor.send({ type: 'user.leave' });
  h.server.ops.leave(ME.user_id);
  await h.server.answer.ok('leaveRoom');
  expect(h.value()).toBe('idle');
  await h.server.answer.ok('sendMessage');
  expect(h.context().doc).toBeNull();
  expect(Object.keys(h.snapshot().children)).toEqual([]);
});

describe('at the room service\'s pace (question 0 opens with the start, the next one in the version that opens it)', () => {
  test('a match goes straight to the question, the reveal lasts until the next question appears', async () => {
    const h = startRandomBattle();
    h.server.ops.appendQuestionsOnOpen();
    await searching(h);
    h.server.ops.join(GRACE, { publish: false });
    h.server.ops.start();
    expect(h.value()).toEqual({ room: { playing: { round: 'question' } } });
    expect(h.countdown()?.context.remainingMs).toBe(QUESTION_MS);
    h.actor.send({ type: 'user.answer', key: rightKey(0) });
    h.server.ops.answer(ME.user_id, rightKey(0));
    await h.server.answer.ok('submitAnswer');
    h.server.ops.answer(GRACE.user_id, rightKey(0));
    expect(h.value()).toEqual({ room: { playing: 'reveal' } });
    expect(h.context().doc?.current_index).toBe(1);
    h.clock.increment(REVEAL_PAUSE_MS * 3);
    expect(h.value()).toEqual({ room: { playing: 'reveal' } });
    h.server.ops.openNext();
    expect(h.value()).toEqual({ room: { playing: { round: 'question' } } });
    expect(h.countdown()?.context.remainingMs).toBe(QUESTION_MS);
    expect(h.play()?.context.doc.current_index).toBe(1);
  });
});
