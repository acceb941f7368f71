import { STREAM_RECONNECT_FRAME } from '@/services/domain/rooms';
import type { LiveGameView } from '@/services/domain/live';
import { createLiveFeed, type LiveFeedStatus } from '@/services/client/live-feed';
import { fakeFetch } from '@/tests/fakes/fake-sse-fetch';

/** The browser's live feed on a fake fetch whose streams the test writes to, on fake timers. */

const game = (version: number, id = 7): LiveGameView => ({ id, version, status: 'lobby' }) as LiveGameView;
const frame = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
const tick = () => jest.advanceTimersByTimeAsync(0);

beforeEach(() => {
  jest.useFakeTimers();
});
afterEach(() => {
  jest.useRealTimers();
});

function follow(f: ReturnType<typeof fakeFetch>, who: 'player' | 'host' = 'player') {
  const seen: string[] = [];
  const statuses: LiveFeedStatus[] = [];
  const feed = createLiveFeed({ fetch: f.fetch, baseUrl: 'https://quiz.example', random: () => 0.5, now: () => 1_000 });
  const stop = feed.subscribe(
    { gameId: 7, who, token: 'the-token' },
    {
      onGame: (g) => seen.push(`game ${g.version}`),
      onMe: (m) => seen.push(`me ${m.score}`),
      onPlayers: (p) => seen.push(`players ${p.length}`),
      onPlayer: (change, p) => seen.push(`${change} ${p.nickname}`),
      onCounts: (c) => seen.push(`counts ${c.answered}/${c.players}`),
      onStatus: (s) => statuses.push(s),
      onOver: () => seen.push('over'),
    },
  );
  return { feed, seen, statuses, stop };
}

describe('the live feed', () => {
  test('a phone reads its stream with its token in a header; frames are handed over in order, older games dropped', async () => {
    const f = fakeFetch();
    const { feed, seen, statuses, stop } = follow(f);
    await tick();
    expect(f.last().url).toBe('https://quiz.example/api/live/7/events');
    expect(f.last().headers).toMatchObject({ 'x-live-token': 'the-token' });
    expect(f.last().headers.authorization).toBeUndefined();
    f.last().write(`event: clock\ndata: 5000\n\n${frame('game', game(3))}${frame('me', { score: 0 })}`);
    await tick();
    f.last().write(`${frame('game', game(2))}${frame('game', game(8, 99))}${frame('game', game(4))}`);
    await tick();
    expect(seen).toEqual(['game 3', 'me 0', 'game 4']);
    expect(statuses).toEqual(['connecting', 'live']);
    expect(feed.serverNow()).toBe(5000);
    stop();
  });

  test("the host's stream: players, joins and counts; a broken frame is skipped", async () => {
    const f = fakeFetch();
    const { seen, stop } = follow(f, 'host');
    await tick();
    expect(f.last().url).toBe('https://quiz.example/api/live/7/host');
    expect(f.last().headers).toMatchObject({ authorization: 'Bearer the-token' });
    f.last().write(frame('players', [{ id: 1, nickname: 'Ana', signed_in: false }]));
    f.last().write('event: counts\ndata: {not json\n\n');
    f.last().write(frame('player', { change: 'joined', player: { id: 2, nickname: 'Bo', signed_in: true } }));
    f.last().write(frame('counts', { answered: 1, players: 2, version: 5 }));
    await tick();
    expect(seen).toEqual(['players 1', 'joined Bo', 'counts 1/2']);
    stop();
  });

  test('reconnects with back-off after a drop, at once when the server drains, and not after the game is over', async () => {
    const f = fakeFetch([503]);
    const { seen, statuses, stop } = follow(f);
    await tick();
    expect(statuses).toEqual(['connecting', 'reconnecting']);
    await jest.advanceTimersByTimeAsync(600);
    expect(f.calls).toHaveLength(2);
    expect(statuses.at(-1)).toBe('live');
    f.last().write(STREAM_RECONNECT_FRAME);
    f.last().end();
    await tick();
    expect(f.calls).toHaveLength(3);
    f.last().write(frame('game', game(9)) + frame('over', { id: 7 }));
    await tick();
    expect(seen).toEqual(['game 9', 'over']);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(f.calls).toHaveLength(3);
    stop();
  });

  test('a stream that brings nothing for 45 s is dropped and opened again; 404 ends the feed as gone', async () => {
    const f = fakeFetch([200, 404]);
    const { statuses } = follow(f);
    await tick();
    await jest.advanceTimersByTimeAsync(45_000);
    expect(f.calls[0]!.aborted).toBe(true);
    await jest.advanceTimersByTimeAsync(1_000);
    expect(f.calls).toHaveLength(2);
    expect(statuses).toEqual(['connecting', 'live', 'reconnecting', 'gone']);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(f.calls).toHaveLength(2);
  });
});
