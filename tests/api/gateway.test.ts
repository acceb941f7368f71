import { z } from 'zod';
import { writeSetting } from '@/services/server/settings/repository';
import { ApiError } from '@/services/server/gateway/api-error';
import { endpoint, EndpointRegistry } from '@/services/server/gateway/endpoint';
import { closeTestDatabase, getTestDatabase, resetDatabase, testDbKind } from '@/tests/setup/db';
import { startTestApi, type TestApi } from '@/tests/setup/api';
import { createPlayerWithSession } from '@/tests/fixtures/users';

// A registry holding the real endpoints plus probes that exercise each branch of the gateway.
const probes = [
  endpoint({
    name: 'probe_echo',
    access: 'public',
    input: z.object({ name: z.string().min(2, 'must be at least 2 characters').max(20), count: z.coerce.number().int().min(1) }),
    async handler(input, ctx) {
      ctx.log.info({ probe: true }, 'handler ran');
      return { data: { name: input.name, count: input.count, user: ctx.user?.id ?? null }, extra: { total: 1 } };
    },
  }),
  endpoint({
    name: 'probe_private',
    access: 'user',
    input: z.object({}),
    async handler(_input, ctx) {
      return { data: { user: ctx.user!.id } };
    },
  }),
  endpoint({
    name: 'admin_probe',
    access: 'admin',
    duringMaintenance: true,
    input: z.object({}),
    async handler() {
      return { data: 'admin ok' };
    },
  }),
  endpoint({
    name: 'probe_crash',
    access: 'public',
    input: z.object({}),
    async handler() {
      throw new Error('secret database detail at /srv/app/secret.ts:42');
    },
  }),
  endpoint({
    name: 'probe_refuse',
    access: 'public',
    input: z.object({}),
    async handler() {
      throw new ApiError('not_enough_coins', { field: 'coins' });
    },
  }),
];

let api: TestApi;

beforeAll(async () => {
  const database = await getTestDatabase();
  api = await startTestApi(database, new EndpointRegistry([probes]));
});

beforeEach(async () => {
  await resetDatabase(await getTestDatabase());
  api.app.settings.invalidate();
});

afterAll(async () => {
  await api.close();
  await closeTestDatabase();
});

