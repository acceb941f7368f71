import { createActor, fromCallback, fromPromise, type EventObject } from 'xstate';
import type { CallOutcome } from '@/services/domain/play-session';
import type { LiveGameView, LivePlayerItem } from '@/services/domain/live';
import { liveHostMachine, type LiveCommand, type LiveCreatePayload, type LiveHostFeedEvent, type LiveHostInput } from '@/machines/live-host/live-host.machine';
import { liveHostModelPaths, type LiveHostModelContext, type LiveHostModelEvent } from '@/machines/live-host/live-host.model';
import { pathRows } from '@/machines/testing/paths';
import { testPath } from '@/machines/testing/trace';
import { controllableCall, flushPromises } from '@/tests/fakes/controllable-actor';

/** The host's machine with its calls answered by hand and its feed driven by the test. */
function start(input: LiveHostInput = {}) {
  const create = controllableCall<CallOutcome<LiveGameView>, LiveCreatePayload>();
  const load = controllableCall<CallOutcome<{ game: LiveGameView; players: LivePlayerItem[] }>, { game_id: number }>();
  const command = controllableCall<CallOutcome<unknown>, LiveCommand>();
  let feed: ((e: LiveHostFeedEvent) => void) | null = null;
  const feeds: number[] = [];
  const actor = createActor(
    liveHostMachine.provide({
      actors: {
        create: fromPromise(({ input: i }) => create.fn(i)),
        load: fromPromise(({ input: i }) => load.fn(i)),
        command: fromPromise(({ input: i }) => command.fn(i)),
        hostFeed: fromCallback<EventObject, { gameId: number }>(({ input: i, sendBack }) => {
          feeds.push(i.gameId);
          feed = (e) => sendBack(e);
          return () => {
            feed = null;
          };
        }),
      },
    }),
    { input },
  );
  actor.start();
  return { actor, create, load, command, feeds, send: (e: LiveHostFeedEvent) => feed?.(e), context: () => actor.getSnapshot().context, value: () => actor.getSnapshot().value };
}

const question = { index: 0, type: 'multiple', text: 'Which?', image: null, options: [{ key: 'a', text: 'A' }, { key: 'b', text: 'B' }], time_limit: 20, points: 1000, opens_at: 10_000, deadline_at: 30_000, restarted: false } as const;
const lobby: LiveGameView = { id: 5, pin: '123456', title: 'Science', status: 'lobby', paused: null, locked: false, question_count: 2, questions_shown: 0, question: null, reveal: null, standings: [], player_count: 0, answered_count: 0, team_count: 0, teams: [], names: 'free', version: 1 };

