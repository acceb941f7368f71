import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { livePlayerMachine, type LiveFeedEvent } from '@/machines/live-player/live-player.machine';
import { liveFeed as defaultFeed, type LiveFeed } from '@/services/client/live-feed';
import { liveAnswer, liveEntry, liveJoin, liveRejoin } from '@/services/client/live-api';

/**
 * The phone's machine against the real server: its calls through live-api.ts, its `liveFeed`
 * actor on the game's stream, and its seat (game id and rejoin token) kept in the browser's
 * storage, so a reload, a dropped connection or a closed tab comes back as the same player.
 */

const SEAT_KEY = 'quiz-arena.live-seat';

export interface LiveSeat {
  readonly gameId: number;
  readonly token: string;
}

export function storedSeat(): LiveSeat | null {
  try {
    const raw = window.localStorage.getItem(SEAT_KEY);
    const seat = raw ? (JSON.parse(raw) as Partial<LiveSeat>) : null;
    return seat && typeof seat.gameId === 'number' && typeof seat.token === 'string' ? { gameId: seat.gameId, token: seat.token } : null;
  } catch {
    return null;
  }
}

export function storeSeat(seat: LiveSeat | null): void {
  try {
    if (seat) window.localStorage.setItem(SEAT_KEY, JSON.stringify(seat));
    else window.localStorage.removeItem(SEAT_KEY);
  } catch {
    // Storage refused (private mode): a reload then starts at the PIN again.
  }
}

/** The `liveFeed` actor: the game's stream as machine events, the server's clock with each frame. */
export function liveFeedActor(feed: LiveFeed = defaultFeed) {
  return fromCallback<EventObject, { gameId: number; token: string }>(({ input, sendBack }) => {
    const send = (event: LiveFeedEvent) => sendBack(event);
    return feed.subscribe(
      { gameId: input.gameId, who: 'player', token: input.token },
      {
        onGame: (game) => send({ type: 'live.game', game, serverNow: feed.serverNow() }),
        onMe: (me) => send({ type: 'live.me', me }),
        onOver: () => send({ type: 'live.over' }),
        onStatus: (status) => {
          if (status === 'live') send({ type: 'feed.status', status: 'connected', serverNow: feed.serverNow() });
          else if (status === 'reconnecting') send({ type: 'feed.status', status: 'reconnecting' });
          else if (status === 'gone') send({ type: 'feed.status', status: 'gone' });
        },
      },
    );
  });
}

/** The phone's machine with the real calls, stream and storage. */
export function createLivePlayerMachine(feed: LiveFeed = defaultFeed) {
  return livePlayerMachine.provide({
    actors: {
      entry: fromPromise(({ input }) => liveEntry(input)),
      join: fromPromise(({ input }) => liveJoin(input)),
      rejoin: fromPromise(({ input }) => liveRejoin(input)),
      answer: fromPromise(({ input }) => liveAnswer(input)),
      liveFeed: liveFeedActor(feed),
    },
    actions: {
      keepSeat: ({ context }) => storeSeat(context.gameId !== null && context.token ? { gameId: context.gameId, token: context.token } : null),
      forgetSeat: () => storeSeat(null),
    },
  });
}