describe(`the API gateway (${testDbKind})`, () => {
  test.each(['multipart', 'urlencoded', 'json'] as const)('reads a %s body and answers in the envelope', async (as) => {
    const res = await api.call('probe_echo', { name: 'Ada', count: '3' }, { as });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ error: false, message: 'ok', data: { name: 'Ada', count: 3, user: null }, total: 1 });
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f]{6}-[0-9a-z]+$/);
  });

  test('names the field that failed validation', async () => {
    const res = await api.call('probe_echo', { name: 'A', count: 2 });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: true, message: '103', field: 'name', data: null });
    expect(res.body.detail).toContain('at least 2 characters');
  });

  test('names a missing required field', async () => {
    const res = await api.call('probe_echo', { name: 'Ada' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: '103', field: 'count' });
  });

  test('answers 404 for an unknown endpoint', async () => {
    const res = await api.call('no_such_endpoint');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: true, message: 'not_found' });
  });

  test('answers 405 for a method other than POST', async () => {
    const res = await api.call('probe_echo', {}, { method: 'GET' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    expect(res.body.message).toBe('method_not_allowed');
  });

  test('answers 413 for a body over the limit', async () => {
    const res = await api.call('probe_echo', { name: 'x'.repeat(1024 * 1024 + 10), count: 1 }, { as: 'json' });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('payload_too_large');
  });

  /**
   * Sends a body of `total` bytes in 64 KiB pieces, one every `everyMs` (a slow phone), and stops
   * sending as soon as the answer arrives, as a browser does; `declared` sends a Content-Length,
   * else the body comes in chunks. Says when the answer came and how much had been sent by then.
   */
  async function slowUpload(options: { total: number; declared: boolean; everyMs: number; expectContinue?: boolean }) {
    const { request } = await import('node:http');
    const chunk = Buffer.alloc(64 * 1024, 'x');
    const started = Date.now();
    return new Promise<{ status: number; body: string; sentWhenAnswered: number; sent: number; ms: number; continued: boolean }>((resolve, reject) => {
      let sent = 0;
      let answered = false;
      let continued = false;
      let sentWhenAnswered = 0;
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (options.declared) headers['content-length'] = String(options.total);
      if (options.expectContinue) headers.expect = '100-continue';
      const req = request(`${api.url}/api/probe_echo`, { method: 'POST', headers }, (res) => {
        answered = true;
        sentWhenAnswered = sent;
        const ms = Date.now() - started;
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, body, sentWhenAnswered, sent, ms, continued });
          req.destroy();
        });
        res.on('error', reject);
      });
      req.on('error', (err) => {
        if (!answered) reject(err);
      });
      const writeMore = () => {
        if (answered) return;
        if (sent >= options.total) return void req.end();
        sent += chunk.length;
        req.write(chunk, () => setTimeout(writeMore, options.everyMs));
      };
      if (options.expectContinue) {
        req.on('continue', () => {
          continued = true;
          writeMore();
        });
        req.flushHeaders();
      } else writeMore();
    });
  }

  test('a body declared over the limit is answered 413 at once, before it is sent, and the client reads the answer', async () => {
    // 50 MiB declared against 1 MiB, sent at about 3 MiB/s: reading it first would take ~16 s.
    const answer = await slowUpload({ total: 50 * 1024 * 1024, declared: true, everyMs: 20 });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ error: true, message: 'payload_too_large', detail: 'body is larger than 1048576 bytes' });
    expect(answer.ms).toBeLessThan(1_000);
    expect(answer.sentWhenAnswered).toBeLessThan(2 * 1024 * 1024);
  });

  test('a client that waits for 100 Continue is refused before it sends a byte of an oversized body', async () => {
    const answer = await slowUpload({ total: 50 * 1024 * 1024, declared: true, everyMs: 1, expectContinue: true });
    expect([answer.status, answer.continued, answer.sent]).toEqual([413, false, 0]);
    expect(JSON.parse(answer.body)).toMatchObject({ message: 'payload_too_large' });
  });

  test('a client that waits for 100 Continue with a body within the limit is told to send it, and is answered', async () => {
    const { request } = await import('node:http');
    const body = JSON.stringify({ name: 'Ada', count: 2 });
    const answer = await new Promise<{ status: number; continued: boolean; body: string }>((resolve, reject) => {
      let continued = false;
      const req = request(`${api.url}/api/probe_echo`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), expect: '100-continue' } }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, continued, body: text }));
      });
      req.on('error', reject);
      req.on('continue', () => {
        continued = true;
        req.end(body);
      });
      req.flushHeaders();
    });
    expect([answer.status, answer.continued]).toEqual([200, true]);
    expect(JSON.parse(answer.body)).toMatchObject({ data: { name: 'Ada', count: 2 } });
  });

  test('a body in chunks that goes over the limit as it arrives is answered once the client stopped sending, not with a reset connection', async () => {
    const answer = await slowUpload({ total: 4 * 1024 * 1024, declared: false, everyMs: 0 });
    expect(answer.status).toBe(413);
    expect(answer.sentWhenAnswered).toBe(4 * 1024 * 1024);
    expect(JSON.parse(answer.body)).toMatchObject({ error: true, message: 'payload_too_large', detail: 'body is larger than 1048576 bytes' });
  });

  test('answers 413 naming a field over the field limit', async () => {
    const res = await api.call('probe_echo', { name: 'x'.repeat(70 * 1024), count: 1 });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ message: 'payload_too_large', field: 'name' });
  });

  test('refuses a body that is not JSON, form or multipart', async () => {
    const res = await fetch(`${api.url}/api/probe_echo`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'name=Ada',
    });
    expect(res.status).toBe(415);
  });

  test('refuses malformed JSON saying so', async () => {
    const res = await fetch(`${api.url}/api/probe_echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name": ',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: '103', detail: 'body is not valid JSON' });
  });

  test('answers 401 with code 125 when a protected call has no token', async () => {
    const res = await api.call('probe_private');
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('125');
  });

  test('answers 401 with code 129 for a forged token', async () => {
    const res = await api.call('probe_private', {}, { token: 'forged-token' });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('129');
  });

  test('answers 401 for an expired or revoked token', async () => {
    const { db } = await getTestDatabase();
    const expired = await createPlayerWithSession(db, { expiresInMs: -1000 });
    const revoked = await createPlayerWithSession(db, { revoked: true });
    expect((await api.call('probe_private', {}, { token: expired.token })).status).toBe(401);
    expect((await api.call('probe_private', {}, { token: revoked.token })).status).toBe(401);
  });

  test('lets a valid token through and tells the handler who calls', async () => {
    const { db } = await getTestDatabase();
    const player = await createPlayerWithSession(db);
    const res = await api.call('probe_private', {}, { token: player.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ user: player.userId });
  });

  test('answers code 126 to a deactivated account at once', async () => {
    const { db } = await getTestDatabase();
    const player = await createPlayerWithSession(db, { active: false });
    const res = await api.call('probe_private', {}, { token: player.token });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('126');
  });

  test('keeps admin calls for admins', async () => {
    const { db } = await getTestDatabase();
    const player = await createPlayerWithSession(db);
    const admin = await createPlayerWithSession(db, { role: 'admin' });
    expect((await api.call('admin_probe', {}, { token: player.token })).status).toBe(403);
    expect((await api.call('admin_probe', {})).status).toBe(401);
    expect((await api.call('admin_probe', {}, { token: admin.token })).body.data).toBe('admin ok');
  });

  test('answers a refusal with its catalogue status and field', async () => {
    const res = await api.call('probe_refuse');
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: true, message: 'not_enough_coins', field: 'coins' });
  });

  test('never sends a stack trace: an unexpected failure is 500 with code 122 and a request id', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const res = await api.call('probe_crash');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ error: true, message: '122', data: null, request_id: res.headers.get('x-request-id') });
    expect(JSON.stringify(res.body)).not.toContain('secret');
    const logged = api.logLines.find((l) => l.reqId === res.body.request_id && l.msg === 'unexpected failure');
    expect(JSON.stringify(logged)).toContain('secret database detail');
  });

  test('writes the request id on every log line of a call', async () => {
    const res = await api.call('probe_echo', { name: 'Ada', count: 1 });
    const id = res.headers.get('x-request-id');
    const lines = api.logLines.filter((l) => l.reqId === id);
    expect(lines.map((l) => l.msg)).toEqual(['handler ran', 'api']);
    expect(lines[1]).toMatchObject({ endpoint: 'probe_echo', status: 200 });
  });

  test('in maintenance mode refuses player calls but answers admins and calls marked for maintenance', async () => {
    const { db } = await getTestDatabase();
    await writeSetting(db, 'maintenance_mode', '1');
    api.app.settings.invalidate();
    const admin = await createPlayerWithSession(db, { role: 'admin' });
    const refused = await api.call('probe_echo', { name: 'Ada', count: 1 });
    expect(refused.status).toBe(503);
    expect(refused.body.message).toBe('maintenance');
    expect((await api.call('probe_echo', { name: 'Ada', count: 1 }, { token: admin.token })).status).toBe(200);
    expect((await api.call('admin_probe', {}, { token: admin.token })).status).toBe(200);
  });
});
