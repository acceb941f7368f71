import { SseParser, type SseEvent } from '@/services/client/room-feed';
import type { RoomDocument } from '@/services/domain/rooms';
import { applyRoomDelta, type RoomDelta } from '@/services/domain/room-events';

/** One room stream as a test reads it: the raw text, the parsed events, and waiting for more. */
export interface StreamReader {
  readonly status: number;
  readonly headers: Headers;
  /** The JSON envelope of a refused stream. */
  readonly body: { error: boolean; message: string; field?: string } | null;
  /** Everything received so far, comments included. */
  text(): string;
  events(): SseEvent[];
  /** The room documents received, in order: each whole one (`event: room`) and each delta (`event: delta`) folded into the one before it, as the browser does. */
  docs(): RoomDocument[];
  /** The versions received, whole or as deltas, in order. */
  versions(): number[];
  /** Resolves when `predicate` holds; fails naming `what` after `timeoutMs`. */
  waitFor(what: string, predicate: () => boolean, timeoutMs?: number): Promise<void>;
  /** Goes away as a browser tab does: the connection is closed. */
  close(): void;
}

export function openRoomStream(baseUrl: string, roomId: string, token?: string, headers: Record<string, string> = {}): Promise<StreamReader> {
  return openEventStream(`${baseUrl}/api/rooms/${roomId}/events`, token, headers);
}

/** Any stream of the API (rooms, notifications) at `url`. */
export async function openEventStream(url: string, token?: string, headers: Record<string, string> = {}): Promise<StreamReader> {
  const controller = new AbortController();
  const res = await fetch(url, {
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    signal: controller.signal,
  });
  let raw = '';
  const events: SseEvent[] = [];
  const waiters = new Set<() => void>();
  let body: StreamReader['body'] = null;

  if (res.headers.get('content-type')?.startsWith('text/event-stream') && res.body) {
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    const parser = new SseParser();
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          const text = decoder.decode(value, { stream: true });
          raw += text;
          events.push(...parser.push(text));
          for (const wake of [...waiters]) wake();
        }
      } catch {
        // Aborted by close().
      }
    })();
  } else {
    body = (await res.json()) as StreamReader['body'];
  }

  const docs = () => {
    const out: RoomDocument[] = [];
    for (const e of events) {
      if (e.event === 'room') out.push(JSON.parse(e.data) as RoomDocument);
      else if (e.event === 'delta') {
        const held = out.at(-1);
        if (!held) throw new Error(`a delta arrived before any document: ${e.data}`);
        out.push(applyRoomDelta(held, JSON.parse(e.data) as RoomDelta));
      }
    }
    return out;
  };
  return {
    status: res.status,
    headers: res.headers,
    body,
    text: () => raw,
    events: () => events,
    docs,
    // Every version received, whole or as a delta (a stream resumed with Last-Event-ID starts with deltas).
    versions: () => events.filter((e) => e.event === 'room' || e.event === 'delta').map((e) => Number(e.id)),
    waitFor(what, predicate, timeoutMs = 5000) {
      if (predicate()) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`timed out waiting for ${what}; received versions ${JSON.stringify(docs().map((d) => d.version))}`));
        }, timeoutMs);
        const check = () => {
          if (!predicate()) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
      });
    },
    close: () => controller.abort(),
  };
}

/** Resolves when `predicate` holds, polling (for effects that are not on a stream). */
export async function eventually(what: string, predicate: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** A waiting friend room with these members, at this version (only what a stream carries matters). */
export function roomDoc(id: string, version: number, memberIds: readonly number[], overrides: Partial<RoomDocument> = {}): RoomDocument {
  const at = new Date(Date.UTC(2025, 0, 1, 12, 0, version)).toISOString();
  return {
    id,
    version,
    type: 'friend',
    status: 'waiting',
    code: 'ABC234',
    created_by: memberIds[0] ?? 0,
    language_id: 0,
    category: null,
    category_name: null,
    entry_fee: 0,
    no_of_que: 10,
    seconds_per_question: 15,
    max_players: 2,
    vs_bot: false,
    search_deadline_at: null,
    players: memberIds.map((userId, seat) => ({
      user_id: userId,
      name: `Player ${seat + 1}`,
      image: null,
      is_bot: false,
      seat,
      ready: seat === 0,
      points: 0,
      correct: 0,
      answered: 0,
      connected: true,
      grace_until: null,
      left: false,
    })),
    questions: [],
    current_index: 0,
    messages: [],
    result: null,
    created_at: at,
    updated_at: at,
    ...overrides,
  };
}
