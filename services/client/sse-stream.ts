/**
 * What the browser's stream feeds share (room-feed.ts, live-feed.ts): reading a Server-Sent Events
 * body to its end, and the back-off between reconnection attempts.
 */

export interface SseEvent {
  /** The last `id:` seen on the stream (it carries over to later events, as in EventSource). */
  readonly id: string | null;
  /** `event:` of this event, 'message' when absent. */
  readonly event: string;
  readonly data: string;
}

/**
 * An incremental parser of the text/event-stream format (the subset the WHATWG spec gives
 * EventSource): lines end with LF, CRLF or CR; `data:` lines accumulate; a blank line dispatches;
 * lines starting with ':' are comments (the heartbeat). Chunks may split lines anywhere.
 */
export class SseParser {
  private buffer = '';
  private data: string[] = [];
  private event = '';
  private lastId: string | null = null;

  push(chunk: string): SseEvent[] {
    this.buffer += chunk;
    const events: SseEvent[] = [];
    const lineBreak = /\r\n|\r|\n/g;
    let start = 0;
    for (let match = lineBreak.exec(this.buffer); match; match = lineBreak.exec(this.buffer)) {
      // A CR at the very end may be the first half of a CRLF split across chunks: wait for more.
      if (match[0] === '\r' && match.index === this.buffer.length - 1) break;
      const event = this.line(this.buffer.slice(start, match.index));
      if (event) events.push(event);
      start = match.index + match[0].length;
    }
    this.buffer = this.buffer.slice(start);
    return events;
  }

  private line(line: string): SseEvent | null {
    if (line === '') {
      if (this.data.length === 0) {
        this.event = '';
        return null;
      }
      const event: SseEvent = { id: this.lastId, event: this.event || 'message', data: this.data.join('\n') };
      this.data = [];
      this.event = '';
      return event;
    }
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.event = value;
    else if (field === 'id' && !value.includes('\0')) this.lastId = value;
    return null;
  }
}

/**
 * Reads a stream's body event by event until it ends or `stopped()` says so; `onChunk` runs for
 * every chunk that arrives (the feeds' stall timers start again on it).
 */
export async function readSse(body: ReadableStream<Uint8Array>, onEvent: (event: SseEvent) => void, options: { onChunk: () => void; stopped: () => boolean }): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parser = new SseParser();
  for (;;) {
    const { value, done } = await reader.read();
    if (done || options.stopped()) break;
    options.onChunk();
    for (const event of parser.push(decoder.decode(value, { stream: true }))) {
      onEvent(event);
      if (options.stopped()) break;
    }
  }
}

/** The wait before attempt `failures + 1`: doubling from `minDelay` up to `maxDelay`, spread ±20 % (`random` in [0, 1)). */
export function backoffDelay(failures: number, minDelay: number, maxDelay: number, random: () => number): number {
  return Math.min(maxDelay, minDelay * 2 ** failures) * (0.8 + 0.4 * random());
}
