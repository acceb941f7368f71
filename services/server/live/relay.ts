import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { STREAM_RECONNECT_FRAME } from '@/services/domain/rooms';
import { askHolder, forwardStream, RELAY_HEADER, RELAY_STREAM_HEADER } from '@/services/server/live/forward';
import type { LiveStreams } from '@/services/server/live/streams';

/**
 * Phones of a game another process holds (docs/live.md, "More than one process"). Instead of a
 * piped stream from the holder for every phone, this process keeps one channel per game and holder
 * (`GET /api/live/<id>/relay`): the holder writes each frame the game's phones share to it once,
 * and each player's own frames with the ids of that player's phones here; this process writes them
 * to its phones. A phone is put on the channel by its own stream request sent to the holder (which
 * checks its rejoin token as for any phone) with the channel's id and the phone's; its first frames
 * come on the channel, so nothing it is shown comes out of order.
 *
 * Where the holder refuses a channel or a phone on one (an unknown token, a game it no longer
 * runs), the phone's stream is sent on as before and the holder's answer reaches it as it is.
 */

/** A channel left without phones is closed after this long (a phone reloading comes back on it). */
const IDLE_CLOSE_MS = 5_000;

interface Phone {
  /** Writes to the phone's stream once the holder took it; until then what comes waits in `pending`. */
  write: ((text: string) => void) | null;
  pending: string;
  readonly res: ServerResponse;
}

interface Channel {
  readonly id: string;
  readonly key: string;
  readonly phones: Map<string, Phone>;
  upstream: IncomingMessage | null;
  close: () => void;
  closed: boolean;
  idleTimer: NodeJS.Timeout | null;
}

export interface LiveRelays {
  /**
   * A phone's stream (`live/<id>/events`) of a game `holder` holds, served here from the game's
   * channel; resolves once the stream ended. `moved`: the holder said it does not run the game.
   * Throws where the holder did not answer (the gateway then asks the database again).
   */
  openPhone(holder: string, gameId: number, req: IncomingMessage, clientIp: string, res: ServerResponse): Promise<{ moved: boolean }>;
  /** Channels open now (a test and the bench read it). */
  readonly channelCount: number;
  /** Ends every channel, its phones told to reconnect (the process stops). */
  close(): void;
}

