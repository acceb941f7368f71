/**
 * A fetch for stream tests: each call is answered with the next scripted status (200 by default,
 * or a network error); a 200 gets a Server-Sent Events body the test writes to, and an abort by the
 * caller errors it, as a browser's fetch does.
 */
export interface FakeStream {
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly at: number;
  aborted: boolean;
  write(text: string): void;
  end(): void;
}

/** fetch answering each call with the next scripted status; 200s get a stream the test drives. */
export function fakeFetch(script: (number | 'network-error')[] = []) {
  const calls: FakeStream[] = [];
  const encoder = new TextEncoder();
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const planned = script.shift() ?? 200;
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
    const call: FakeStream = {
      url: String(input),
      headers: { ...(init?.headers as Record<string, string>) },
      at: Date.now(),
      aborted: false,
      write: (text) => controller.enqueue(encoder.encode(text)),
      end: () => controller.close(),
    };
    calls.push(call);
    init?.signal?.addEventListener('abort', () => {
      call.aborted = true;
      try {
        controller.error(new DOMException('aborted', 'AbortError'));
      } catch {
        // Already closed.
      }
    });
    if (planned === 'network-error') throw new TypeError('fetch failed');
    if (planned !== 200) return new Response(JSON.stringify({ error: true, message: String(planned) }), { status: planned });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  };
  return { fetch: fetch as typeof globalThis.fetch, calls, last: () => calls[calls.length - 1]! };
}

