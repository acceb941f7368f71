import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pino, { type Logger } from 'pino';
import type { Database } from '@/services/server/db/client';
import { readConfig, type ServerConfig } from '@/services/server/config';
import { createAppServices, type AppServiceOptions, type AppServices } from '@/services/server/app-services';
import { createGateway, type Gateway } from '@/services/server/gateway/gateway';
import { SOCKET_PATH } from '@/services/server/gateway/socket';
import type { EndpointRegistry } from '@/services/server/gateway/endpoint';
import { createRegistry } from '@/services/server/endpoints/registry';
import type { RoomFeedSource } from '@/services/server/rooms/store/port';

export interface TestApi {
  readonly url: string;
  readonly app: AppServices;
  readonly gateway: Gateway;
  /** Every log line written while the API ran, parsed. */
  readonly logLines: Record<string, unknown>[];
  call(endpoint: string, body?: Record<string, string | number | boolean>, options?: CallOptions): Promise<ApiAnswer>;
  close(): Promise<void>;
}

export interface CallOptions {
  token?: string;
  /** How the body is sent; multipart by default, as the web client does. */
  as?: 'multipart' | 'urlencoded' | 'json';
  method?: string;
  /** Extra request headers (e.g. `x-forwarded-for` on a server started with `trustProxy`). */
  headers?: Record<string, string>;
}

export interface ApiAnswer {
  status: number;
  body: { error: boolean; message: string; data: unknown; field?: string; detail?: string; request_id?: string } & Record<string, unknown>;
  headers: Headers;
}

/** A real HTTP server running the gateway on the given database (no Next, no port clash). */
/** `config` overrides the defaults (e.g. `{ devOutbox: true }` to read mail from the dev outbox). */
/** `options.roomFeed` stands in for the room service behind the room stream (a fake, in its tests); `options.services` passes test seams (the room service's clock). */
export async function startTestApi(
  database: Database,
  registry: EndpointRegistry = createRegistry(),
  config: Partial<ServerConfig> = {},
  options: { roomFeed?: RoomFeedSource; services?: AppServiceOptions } = {},
): Promise<TestApi> {
  const logLines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n')) if (line.trim()) logLines.push(JSON.parse(line));
      done();
    },
  });
  const log: Logger = pino({ level: 'info' }, sink);
  const app = createAppServices(database, { ...readConfig({}, []), dataDir: 'memory://', ...config }, log, options.services);
  await app.sessions.start();
  const gateway = createGateway(registry, app, log, { roomFeed: options.roomFeed });
  const server = http.createServer((req, res) => void gateway.handle(req, res));
  // As server.ts: the gateway says when a waiting client may send its body.
  server.on('checkContinue', (req, res) => void gateway.handle(req, res));
  // As server.ts: the players' sockets.
  server.on('upgrade', (req, socket, head) => {
    if ((req.url ?? '').split('?')[0] === SOCKET_PATH) gateway.sockets.upgrade(req, socket, head);
    else socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Each test server is a process of its own to the live games (two may share a database).
  app.live.holdAs(url);

  async function call(endpoint: string, body: Record<string, string | number | boolean> = {}, options: CallOptions = {}) {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let payload: BodyInit | undefined;
    const as = options.as ?? 'multipart';
    if (as === 'json') {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    } else if (as === 'urlencoded') {
      payload = new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)]));
    } else {
      const form = new FormData();
      for (const [k, v] of Object.entries(body)) form.append(k, String(v));
      payload = form;
    }
    const method = options.method ?? 'POST';
    const res = await fetch(`${url}/api/${endpoint}`, {
      method,
      headers,
      body: method === 'GET' || method === 'HEAD' ? undefined : payload,
    });
    return { status: res.status, body: await res.json(), headers: res.headers } as ApiAnswer;
  }

  return {
    url,
    app,
    gateway,
    logLines,
    call,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Open room streams would keep the server from closing; their presence is recorded first.
      await gateway.close();
      await app.live.stop();
      server.closeAllConnections();
      await closed;
      await app.exams.close();
      await app.contestPrizes.close();
      await app.notificationDelivery.close();
      await app.notificationBus.close();
      await app.rooms.close();
      await app.roomStore.close();
      await app.sessions.close();
    },
  };
}
