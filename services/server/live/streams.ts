import type { IncomingMessage, ServerResponse } from 'node:http';
import { STREAM_RECONNECT_FRAME } from '@/services/domain/rooms';
import type { LiveGameView, LivePlayerItem } from '@/services/domain/live';
import type { LiveGame, LiveOutlet } from '@/services/server/live/game';
import { SpreadTimer } from '@/services/server/ops/spread-timer';

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
/**
 * Each stream gets its heartbeat once per period, its streams spread over this many turns of the
 * period: a beat to every stream at once (thousands of writes) would hold up the answers arriving
 * then for tens of milliseconds.
 */
const HEARTBEAT_SLICES = 15;
/**
 * A channel does not say when one of its phones goes (a reload puts a new one on it): a player keeps
 * the ids of their last few phones there, the oldest forgotten first.
 */
const RELAYED_PER_PLAYER = 4;
const clockFrame = (now: number) => `: heartbeat\nevent: clock\ndata: ${now}\n\n`;
const frame = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * A message on a channel to another process (services/server/live/relay.ts reads them):
 * `<to> <length>\n<text>`, `to` being `*` (every phone of the channel), the phones' ids joined by
 * commas, or `!end` (the last text of every phone; the channel ends). `length` is the text's in
 * UTF-16 code units, as JavaScript counts them.
 */
export const relayMessage = (to: string, text: string) => `${to} ${text.length}\n${text}`;
const relayEnd = (last: string) => relayMessage('!end', last);
/** A channel's heartbeat: a message to no phone, so that a silent channel is seen to be alive. */
export const RELAY_BEAT = relayMessage('.', '');

/**
 * Another process's channel for a game this one holds (docs/live.md, "More than one process"): the
 * phones that process serves get the game's frames through it, each written once to the channel
 * however many of its phones show it. Its phones are named by the ids that process gave them.
 */
interface Relay {
  readonly res: ServerResponse;
  /** A player → the ids of their phones on this channel. */
  readonly byPlayer: Map<number, Set<string>>;
}

interface Audience {
  readonly hosts: Set<ServerResponse>;
  readonly players: Map<number, Set<ServerResponse>>;
  /** Every player stream of the game (the phones' audience). */
  readonly phones: Set<ServerResponse>;
  /** Other processes' channels for their phones of this game. */
  readonly relays: Set<Relay>;
  countsQueued: boolean;
  /** The game frame written last: of this view (a version, with the counts it had then). */
  versionFrame: { view: LiveGameView; text: string } | null;
}

export interface LiveStreams extends LiveOutlet {
  openHost(req: IncomingMessage, res: ServerResponse, game: LiveGame, onClose: () => void): void;
  openPlayer(req: IncomingMessage, res: ServerResponse, game: LiveGame, playerId: number): void;
  /** Another process's channel for the phones it serves of a game held here, under the id it chose. */
  openRelay(res: ServerResponse, game: LiveGame, channelId: string): void;
  /**
   * A phone of another process, on its channel: its first frames go there. False when this process
   * has no such channel open for the game (it closed, or was opened with another process).
   */
  attachRelayed(game: LiveGame, channelId: string, streamId: string, playerId: number): boolean;
  /**
   * A phone here of a game another process holds, fed from a channel (relay.ts): its stream opens
   * and beats like any other; the function returned writes to it.
   */
  openRelayed(res: ServerResponse): (text: string) => void;
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
  /** Open channels by the id their process gave them, with their game. */
  const relaysById = new Map<string, { gameId: number; relay: Relay }>();
  let openCount = 0;
  let serialisations = 0;
  /** Every open stream, beating once per period in its slice of it (given in turn as they open). */
  const heartbeat = new SpreadTimer<ServerResponse>(heartbeatMs, HEARTBEAT_SLICES, (slice) => {
    const text = clockFrame(Date.now());
    for (const res of slice) write(res, channels.has(res) ? RELAY_BEAT : text);
  });
  /** The streams that are channels to other processes (their heartbeat is a channel message). */
  const channels = new WeakSet<ServerResponse>();

