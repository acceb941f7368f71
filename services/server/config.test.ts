import { PGLITE_SHARED_BUFFERS, readConfig } from '@/services/server/config';

describe('server configuration', () => {
  test('defaults to port 3000, the embedded database under ./data and the built-in identity provider', () => {
    const c = readConfig({}, []);
    expect(c.port).toBe(3000);
    expect(c.dataDir.endsWith('/data')).toBe(true);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.identityProvider).toBe('local');
    expect(c.firebase).toBeNull();
    expect(c.devOutbox).toBe(false);
  });

  test('dev mode keeps mail in the dev outbox unless told not to', () => {
    expect(readConfig({}, ['--dev']).devOutbox).toBe(true);
    expect(readConfig({ DEV_OUTBOX: '0' }, ['--dev']).devOutbox).toBe(false);
    expect(readConfig({ DEV_OUTBOX: '1' }, []).devOutbox).toBe(true);
  });

  test('refuses a port that is not a number', () => {
    expect(() => readConfig({ PORT: 'eighty' }, [])).toThrow('PORT must be a port number, got "eighty"');
  });

  test('refuses an unknown identity provider and a Firebase provider without a project', () => {
    expect(() => readConfig({ IDENTITY_PROVIDER: 'ldap' }, [])).toThrow('IDENTITY_PROVIDER must be local or firebase');
    expect(() => readConfig({ IDENTITY_PROVIDER: 'firebase' }, [])).toThrow(/needs FIREBASE_PROJECT_ID/);
    const c = readConfig({ IDENTITY_PROVIDER: 'firebase', FIREBASE_PROJECT_ID: 'demo-quiz', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }, []);
    expect(c.firebase).toMatchObject({ projectId: 'demo-quiz', authEmulatorHost: '127.0.0.1:9099' });
    expect(() =>
      readConfig({ NODE_ENV: 'production', IDENTITY_PROVIDER: 'firebase', FIREBASE_PROJECT_ID: 'demo-quiz', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }, []),
    ).toThrow(/tests and development only/);
  });
});

describe('the embedded database', () => {
  test('on the main thread unless PGLITE_THREAD=worker; anything else is refused', () => {
    expect(readConfig({}, []).pgliteThread).toBe(false);
    expect(readConfig({ PGLITE_THREAD: 'worker' }, []).pgliteThread).toBe(true);
    expect(readConfig({ PGLITE_THREAD: 'main' }, []).pgliteThread).toBe(false);
    expect(() => readConfig({ PGLITE_THREAD: 'yes' }, [])).toThrow('PGLITE_THREAD must be main or worker, got "yes"');
  });

  test(`a buffer cache of ${PGLITE_SHARED_BUFFERS} unless PGLITE_SHARED_BUFFERS says another size from 1MB to 4GB`, () => {
    expect(readConfig({}, []).pgliteSharedBuffers).toBe(PGLITE_SHARED_BUFFERS);
    expect(readConfig({ PGLITE_SHARED_BUFFERS: '128MB' }, []).pgliteSharedBuffers).toBe('128MB');
    expect(readConfig({ PGLITE_SHARED_BUFFERS: '1024kB' }, []).pgliteSharedBuffers).toBe('1024kB');
    expect(readConfig({ PGLITE_SHARED_BUFFERS: '4GB' }, []).pgliteSharedBuffers).toBe('4GB');
    for (const wrong of ['512kB', '5GB', '32', '32 MB', 'lots', '-1MB']) {
      expect(() => readConfig({ PGLITE_SHARED_BUFFERS: wrong }, [])).toThrow(`PGLITE_SHARED_BUFFERS must be a size from 1MB to 4GB, such as 32MB, got "${wrong}"`);
    }
  });
});

