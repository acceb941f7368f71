import { createActor, fromCallback, fromPromise, type EventObject } from 'xstate';
import type { CallOutcome } from '@/services/domain/play-session';
import type { LiveGameView, LiveMe } from '@/services/domain/live';
import type { LiveEntry } from '@/services/domain/live-names';
import { livePlayerMachine, type LiveAnswered, type LiveFeedEvent, type LiveJoined, type LivePlayerInput } from '@/machines/live-player/live-player.machine';
import { controllableCall, flushPromises } from '@/tests/fakes/controllable-actor';
import { livePlayerModelPaths, type LivePlayerModelContext, type LivePlayerModelEvent } from '@/machines/live-player/live-player.model';
import { pathRows } from '@/machines/testing/paths';
import { testPath } from '@/machines/testing/trace';

/** The phone's machine with its calls answered by hand and its feed driven by the test. */
function start(input: LivePlayerInput = {}) {
  const entry = controllableCall<CallOutcome<LiveEntry>, { pin: string }>();
  const join = controllableCall<CallOutcome<LiveJoined>, { pin: string; nickname?: string; team?: number }>();
  const rejoin = controllableCall<CallOutcome<{ game: LiveGameView; me: LiveMe }>, { game_id: number; token: string }>();
  const answer = controllableCall<CallOutcome<LiveAnswered>, { game_id: number; token: string; question_index: number; answer: string }>();
  const seats: string[] = [];
  let feed: ((e: LiveFeedEvent) => void) | null = null;
  const feeds: { gameId: number; token: string }[] = [];
  const actor = createActor(
    livePlayerMachine.provide({
      actors: {
        entry: fromPromise(({ input: i }) => entry.fn(i)),
        join: fromPromise(({ input: i }) => join.fn(i)),
        rejoin: fromPromise(({ input: i }) => rejoin.fn(i)),
        answer: fromPromise(({ input: i }) => answer.fn(i)),
        liveFeed: fromCallback<EventObject, { gameId: number; token: string }>(({ input: i, sendBack }) => {
          feeds.push(i);
          feed = (e) => sendBack(e);
          return () => {
            feed = null;
          };
        }),
      },
      actions: {
        keepSeat: ({ context }) => void seats.push(`keep ${context.gameId}:${context.token}`),
        forgetSeat: () => void seats.push('forget'),
      },
    }),
    { input },
  );
  actor.start();
  const state = () => {
    const v = actor.getSnapshot().value;
    return typeof v === 'string' ? v : `playing.${(v as { playing: string }).playing}`;
  };
  /** The PIN typed is sent: the server says what its game asks of a player joining. */
  const enter = async (data: Partial<LiveEntry> = {}) => {
    actor.send({ type: 'user.submit' });
    entry.resolve({ ok: true, data: { game_id: 5, title: 'Quiz', names: 'free', teams: 0, team_mode: 'balanced', ...data } });
    await flushPromises();
  };
  return { actor, entry, enter, join, rejoin, answer, seats, feeds, send: (e: LiveFeedEvent) => feed?.(e), state, context: () => actor.getSnapshot().context };
}

const question = { index: 0, type: 'multiple', text: 'Which?', image: null, options: [{ key: 'a', text: 'A' }, { key: 'b', text: 'B' }], time_limit: 20, points: 1000, opens_at: 10_000, deadline_at: 30_000, restarted: false } as const;
const lobby: LiveGameView = { id: 5, pin: '123456', title: 'Quiz', status: 'lobby', paused: null, locked: false, question_count: 2, questions_shown: 0, question: null, reveal: null, standings: [], player_count: 1, answered_count: 0, team_count: 0, teams: [], names: 'free', version: 2 };
const open: LiveGameView = { ...lobby, status: 'question', question, version: 3 };
const me: LiveMe = { player_id: 9, nickname: 'Ana', score: 0, rank: null, streak: 0, answer: '', answer_index: null, last: null, removed: false, team: null, team_rank: null };
const joined: CallOutcome<LiveJoined> = { ok: true, data: { game_id: 5, player_id: 9, nickname: 'Ana', token: 'token-token-token-token', game: lobby } };