  const audience = (gameId: number): Audience => {
    let a = audiences.get(gameId);
    if (!a) {
      a = { hosts: new Set(), players: new Map(), phones: new Set(), relays: new Set(), countsQueued: false, versionFrame: null };
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

  function versionText(game: LiveGame): string {
    const a = audience(game.id);
    const view = game.view();
    if (a.versionFrame?.view !== view) {
      serialisations += 1;
      a.versionFrame = { view, text: `id: ${view.version}\n${frame('game', view)}` };
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

  const countsText = (game: LiveGame) => frame('counts', { answered: game.received, players: game.activeCount, version: game.state.version });

  function start(res: ServerResponse, channel = false) {
    res.writeHead(200, {
      'content-type': channel ? 'text/plain; charset=utf-8' : 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
    });
    res.flushHeaders();
    res.socket?.setNoDelay(true);
    if (channel) channels.add(res);
    write(res, channel ? RELAY_BEAT : clockFrame(Date.now()));
    openCount += 1;
    heartbeat.add(res);
    res.once('close', () => heartbeat.delete(res));
  }

  function stopped() {
    openCount -= 1;
  }

  /** Ends every stream of a game's audience (its screens, its host's, other processes' channels) with a last frame. */
  function endAll(a: Audience | undefined, last: string) {
    if (!a) return;
    for (const res of [...a.phones, ...a.hosts]) if (!res.destroyed && !res.writableEnded) res.end(last);
    for (const relay of [...a.relays]) if (!relay.res.destroyed && !relay.res.writableEnded) relay.res.end(relayEnd(last));
  }

  function forget(gameId: number) {
    const a = audiences.get(gameId);
    if (a && a.hosts.size === 0 && a.phones.size === 0 && a.relays.size === 0) audiences.delete(gameId);
  }

  /** The relayed phones of a player on a channel, as a message's target, or null when it has none there. */
  const relayedOf = (relay: Relay, playerId: number): string | null => {
    const ids = relay.byPlayer.get(playerId);
    return ids && ids.size > 0 ? [...ids].join(',') : null;
  };

  /** The count of a player's screens: here, and on other processes' channels. */
  function screensOf(a: Audience, playerId: number): number {
    let n = a.players.get(playerId)?.size ?? 0;
    for (const relay of a.relays) n += relay.byPlayer.get(playerId)?.size ?? 0;
    return n;
  }

  /** A player's `me` frame to each of their screens, here and on channels. */
  function writeMe(game: LiveGame, a: Audience, playerId: number) {
    const mine = a.players.get(playerId);
    const relayed = [...a.relays].map((relay) => [relay, relayedOf(relay, playerId)] as const).filter(([, to]) => to !== null);
    if ((!mine || mine.size === 0) && relayed.length === 0) return;
    const me = game.me(playerId);
    if (!me) return;
    serialisations += 1;
    const text = frame('me', me);
    for (const res of mine ?? []) write(res, text);
    for (const [relay, to] of relayed) write(relay.res, relayMessage(to!, text));
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

    openRelay(res, game, channelId) {
      const a = audience(game.id);
      start(res, true);
      const relay: Relay = { res, byPlayer: new Map() };
      a.relays.add(relay);
      relaysById.set(channelId, { gameId: game.id, relay });
      res.once('close', () => {
        a.relays.delete(relay);
        if (relaysById.get(channelId)?.relay === relay) relaysById.delete(channelId);
        stopped();
        forget(game.id);
      });
    },

    attachRelayed(game, channelId, streamId, playerId) {
      const open = relaysById.get(channelId);
      if (!open || open.gameId !== game.id || open.relay.res.destroyed || open.relay.res.writableEnded) return false;
      const { relay } = open;
      let ids = relay.byPlayer.get(playerId);
      if (!ids) relay.byPlayer.set(playerId, (ids = new Set()));
      ids.add(streamId);
      for (const old of ids) {
        if (ids.size <= RELAYED_PER_PLAYER) break;
        ids.delete(old);
      }
      const me = game.me(playerId);
      write(relay.res, relayMessage(streamId, versionText(game) + (me ? frame('me', me) : '')));
      return true;
    },

    openRelayed(res) {
      start(res);
      res.once('close', stopped);
      return (text) => write(res, text);
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
      const mes = withMe ? new Map<number, string>() : null;
      const meOf = (playerId: number): string => {
        let m = mes!.get(playerId);
        if (m === undefined) {
          const me = game.me(playerId);
          if (me) serialisations += 1;
          mes!.set(playerId, (m = me ? frame('me', me) : ''));
        }
        return m;
      };
      if (withMe) {
        // One write per phone: the game's frame, then its player's own.
        for (const [playerId, mine] of a.players) {
          const both = text + meOf(playerId);
          for (const res of mine) write(res, both);
        }
      } else for (const res of a.phones) write(res, text);
      for (const res of a.hosts) write(res, text);
      // One write per channel: the frame once for all its phones, then each player's own to theirs.
      for (const relay of a.relays) {
        let out = relayMessage('*', text);
        if (withMe) {
          for (const [playerId, ids] of relay.byPlayer) {
            const me = meOf(playerId);
            if (me && ids.size > 0) out += relayMessage([...ids].join(','), me);
          }
        }
        write(relay.res, out);
      }
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

    answered(game, playerId) {
      // One screen open: the one that answered, told by its reply (a write per answer saved).
      const a = audiences.get(game.id);
      if (a && screensOf(a, playerId) > 1) writeMe(game, a, playerId);
    },

    me(game, playerId) {
      const a = audiences.get(game.id);
      if (a) writeMe(game, a, playerId);
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