export function createLiveRelays(streams: LiveStreams): LiveRelays {
  const channels = new Map<string, Channel>();
  const opening = new Map<string, Promise<Channel | null>>();
  let nextPhone = 0;

  /** The phones' texts of one batch of messages, each phone written once. */
  function deliver(channel: Channel, out: Map<Phone, string>) {
    for (const [phone, text] of out) {
      if (phone.write) phone.write(text);
      else phone.pending += text;
    }
  }

  function endChannel(channel: Channel, last: string) {
    if (channel.closed) return;
    channel.closed = true;
    if (channels.get(channel.key) === channel) channels.delete(channel.key);
    if (channel.idleTimer) clearTimeout(channel.idleTimer);
    // A phone still being put on the channel is left to openPhone, which sees the channel closed.
    for (const phone of channel.phones.values()) if (phone.write && !phone.res.destroyed && !phone.res.writableEnded) phone.res.end(last);
    channel.phones.clear();
    channel.close();
  }

  /** Reads the channel's messages (`<to> <length>\n<text>`, streams.ts) as they come. */
  function listen(channel: Channel, upstream: IncomingMessage) {
    let rest = '';
    upstream.setEncoding('utf8');
    upstream.on('data', (chunk: string) => {
      rest += chunk;
      const out = new Map<Phone, string>();
      let at = 0;
      for (;;) {
        const nl = rest.indexOf('\n', at);
        if (nl < 0) break;
        const space = rest.lastIndexOf(' ', nl);
        const length = Number(rest.slice(space + 1, nl));
        if (rest.length < nl + 1 + length) break;
        const to = rest.slice(at, space);
        const text = rest.slice(nl + 1, nl + 1 + length);
        at = nl + 1 + length;
        if (to === '.') continue;
        if (to === '!end') {
          deliver(channel, out);
          endChannel(channel, text);
          return;
        }
        const add = (phone: Phone | undefined) => {
          if (phone) out.set(phone, (out.get(phone) ?? '') + text);
        };
        if (to === '*') for (const phone of channel.phones.values()) add(phone);
        else for (const id of to.split(',')) add(channel.phones.get(id));
      }
      rest = rest.slice(at);
      deliver(channel, out);
    });
    // The holder went (stopped, or the connection broke): its phones reconnect and find the game anew.
    const broke = () => endChannel(channel, STREAM_RECONNECT_FRAME);
    upstream.once('end', broke);
    upstream.once('error', broke);
    upstream.once('close', broke);
  }

  /** The game's channel to `holder`, opened with this phone's request if there is none; null where the holder refused it. */
  function channelFor(holder: string, gameId: number, req: IncomingMessage, clientIp: string): Promise<Channel | null> {
    const key = `${gameId} ${holder}`;
    const open = channels.get(key);
    if (open && !open.closed) return Promise.resolve(open);
    let pending = opening.get(key);
    if (!pending) {
      pending = (async () => {
        const id = randomBytes(12).toString('base64url');
        const { upstream, out } = await askHolder(holder, `live/${gameId}/relay`, req, clientIp, { [RELAY_HEADER]: id });
        if (upstream.statusCode !== 200) {
          upstream.resume();
          return null;
        }
        const channel: Channel = { id, key, phones: new Map(), upstream, closed: false, idleTimer: null, close: () => out.destroy() };
        out.once('error', () => endChannel(channel, STREAM_RECONNECT_FRAME));
        channels.set(key, channel);
        listen(channel, upstream);
        return channel;
      })().finally(() => opening.delete(key));
      opening.set(key, pending);
    }
    return pending;
  }

  function phoneLeft(channel: Channel, id: string) {
    channel.phones.delete(id);
    if (channel.phones.size > 0 || channel.closed) return;
    channel.idleTimer ??= setTimeout(() => {
      channel.idleTimer = null;
      if (channel.phones.size === 0) endChannel(channel, STREAM_RECONNECT_FRAME);
    }, IDLE_CLOSE_MS).unref();
  }

  return {
    get channelCount() {
      return channels.size;
    },

    async openPhone(holder, gameId, req, clientIp, res) {
      const path = `live/${gameId}/events`;
      const channel = await channelFor(holder, gameId, req, clientIp);
      // Refused: the phone's stream is sent on, and the holder's answer reaches it as it is.
      if (!channel) return forwardStream(holder, path, req, clientIp, res);
      if (channel.idleTimer) {
        clearTimeout(channel.idleTimer);
        channel.idleTimer = null;
      }
      const id = String(++nextPhone);
      const phone: Phone = { write: null, pending: '', res };
      channel.phones.set(id, phone);
      let put: Awaited<ReturnType<typeof askHolder>>;
      try {
        put = await askHolder(holder, path, req, clientIp, { [RELAY_STREAM_HEADER]: `${channel.id} ${id}` });
      } catch (error) {
        phoneLeft(channel, id);
        throw error;
      }
      put.upstream.resume();
      if (put.upstream.statusCode !== 204 || channel.closed || res.destroyed) {
        phoneLeft(channel, id);
        if (res.destroyed || res.headersSent) return { moved: false };
        // The holder did not take it on the channel (or the channel ended meanwhile): sent on as before.
        return forwardStream(holder, path, req, clientIp, res);
      }
      const write = streams.openRelayed(res);
      if (phone.pending) write(phone.pending);
      phone.pending = '';
      phone.write = write;
      return new Promise((resolve) => {
        const left = () => {
          phoneLeft(channel, id);
          resolve({ moved: false });
        };
        res.once('close', left);
      });
    },

    close() {
      for (const channel of [...channels.values()]) endChannel(channel, STREAM_RECONNECT_FRAME);
    },
  };
}