describe('the phone in a live game', () => {
  test('PIN checked before any call, the game asked what it wants, the nickname checked before joining; a refused nickname keeps the form', async () => {
    const h = start();
    h.actor.send({ type: 'user.pin', pin: '12 34' });
    h.actor.send({ type: 'user.submit' });
    expect(h.context()).toMatchObject({ pin: '1234', error: 'pin_required' });
    h.actor.send({ type: 'user.pin', pin: '123456' });
    h.actor.send({ type: 'user.submit' });
    expect(h.state()).toBe('checking');
    expect(h.entry.last().input).toEqual({ pin: '123456' });
    h.entry.resolve({ ok: true, data: { game_id: 5, title: 'Quiz', names: 'free', teams: 0, team_mode: 'balanced' } });
    await flushPromises();
    expect(h.state()).toBe('nickname');
    h.actor.send({ type: 'user.nickname', nickname: 'A' });
    h.actor.send({ type: 'user.submit' });
    expect(h.context().error).toBe('nickname_invalid');
    expect(h.join.calls).toHaveLength(0);
    h.actor.send({ type: 'user.nickname', nickname: ' Ana ' });
    h.actor.send({ type: 'user.submit' });
    expect(h.join.last().input).toEqual({ pin: '123456', nickname: 'Ana' });
    h.join.resolve({ ok: false, code: 'nickname_taken' });
    await flushPromises();
    expect(h.state()).toBe('nickname');
    expect(h.context()).toMatchObject({ error: 'nickname_taken', nickname: ' Ana ' });
  });

  test('an unknown PIN goes back to the PIN; a signed-in player joins under their name', async () => {
    const h = start({ name: 'Signed Sam', pin: '654321' });
    await h.enter();
    h.actor.send({ type: 'user.join_as_me' });
    expect(h.join.last().input).toEqual({ pin: '654321' });
    h.join.resolve({ ok: false, code: 'live_pin_unknown' });
    await flushPromises();
    expect(h.state()).toBe('pin');
    expect(h.context().error).toBe('live_pin_unknown');
  });

  test('joined: the seat is kept, the feed opened, and the frames decide the screen', async () => {
    const h = start({ pin: '123456' });
    await h.enter();
    h.actor.send({ type: 'user.nickname', nickname: 'Ana' });
    h.actor.send({ type: 'user.submit' });
    h.join.resolve(joined);
    await flushPromises();
    expect(h.seats).toEqual(['keep 5:token-token-token-token']);
    expect(h.feeds).toEqual([{ gameId: 5, token: 'token-token-token-token' }]);
    expect(h.state()).toBe('playing.lobby');
    h.send({ type: 'feed.status', status: 'connected', serverNow: 9000 });
    h.send({ type: 'live.game', game: open, serverNow: 9000 });
    expect(h.state()).toBe('playing.getReady');
    // An older frame changes nothing.
    h.send({ type: 'live.game', game: lobby, serverNow: 9100 });
    expect(h.state()).toBe('playing.getReady');
    h.actor.send({ type: 'clock.tick', now: 10_000 });
    expect(h.state()).toBe('playing.answering');
    h.actor.send({ type: 'user.answer', answer: 'b' });
    expect(h.state()).toBe('playing.sending');
    expect(h.answer.last().input).toEqual({ game_id: 5, token: 'token-token-token-token', question_index: 0, answer: 'b' });
    h.answer.resolve({ ok: true, data: { question_index: 0, answer: 'b', answered: 1 } });
    await flushPromises();
    expect(h.state()).toBe('playing.locked');
    h.send({ type: 'live.game', game: { ...open, status: 'reveal', version: 4 }, serverNow: 14_000 });
    h.send({ type: 'live.me', me: { ...me, answer: 'b', answer_index: 0, score: 900, rank: 1, streak: 1, last: { index: 0, correct: true, points: 900, bonus: 0 } } });
    expect(h.state()).toBe('playing.result');
    expect(h.context().me?.last).toEqual({ index: 0, correct: true, points: 900, bonus: 0 });
    h.send({ type: 'live.game', game: { ...open, status: 'leaderboard', version: 5 }, serverNow: 15_000 });
    expect(h.state()).toBe('playing.standings');
    h.send({ type: 'live.game', game: { ...open, status: 'podium', version: 6 }, serverNow: 16_000 });
    expect(h.state()).toBe('playing.final');
    expect(h.seats.at(-1)).toBe('forget');
  });

  test('a late answer is refused and shown as time up; a removed player is told so', async () => {
    const h = start({ gameId: 5, token: 'token-token-token-token' });
    expect(h.rejoin.last().input).toEqual({ game_id: 5, token: 'token-token-token-token' });
    h.rejoin.resolve({ ok: true, data: { game: open, me } });
    await flushPromises();
    h.send({ type: 'feed.status', status: 'connected', serverNow: 29_000 });
    expect(h.state()).toBe('playing.answering');
    h.actor.send({ type: 'user.answer', answer: 'a' });
    h.actor.send({ type: 'clock.tick', now: 30_500 });
    h.answer.resolve({ ok: false, code: 'answer_too_late' });
    await flushPromises();
    expect(h.state()).toBe('playing.timeUp');
    expect(h.context().error).toBe('answer_too_late');
    h.send({ type: 'live.me', me: { ...me, removed: true } });
    expect(h.state()).toBe('playing.removed');
    h.actor.send({ type: 'user.again' });
    expect(h.state()).toBe('pin');
  });

  test('a seat no longer good (the game forgot the token) starts again at the PIN', async () => {
    const h = start({ gameId: 5, token: 'token-token-token-token' });
    h.rejoin.resolve({ ok: false, code: 'live_token_unknown' });
    await flushPromises();
    expect(h.state()).toBe('pin');
    expect(h.context()).toMatchObject({ error: 'live_token_unknown', gameId: null, token: null });
    expect(h.seats).toEqual(['forget']);
  });
});

