import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { liveHostMachine, type LiveCommand, type LiveCreatePayload, type LiveHostFeedEvent } from '@/machines/live-host/live-host.machine';
import { apiRequest } from '@/services/client/api';
import { liveFeed as defaultFeed, type LiveFeed } from '@/services/client/live-feed';
import type { LiveGameView, LivePlayerItem } from '@/services/domain/live';
import type { CallOutcome } from '@/services/domain/play-session';
import { selectToken } from '@/services/store/selectors';
import { getAppStore } from '@/services/store/store';

/**
 * The host's machine against the real server: its calls through the api client (quiet: the host's
 * screen says what went wrong where it belongs) and its feed on the game's host stream, with the
 * signed-in host's api token.
 */

const quiet = { toast: false } as const;

/** The `hostFeed` actor: the host's stream as machine events, the server's clock with each frame. */
export function liveHostFeedActor(feed: LiveFeed = defaultFeed, token: () => string | null = () => selectToken(getAppStore().getState())) {
  return fromCallback<EventObject, { gameId: number }>(({ input, sendBack }) => {
    const send = (event: LiveHostFeedEvent) => sendBack(event);
    return feed.subscribe(
      { gameId: input.gameId, who: 'host', token: token() ?? '' },
      {
        onGame: (game) => send({ type: 'live.game', game, serverNow: feed.serverNow() }),
        onPlayers: (players) => send({ type: 'live.players', players }),
        onPlayer: (change, player) => send({ type: 'live.player', change, player }),
        onCounts: (counts) => send({ type: 'live.counts', ...counts }),
        onStatus: (status) => {
          if (status === 'live') send({ type: 'feed.status', status: 'connected', serverNow: feed.serverNow() });
          else if (status === 'reconnecting') send({ type: 'feed.status', status: 'reconnecting' });
          else if (status === 'gone') send({ type: 'feed.status', status: 'gone' });
        },
      },
    );
  });
}

/** The host's machine with the real calls and stream. */
export function createLiveHostMachine(feed: LiveFeed = defaultFeed) {
  return liveHostMachine.provide({
    actors: {
      create: fromPromise<CallOutcome<LiveGameView>, LiveCreatePayload>(({ input }) => apiRequest<LiveGameView>('live_create', { ...input }, quiet)),
      load: fromPromise<CallOutcome<{ game: LiveGameView; players: LivePlayerItem[] }>, { game_id: number }>(({ input }) => apiRequest<{ game: LiveGameView; players: LivePlayerItem[] }>('live_host_game', input, quiet)),
      command: fromPromise<CallOutcome<unknown>, LiveCommand>(({ input }) => {
        const { name, ...payload } = input;
        return apiRequest<unknown>(name, payload, quiet);
      }),
      hostFeed: liveHostFeedActor(feed),
    },
  });
}