describe("the host's screen", () => {
  test('the form needs a category; the game is created with the choices of the form', async () => {
    const h = start();
    h.actor.send({ type: 'user.create' });
    expect(h.context().error).toBe('category_required');
    expect(h.create.calls).toHaveLength(0);
    h.actor.send({ type: 'user.form', form: { category: 'science', subcategory: 'physics', questions: 5, timeLimit: 30, points: 2000 } });
    h.actor.send({ type: 'user.create' });
    expect(h.create.last().input).toEqual({ category: 'science', subcategory: 'physics', questions: 5, time_limit: 30, points: 2000 });
    h.create.resolve({ ok: true, data: lobby });
    await flushPromises();
    expect(h.value()).toEqual({ hosting: { screen: 'lobby', command: 'idle' } });
    expect(h.feeds).toEqual([5]);
  });

  test("a quiz set of the host's is played with its own times and points: only its id is sent", () => {
    const h = start({ form: { category: 'science' } });
    h.actor.send({ type: 'user.form', form: { setId: 42 } });
    h.actor.send({ type: 'user.create' });
    expect(h.create.last().input).toEqual({ set_id: 42 });
  });

  test('players arrive and go; counts follow the question on screen; a second control waits for the first', async () => {
    const h = start({ gameId: 5 });
    h.load.resolve({ ok: true, data: { game: lobby, players: [] } });
    await flushPromises();
    h.send({ type: 'live.player', change: 'joined', player: { id: 1, nickname: 'Ana', signed_in: false, team: null } });
    h.send({ type: 'live.player', change: 'joined', player: { id: 2, nickname: 'Bo', signed_in: true, team: null } });
    h.send({ type: 'live.player', change: 'removed', player: { id: 1, nickname: 'Ana', signed_in: false, team: null } });
    expect(h.context().players.map((p) => p.nickname)).toEqual(['Bo']);
    h.actor.send({ type: 'user.lock', locked: true });
    h.actor.send({ type: 'user.next' });
    expect(h.command.calls.map((c) => c.input)).toEqual([{ name: 'live_lock', game_id: 5, locked: 1 }]);
    h.command.resolve({ ok: true, data: { ...lobby, locked: true, version: 2 } });
    await flushPromises();
    h.actor.send({ type: 'user.remove', playerId: 2 });
    expect(h.command.last().input).toEqual({ name: 'live_remove_player', game_id: 5, player_id: 2 });
    h.command.resolve({ ok: true, data: { removed: 2, players: 0 } });
    await flushPromises();
    expect(h.value()).toEqual({ hosting: { screen: 'lobby', command: 'idle' } });
    h.actor.send({ type: 'user.hideWord', word: 'Pizza' });
    expect(h.command.last().input).toEqual({ name: 'live_hide_word', game_id: 5, word: 'Pizza', hidden: 1 });
    h.command.resolve({ ok: true, data: { ...lobby, locked: true, version: 2 } });
    await flushPromises();
    h.send({ type: 'live.game', game: { ...lobby, status: 'question', question, version: 3, player_count: 1 }, serverNow: 9000 });
    expect(h.value()).toEqual({ hosting: { screen: 'question', command: 'idle' } });
    h.send({ type: 'live.counts', answered: 1, players: 1, version: 3 });
    // A count of the question before (an older version) does not count for this one.
    h.send({ type: 'live.counts', answered: 7, players: 1, version: 2 });
    expect(h.context()).toMatchObject({ answered: 1, playerCount: 1 });
  });
});

describe("the host's screen must also", () => {
  test('answer a call that throws as a network failure; take the players on connect and the clock', async () => {
    const h = start();
    h.actor.send({ type: 'user.form', form: { category: 'science' } });
    h.actor.send({ type: 'user.create' });
    h.create.reject(new Error('offline'));
    await flushPromises();
    expect([h.value(), h.context().error]).toEqual(['setup', 'network']);
    const back = start({ gameId: 5 });
    back.load.reject(new Error('offline'));
    await flushPromises();
    expect([back.value(), back.context().error, back.context().gameId]).toEqual(['setup', 'network', null]);
    const hosting = start({ gameId: 5 });
    hosting.load.resolve({ ok: true, data: { game: lobby, players: [] } });
    await flushPromises();
    hosting.send({ type: 'live.players', players: [{ id: 1, nickname: 'Ana', signed_in: false, team: null }, { id: 2, nickname: 'Bo', signed_in: false, team: null }] });
    hosting.actor.send({ type: 'clock.tick', now: 12_345 });
    expect(hosting.context()).toMatchObject({ playerCount: 2, now: 12_345 });
    hosting.actor.send({ type: 'user.next' });
    hosting.command.reject(new Error('offline'));
    await flushPromises();
    expect([hosting.value(), hosting.context().error]).toEqual([{ hosting: { screen: 'lobby', command: 'idle' } }, 'network']);
  });
});