describe('names and teams', () => {
  test('a game of generated names takes no nickname and has no "join as me"; a team is picked before joining', async () => {
    const h = start({ pin: '123456', name: 'Signed Sam' });
    await h.enter({ names: 'generated', teams: 3, team_mode: 'choose' });
    h.actor.send({ type: 'user.join_as_me' });
    expect(h.state()).toBe('nickname');
    h.actor.send({ type: 'user.submit' });
    expect(h.context().error).toBe('team_required');
    h.actor.send({ type: 'user.team', team: 4 });
    h.actor.send({ type: 'user.submit' });
    expect(h.context().error).toBe('team_required');
    h.actor.send({ type: 'user.team', team: 2 });
    h.actor.send({ type: 'user.submit' });
    expect(h.join.last().input).toEqual({ pin: '123456', team: 2 });
    h.join.resolve({ ok: true, data: { ...joined.data, nickname: 'Brave Otter' } } as CallOutcome<LiveJoined>);
    await flushPromises();
    expect(h.context().nickname).toBe('Brave Otter');
    // Balanced teams ask nothing; a signed-in player of a game of typed names joins under their name, with the team picked.
    const b = start({ pin: '123456', name: 'Signed Sam' });
    await b.enter({ teams: 2, team_mode: 'balanced' });
    b.actor.send({ type: 'user.join_as_me' });
    expect(b.join.last().input).toEqual({ pin: '123456' });
    const c = start({ pin: '123456', name: 'Signed Sam' });
    await c.enter({ teams: 2, team_mode: 'choose' });
    c.actor.send({ type: 'user.join_as_me' });
    expect([c.state(), c.context().error]).toEqual(['nickname', 'team_required']);
    c.actor.send({ type: 'user.team', team: 1 });
    c.actor.send({ type: 'user.join_as_me' });
    expect(c.join.last().input).toEqual({ pin: '123456', team: 1 });
  });

  test('a PIN the server does not know, or a throttled address, goes back to the PIN with the reason', async () => {
    const h = start({ pin: '123456' });
    h.actor.send({ type: 'user.submit' });
    h.entry.resolve({ ok: false, code: 'rate_limited' });
    await flushPromises();
    expect([h.state(), h.context().error]).toEqual(['pin', 'rate_limited']);
    expect(h.join.calls).toHaveLength(0);
  });
});

