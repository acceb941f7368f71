import { STREAM_RECONNECT_EVENT } from '@/services/domain/rooms';
import type { LiveGameView, LiveMe, LivePlayerItem } from '@/services/domain/live';
import { backoffDelay, readSse, type SseEvent } from '@/services/client/sse-stream';

/**
 * The browser's side of a live game's streams (docs/live.md, Streams), read with `fetch` so the
 * token travels in a header: a phone's `GET /api/live/<id>/events` (X-Live-Token, the rejoin
 * token) or the host's `GET /api/live/<id>/host` (Authorization, the api token). Game frames older
 * than the one held are dropped by version; the server's clock comes with every heartbeat. A
 * dropped stream reconnects with back-off (0.5 s doubling up to 5 s, spread ±20 %), at once when
 * the server said it is draining for a restart; one that brings nothing for 45 s is treated as
 * dead. 401 and 404 end it (`gone`): the token or the game is no longer good.
 */

export type LiveFeedStatus = 'connecting' | 'live' | 'reconnecting' | 'gone';

export interface LiveFeedHandlers {
  onGame?(game: LiveGameView): void;
  onMe?(me: LiveMe): void;
  /** The host's: everyone in the game (on connect). */
  onPlayers?(players: LivePlayerItem[]): void;
  /** The host's: one player joined or was removed. */
  onPlayer?(change: 'joined' | 'removed', player: LivePlayerItem): void;
  /** The host's live figures. */
  onCounts?(counts: { answered: number; players: number; version: number }): void;
  onStatus?(status: LiveFeedStatus): void;
  /** The game is over: the stream ended after its last frame. */
  onOver?(): void;
}

export interface LiveFeedTarget {
  readonly gameId: number;
  readonly who: 'player' | 'host';
  readonly token: string;
}

export interface LiveFeed {
  subscribe(target: LiveFeedTarget, handlers: LiveFeedHandlers): () => void;
  /** The server's time now (epoch ms) as last learnt from a stream. */
  serverNow(): number;
}

export interface LiveFeedOptions {
  readonly fetch?: typeof fetch;
  readonly baseUrl?: string;
  readonly minDelayMs?: number;
  readonly maxDelayMs?: number;
  readonly stallMs?: number;
  readonly random?: () => number;
  readonly now?: () => number;
}

export function createLiveFeed(options: LiveFeedOptions = {}): LiveFeed {
  const minDelay = options.minDelayMs ?? 500;
  const maxDelay = options.maxDelayMs ?? 5000;
  const stallMs = options.stallMs ?? 45_000;
  const random = options.random ?? Math.random;
  const localNow = options.now ?? Date.now;
  let offsetMs = 0;

  return {
    serverNow: () => localNow() + offsetMs,
    subscribe(target, handlers) {
      const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
      const url = `${options.baseUrl ?? ''}/api/live/${target.gameId}/${target.who === 'host' ? 'host' : 'events'}`;
      const headers: Record<string, string> = target.who === 'host' ? { authorization: `Bearer ${target.token}` } : { 'x-live-token': target.token };
      headers.accept = 'text/event-stream';
      let stopped = false;
      let version = -1;
      let failures = 0;
      let moving = false;
      let controller: AbortController | null = null;
      let retry: ReturnType<typeof setTimeout> | null = null;
      let stall: ReturnType<typeof setTimeout> | null = null;
      let status: LiveFeedStatus | null = null;

      const report = (next: LiveFeedStatus) => {
        if (stopped || status === next) return;
        status = next;
        handlers.onStatus?.(next);
      };
      const parse = <T>(text: string): T | null => {
        try {
          return JSON.parse(text) as T;
        } catch {
          return null;
        }
      };

      function receive(event: SseEvent) {
        switch (event.event) {
          case STREAM_RECONNECT_EVENT:
            moving = true;
            return;
          case 'clock': {
            const t = Number(event.data);
            if (Number.isFinite(t)) offsetMs = t - localNow();
            return;
          }
          case 'game': {
            const game = parse<LiveGameView>(event.data);
            if (!game || game.id !== target.gameId || game.version <= version) return;
            version = game.version;
            handlers.onGame?.(game);
            return;
          }
          case 'me': {
            const me = parse<LiveMe>(event.data);
            if (me) handlers.onMe?.(me);
            return;
          }
          case 'players': {
            const players = parse<LivePlayerItem[]>(event.data);
            if (players) handlers.onPlayers?.(players);
            return;
          }
          case 'player': {
            const change = parse<{ change: 'joined' | 'removed'; player: LivePlayerItem }>(event.data);
            if (change) handlers.onPlayer?.(change.change, change.player);
            return;
          }
          case 'counts': {
            const counts = parse<{ answered: number; players: number; version: number }>(event.data);
            if (counts) handlers.onCounts?.(counts);
            return;
          }
          case 'over':
            handlers.onOver?.();
            stop();
            return;
          default:
            return;
        }
      }

      const clearStall = () => {
        if (stall) clearTimeout(stall);
        stall = null;
      };

      async function attempt() {
        const attemptController = new AbortController();
        controller = attemptController;
        try {
          const res = await fetchImpl(url, { headers, signal: attemptController.signal, cache: 'no-store' });
          if (!res.ok || !res.body) {
            await res.body?.cancel().catch(() => undefined);
            if (res.status === 401 || res.status === 404) {
              report('gone');
              stop();
              return;
            }
            return dropped();
          }
          failures = 0;
          report('live');
          const arm = () => {
            clearStall();
            stall = setTimeout(() => attemptController.abort(), stallMs);
          };
          arm();
          await readSse(res.body, receive, { onChunk: arm, stopped: () => stopped });
        } catch {
          // A network failure, the stall timer or a stop: handled below.
        } finally {
          clearStall();
        }
        if (stopped) return;
        if (moving) {
          moving = false;
          void attempt();
          return;
        }
        dropped();
      }

      function dropped() {
        if (stopped) return;
        report('reconnecting');
        const delay = backoffDelay(failures, minDelay, maxDelay, random);
        failures += 1;
        retry = setTimeout(() => {
          retry = null;
          void attempt();
        }, delay);
      }

      function stop() {
        stopped = true;
        if (retry) clearTimeout(retry);
        retry = null;
        clearStall();
        controller?.abort();
      }

      report('connecting');
      void attempt();
      return stop;
    },
  };
}

/** The page's live feed. */
export const liveFeed: LiveFeed = createLiveFeed();