describe('the model paths, driven through the real machine', () => {
  for (const config of ['new', 'resume'] as const) {
    const paths = liveHostModelPaths(config);
    test(`${config}: the model has paths to check`, () => expect(paths.length).toBeGreaterThan(5));

    test.each(pathRows('live-host', config, paths))('%s', async (_name, path) => {
      const h = start(config === 'resume' ? { gameId: 5 } : {});
      // The server's game, as the calls and the frames say it.
      let game: LiveGameView = lobby;
      let players = 0;
      const change = (over: Partial<LiveGameView>) => {
        game = { ...game, ...over, version: game.version + 1 };
        return game;
      };
      const answerCommand = async () => {
        // No control on its way: there is nothing to answer.
        if (h.command.pending().length === 0) return;
        const call = h.command.last();
        const { name } = call.input;
        if (name === 'live_next' && ((game.status === 'lobby' && players === 0) || game.paused)) {
          call.resolve({ ok: false, code: game.paused ? 'live_paused' : 'live_no_players' });
        } else if (name === 'live_pause') call.resolve({ ok: true, data: game.paused ? game : change({ paused: 'host' }) });
        else if (name === 'live_resume') call.resolve({ ok: true, data: game.paused ? change({ paused: null }) : game });
        else if (name === 'live_end') call.resolve({ ok: true, data: change({ status: 'ended', paused: null }) });
        else if (name === 'live_hide_word') call.resolve({ ok: true, data: change({}) });
        else {
          const index = game.question?.index ?? -1;
          const next: Partial<LiveGameView> =
            game.status === 'lobby'
              ? { status: 'question', question: { ...question, index: 0 } }
              : game.status === 'question'
                ? { status: 'reveal' }
                : game.status === 'reveal'
                  ? { status: 'leaderboard' }
                  : index + 1 < game.question_count
                    ? { status: 'question', question: { ...question, index: index + 1 } }
                    : { status: 'podium' };
          call.resolve({ ok: true, data: change(next) });
        }
        await flushPromises();
      };
      const user = (step: { event: { type: string } }) => {
        const e = step.event as LiveHostModelEvent;
        if (e.type === 'user.form') h.actor.send({ type: 'user.form', form: { category: e.category ? 'science' : '' } });
        else if (e.type === 'user.players') h.actor.send({ type: 'user.form', form: { names: 'generated', teams: 2, teamMode: 'choose' } });
        else if (e.type === 'user.hideWord') h.actor.send({ type: 'user.hideWord', word: 'Sunny' });
        else h.actor.send(e as never);
      };
      await testPath(path, {
        events: {
          'user.form': user,
          'user.create': user,
          'user.next': user,
          'user.pause': user,
          'user.resume': user,
          'user.end': user,
          'user.again': user,
          'user.players': user,
          'user.hideWord': user,
          'api.created': async () => {
            game = lobby;
            players = 0;
            h.create.resolve({ ok: true, data: game });
            await flushPromises();
          },
          'api.create_refused': async () => {
            h.create.resolve({ ok: false, code: 'live_hosting_limited' });
            await flushPromises();
          },
          'api.loaded': async () => {
            players = 1;
            game = { ...lobby, player_count: 1 };
            h.load.resolve({ ok: true, data: { game, players: [{ id: 1, nickname: 'Ana', signed_in: false, team: null }] } });
            await flushPromises();
          },
          'api.load_refused': async () => {
            h.load.resolve({ ok: false, code: '102' });
            await flushPromises();
          },
          'feed.joined': () => {
            players += 1;
            h.send({ type: 'live.player', change: 'joined', player: { id: 10 + players, nickname: `P${players}`, signed_in: false, team: null } });
            h.send({ type: 'live.counts', answered: 0, players, version: game.version });
          },
          'api.done': answerCommand,
          'feed.closed': () => h.send({ type: 'live.game', game: change({ status: 'reveal' }), serverNow: 40_000 }),
          'feed.gone': () => h.send({ type: 'feed.status', status: 'gone' }),
        },
        states: {
          '*': (expected: { value: unknown; context: LiveHostModelContext }) => {
            expect(h.value()).toEqual(expected.value);
            expect(h.context().error).toBe(expected.context.error);
          },
        },
      });
    });
  }
});