describe('the phone must also', () => {
  test('answer a call that throws as a network failure, where a refusal would land', async () => {
    const h = start({ pin: '123456' });
    await h.enter();
    h.actor.send({ type: 'user.nickname', nickname: 'Ana' });
    h.actor.send({ type: 'user.submit' });
    h.join.reject(new Error('offline'));
    await flushPromises();
    expect([h.state(), h.context().error]).toEqual(['nickname', 'network']);
    const signed = start({ pin: '123456', name: 'Sam' });
    await signed.enter();
    signed.actor.send({ type: 'user.join_as_me' });
    signed.join.reject(new Error('offline'));
    await flushPromises();
    expect([signed.state(), signed.context().error]).toEqual(['nickname', 'network']);
    const asking = start({ pin: '123456' });
    asking.actor.send({ type: 'user.submit' });
    asking.entry.reject(new Error('offline'));
    await flushPromises();
    expect([asking.state(), asking.context().error]).toEqual(['pin', 'network']);
    const back = start({ gameId: 5, token: 'token-token-token-token' });
    back.rejoin.reject(new Error('offline'));
    await flushPromises();
    expect([back.state(), back.context().error]).toEqual(['pin', 'network']);
    const playing = start({ gameId: 5, token: 'token-token-token-token' });
    playing.rejoin.resolve({ ok: true, data: { game: open, me } });
    await flushPromises();
    playing.send({ type: 'feed.status', status: 'connected', serverNow: 12_000 });
    playing.actor.send({ type: 'user.answer', answer: 'a' });
    playing.answer.reject(new Error('offline'));
    await flushPromises();
    expect([playing.state(), playing.context().error]).toEqual(['playing.answering', 'network']);
  });

  test('take the frames that come while an answer travels, and show where the game is once it is answered', async () => {
    const h = start({ gameId: 5, token: 'token-token-token-token' });
    h.rejoin.resolve({ ok: true, data: { game: open, me } });
    await flushPromises();
    h.send({ type: 'feed.status', status: 'connected', serverNow: 12_000 });
    h.actor.send({ type: 'user.answer', answer: 'b' });
    h.send({ type: 'feed.status', status: 'reconnecting' });
    expect(h.context().online).toBe(false);
    h.send({ type: 'feed.status', status: 'connected', serverNow: 13_000 });
    h.send({ type: 'live.game', game: { ...open, status: 'reveal', version: 4 }, serverNow: 14_000 });
    h.send({ type: 'live.me', me: { ...me, answer: 'b', answer_index: 0, score: 800, last: { index: 0, correct: true, points: 800, bonus: 0 } } });
    expect(h.state()).toBe('playing.sending');
    h.answer.resolve({ ok: true, data: { question_index: 0, answer: 'b', answered: 1 } });
    await flushPromises();
    expect(h.state()).toBe('playing.result');
    expect(h.context()).toMatchObject({ online: true, now: 14_000, me: { score: 800 } });
    // The stream's last word after the podium changes nothing more.
    h.send({ type: 'live.game', game: { ...open, status: 'podium', version: 5 }, serverNow: 15_000 });
    h.send({ type: 'live.over' });
    expect(h.state()).toBe('playing.final');
  });
});