describe('the room store and the room stream', () => {
  test('embedded by default, with a 15 s stream heartbeat', () => {
    const c = readConfig({}, []);
    expect(c.roomStore).toBe('embedded');
    expect(c.roomStreamHeartbeatMs).toBe(15_000);
    expect(readConfig({ ROOM_STREAM_HEARTBEAT_MS: '250' }, []).roomStreamHeartbeatMs).toBe(250);
  });

  test('ROOM_STORE=firestore needs Firebase; unknown stores and odd heartbeats are refused', () => {
    expect(() => readConfig({ ROOM_STORE: 'redis' }, [])).toThrow('ROOM_STORE must be embedded or firestore, got "redis"');
    expect(() => readConfig({ ROOM_STORE: 'firestore' }, [])).toThrow('ROOM_STORE=firestore needs Firebase configured: IDENTITY_PROVIDER=firebase and FIREBASE_PROJECT_ID');
    const c = readConfig({ ROOM_STORE: 'firestore', IDENTITY_PROVIDER: 'firebase', FIREBASE_PROJECT_ID: 'demo-quiz' }, []);
    expect(c.roomStore).toBe('firestore');
    expect(c.firebase?.projectId).toBe('demo-quiz');
    for (const bad of ['0', '5', 'soon', '1.5']) expect(() => readConfig({ ROOM_STREAM_HEARTBEAT_MS: bad }, [])).toThrow(/ROOM_STREAM_HEARTBEAT_MS must be/);
  });
});

test('the admission budget: 5 ms by default, 0 turns it off, anything else out of 0-1000 ms is refused by name', () => {
  expect(readConfig({}, []).admissionBudgetMs).toBe(5);
  expect(readConfig({ ADMISSION_BUDGET_MS: '0' }, []).admissionBudgetMs).toBe(0);
  expect(readConfig({ ADMISSION_BUDGET_MS: '2.5' }, []).admissionBudgetMs).toBe(2.5);
  for (const bad of ['-1', 'fast', '5000']) expect(() => readConfig({ ADMISSION_BUDGET_MS: bad }, [])).toThrow(`ADMISSION_BUDGET_MS must be a number of milliseconds from 0 (no limit) to 1000, got "${bad}"`);
});

describe('client addresses behind a proxy', () => {
  test('X-Forwarded-For counts only when the proxy is trusted', async () => {
    const { clientIp } = await import('@/services/server/gateway/gateway');
    const req = { headers: { 'x-forwarded-for': '203.0.113.7, 10.0.0.2' }, socket: { remoteAddress: '10.0.0.2' } } as never;
    expect(clientIp(req, true)).toBe('203.0.113.7');
    expect(clientIp(req, false)).toBe('10.0.0.2');
    expect(readConfig({ TRUST_PROXY: '1' }, []).trustProxy).toBe(true);
  });
});

describe('stopping and metrics (docs/deploy.md)', () => {
  test('a grace period of 10 s by default; out of 0-600000 ms is refused by name', () => {
    expect(readConfig({}, []).shutdownGraceMs).toBe(10_000);
    expect(readConfig({ SHUTDOWN_GRACE_MS: '0' }, []).shutdownGraceMs).toBe(0);
    expect(readConfig({ SHUTDOWN_GRACE_MS: '30000' }, []).shutdownGraceMs).toBe(30_000);
    for (const bad of ['-1', 'long', '1.5', '600001']) expect(() => readConfig({ SHUTDOWN_GRACE_MS: bad }, [])).toThrow(`SHUTDOWN_GRACE_MS must be a whole number of milliseconds from 0 to 600000, got "${bad}"`);
  });

  test('metrics are off unless a token of 16 characters or more, or a listener address, is given', () => {
    const off = readConfig({}, []);
    expect(off.metricsToken).toBeUndefined();
    expect(off.metricsListen).toBeUndefined();
    expect(readConfig({ METRICS_TOKEN: 'a-long-enough-token' }, []).metricsToken).toBe('a-long-enough-token');
    expect(() => readConfig({ METRICS_TOKEN: 'short' }, [])).toThrow('METRICS_TOKEN must be at least 16 characters long');
    expect(readConfig({ METRICS_LISTEN: '127.0.0.1:9464' }, []).metricsListen).toEqual({ host: '127.0.0.1', port: 9464 });
    expect(readConfig({ METRICS_LISTEN: '[::1]:9464' }, []).metricsListen).toEqual({ host: '::1', port: 9464 });
    for (const bad of ['9464', 'localhost', 'host:0', 'host:70000']) expect(() => readConfig({ METRICS_LISTEN: bad }, [])).toThrow(`METRICS_LISTEN must be host:port (e.g. 127.0.0.1:9464), got "${bad}"`);
  });
});
