import type { IncomingMessage, ServerResponse } from 'node:http';
import { STREAM_RECONNECT_FRAME } from '@/services/domain/rooms';
import type { LivePlayerItem } from '@/services/domain/live';
import type { LiveGame, LiveOutlet } from '@/services/server/live/game';

/**
 * The live game's streams (docs/live.md, "Streams"): Server-Sent Events from
 * `GET /api/live/<game id>/events` (a player's phone, with its rejoin token) and
 * `GET /api/live/<game id>/host` (the host's screen).
 *
 * Every frame an audience shares is serialised once and written to each of its streams: the game's
 * new version to every screen, the host's live counts to the host's screens (coalesced to one frame
 * per turn of the event loop however many answers arrived in it). Only a player's own `me` frame is
 * made per player, and it never holds anyone else's answer.
 */

/** A stream whose client reads nothing is cut when this much is waiting for it (it reconnects). */
const MAX_BUFFERED_BYTES = 1 << 20;
const clockFrame = (now: number) => `: heartbeat\nevent: clock\ndata: ${now}\n\n`;
const frame = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

interface Audience {
  readonly hosts: Set<ServerResponse>;
  readonly players: Map<number, Set<ServerResponse>>;
  /** Every player stream of the game (the phones' audience). */
  readonly phones: Set<ServerResponse>;
  countsQueued: boolean;
  /** The game frame written last, by version. */
  versionFrame: { version: number; text: string } | null;
}

export interface LiveStreams extends LiveOutlet {
  openHost(req: IncomingMessage, res: ServerResponse, game: LiveGame, onClose: () => void): void;
  openPlayer(req: IncomingMessage, res: ServerResponse, game: LiveGame, playerId: number): void;
  hostCount(gameId: number): number;
  /** Ends a game's streams, each told to reconnect (the game is run by another process now). */
  reconnect(gameId: number): void;
  readonly openCount: number;
  /** Frames serialised (the bench and a test read it). */
  readonly serialisations: number;
  close(): void;
}

export function createLiveStreams(heartbeatMs: number): LiveStreams {
  const audiences = new Map<number, Audience>();
  let openCount = 0;
  let serialisations = 0;
  let heartbeat: NodeJS.Timeout | null = null;

  const audience = (gameId: number): Audience => {
    let a = audiences.get(gameId);
    if (!a) {
      a = { hosts: new Set(), players: new Map(), phones: new Set(), countsQueued: false, versionFrame: null };
      audiences.set(gameId, a);
    }
    return a;
  };

  function write(res: ServerResponse, text: string) {
    if (res.destroyed || res.writableEnded) return;
    if (res.writableLength > MAX_BUFFERED_BYTES) {
      res.destroy();
      return;
    }
    res.write(text);
    res.socket?.uncork();
  }

  function beat() {
    const text = clockFrame(Date.now());
    for (const a of audiences.values()) {
      for (const res of a.hosts) write(res, text);
      for (const res of a.phones) write(res, text);
    }
  }

  function versionText(game: LiveGame): string {
    const a = audience(game.id);
    const view = game.view();
    if (a.versionFrame?.version !== view.version) {
      serialisations += 1;
      a.versionFrame = { version: view.version, text: `id: ${view.version}\n${frame('game', view)}` };
    }
    return a.versionFrame.text;
  }

  /** The counts frame that is waiting, if one is (written once however many answers it counts). */
  function writeCounts(game: LiveGame, a: Audience) {
    if (!a.countsQueued) return;
    a.countsQueued = false;
    serialisations += 1;
    const text = countsText(game);
    for (const res of a.hosts) write(res, text);
  }

  const countsText = (game: LiveGame) => frame('counts', { answered: game.answers.size, players: game.activeCount, version: game.state.version });

  function start(res: ServerResponse) {
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
    });
    res.flushHeaders();
    res.socket?.setNoDelay(true);
    write(res, clockFrame(Date.now()));
    openCount += 1;
    heartbeat ??= setInterval(beat, heartbeatMs).unref();
  }

  function stopped() {
    openCount -= 1;
    if (openCount === 0 && heartbeat) {
      clearInterval(heartbeat);
      heartbeat = null;
    }
  }

  /** Ends every stream of a game's audience (its screens and its host's) with a last frame. */
  function endAll(a: Audience | undefined, last: string) {
    if (!a) return;
    for (const res of [...a.phones, ...a.hosts]) if (!res.destroyed && !res.writableEnded) res.end(last);
  }

  function forget(gameId: number) {
    const a = audiences.get(gameId);
    if (a && a.hosts.size === 0 && a.phones.size === 0) audiences.delete(gameId);
  }

  return {
    get openCount() {
      return openCount;
    },
    get serialisations() {
      return serialisations;
    },

    hostCount(gameId) {
      return audiences.get(gameId)?.hosts.size ?? 0;
    },

    openHost(_req, res, game, onClose) {
      const a = audience(game.id);
      start(res);
      a.hosts.add(res);
      write(res, versionText(game));
      serialisations += 1;
      write(res, frame('players', game.playerItems()));
      write(res, countsText(game));
      res.once('close', () => {
        a.hosts.delete(res);
        stopped();
        forget(game.id);
        onClose();
      });
    },

    openPlayer(_req, res, game, playerId) {
      const a = audience(game.id);
      start(res);
      a.phones.add(res);
      let mine = a.players.get(playerId);
      if (!mine) a.players.set(playerId, (mine = new Set()));
      mine.add(res);
      write(res, versionText(game));
      const me = game.me(playerId);
      if (me) write(res, frame('me', me));
      res.once('close', () => {
        a.phones.delete(res);
        mine.delete(res);
        if (mine.size === 0) a.players.delete(playerId);
        stopped();
        forget(game.id);
      });
    },

    version(game, withMe = false) {
      const a = audiences.get(game.id);
      if (!a) return;
      const text = versionText(game);
      if (withMe) {
        // One write per phone: the game's frame, then its player's own.
        for (const [playerId, mine] of a.players) {
          const me = game.me(playerId);
          if (me) serialisations += 1;
          const both = me ? text + frame('me', me) : text;
          for (const res of mine) write(res, both);
        }
      } else for (const res of a.phones) write(res, text);
      for (const res of a.hosts) write(res, text);
    },

    counts(game) {
      const a = audiences.get(game.id);
      if (!a || a.hosts.size === 0 || a.countsQueued) return;
      a.countsQueued = true;
      // Every answer counted in this turn goes in one frame, written once the turn ends.
      setImmediate(() => writeCounts(game, a));
    },

    flushCounts(game) {
      const a = audiences.get(game.id);
      if (a) writeCounts(game, a);
    },

    player(game, item: LivePlayerItem, change) {
      const a = audiences.get(game.id);
      if (!a || a.hosts.size === 0) return;
      serialisations += 1;
      const text = frame('player', { change, player: item });
      for (const res of a.hosts) write(res, text);
    },

    me(game, playerId) {
      const mine = audiences.get(game.id)?.players.get(playerId);
      if (!mine || mine.size === 0) return;
      const me = game.me(playerId);
      if (!me) return;
      serialisations += 1;
      const text = frame('me', me);
      for (const res of mine) write(res, text);
    },

    closed(game) {
      // The last frames were written; the screens keep showing them. Streams end so clients stop.
      endAll(audiences.get(game.id), frame('over', { id: game.id }));
    },

    reconnect(gameId) {
      endAll(audiences.get(gameId), STREAM_RECONNECT_FRAME);
    },

    close() {
      for (const a of audiences.values()) endAll(a, STREAM_RECONNECT_FRAME);
    },
  };
}