describe('the model paths, driven through the real machine', () => {
  const TOKEN = 'token-token-token-token';
  const valueText = (v: unknown) => (typeof v === 'string' ? v : `playing.${(v as { playing: string }).playing}`);

  for (const config of ['guest', 'signed_in', 'rejoin'] as const) {
    const paths = livePlayerModelPaths(config);
    test(`${config}: the model has paths to check`, () => expect(paths.length).toBeGreaterThan(5));

    test.each(pathRows('live-player', config, paths))('%s', async (_name, path) => {
      const h = start(config === 'rejoin' ? { gameId: 5, token: TOKEN } : config === 'signed_in' ? { name: 'Signed Sam' } : {});
      // The server's side, as the frames say it.
      let now = 1000;
      let game: LiveGameView = lobby;
      let mine: LiveMe = me;
      let index = -1;
      const show = (over: Partial<LiveGameView>) => {
        game = { ...game, ...over, version: game.version + 1 };
        h.send({ type: 'live.game', game, serverNow: now });
      };
      const announce = () => {
        // The game has two questions: after the second, no other is announced.
        if (index === 1) return;
        index += 1;
        mine = { ...mine, answer: '', answer_index: null, last: null };
        h.send({ type: 'live.me', me: mine });
        show({ status: 'question', question: { ...question, index, opens_at: now + 3000, deadline_at: now + 23_000 } });
      };
      const tick = (to: number) => {
        now = to;
        h.actor.send({ type: 'clock.tick', now });
      };
      const userEvent = (step: { event: { type: string } }) => {
        const e = step.event as LivePlayerModelEvent;
        if (e.type === 'user.pin') h.actor.send({ type: 'user.pin', pin: e.pin === 'good' ? '123456' : '12' });
        else if (e.type === 'user.nickname') h.actor.send({ type: 'user.nickname', nickname: e.nickname === 'good' ? 'Ana' : 'A' });
        else if (e.type === 'user.team') h.actor.send({ type: 'user.team', team: 2 });
        else if (e.type === 'user.answer') h.actor.send({ type: 'user.answer', answer: 'a' });
        else h.actor.send(e as never);
      };
      await testPath(path, {
        events: {
          'user.pin': userEvent,
          'user.nickname': userEvent,
          'user.team': userEvent,
          'api.entry': async (step: { event: { type: string } }) => {
            const kind = (step.event as Extract<LivePlayerModelEvent, { type: 'api.entry' }>).kind;
            h.entry.resolve({ ok: true, data: { game_id: 5, title: 'Quiz', names: kind === 'generated' ? 'generated' : 'free', teams: kind === 'choose_team' ? 3 : 0, team_mode: kind === 'choose_team' ? 'choose' : 'balanced' } });
            await flushPromises();
          },
          'api.entry_failed': async () => {
            h.entry.reject(new Error('offline'));
            await flushPromises();
          },
          'api.entry_refused': async (step: { event: { type: string } }) => {
            h.entry.resolve({ ok: false, code: (step.event as Extract<LivePlayerModelEvent, { type: 'api.entry_refused' }>).code });
            await flushPromises();
          },
          'user.submit': userEvent,
          'user.join_as_me': userEvent,
          'user.again': userEvent,
          'user.answer': userEvent,
          'api.joined': async () => {
            h.join.resolve(joined);
            await flushPromises();
            h.send({ type: 'feed.status', status: 'connected', serverNow: now });
          },
          'api.join_refused': async (step: { event: { type: string } }) => {
            h.join.resolve({ ok: false, code: (step.event as Extract<LivePlayerModelEvent, { type: 'api.join_refused' }>).code });
            await flushPromises();
          },
          'api.rejoined': async () => {
            index = 0;
            game = { ...open, version: 10 };
            h.rejoin.resolve({ ok: true, data: { game, me } });
            await flushPromises();
            now = game.question!.opens_at + 1000;
            h.send({ type: 'feed.status', status: 'connected', serverNow: now });
          },
          'api.rejoin_refused': async () => {
            h.rejoin.resolve({ ok: false, code: 'live_token_unknown' });
            await flushPromises();
          },
          'feed.question': announce,
          'timer.opened': () => tick(game.question!.opens_at),
          'timer.expired': () => tick(game.question!.deadline_at),
          'api.answered': async () => {
            mine = { ...mine, answer: 'a', answer_index: index };
            h.answer.resolve({ ok: true, data: { question_index: index, answer: 'a', answered: 1 } });
            await flushPromises();
          },
          'api.too_late': async () => {
            tick(game.question!.deadline_at);
            h.answer.resolve({ ok: false, code: 'answer_too_late' });
            await flushPromises();
          },
          'feed.reveal': () => {
            show({ status: 'reveal' });
            mine = { ...mine, last: { index, correct: mine.answer === 'a', points: mine.answer === 'a' ? 900 : 0, bonus: 0 } };
            h.send({ type: 'live.me', me: mine });
          },
          'feed.standings': () => show({ status: 'leaderboard' }),
          'feed.paused': () => show({ paused: 'host' }),
          'feed.resumed': () => show({ paused: null }),
          'feed.podium': () => show({ status: 'podium', paused: null }),
          'feed.removed': () => {
            mine = { ...mine, removed: true };
            h.send({ type: 'live.me', me: mine });
          },
          'feed.gone': () => h.send({ type: 'feed.status', status: 'gone' }),
        },
        states: {
          '*': (expected: { value: unknown; context: LivePlayerModelContext }) => {
            expect(h.state()).toBe(valueText(expected.value));
            expect(h.context().error).toBe(expected.context.error);
          },
        },
      });
    });
  }
});
