import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { readConfig, type ServerConfig } from '@/services/server/config';
import { createAppServices, type AppServices } from '@/services/server/app-services';
import { users } from '@/services/server/db/schema';
import { createRegistry } from '@/services/server/endpoints/registry';
import { API_PREFIX, createGateway } from '@/services/server/gateway/gateway';
import { writeSetting } from '@/services/server/settings/repository';
import { serveUpload } from '@/services/server/uploads/serve';
import { UPLOADS_URL_PREFIX } from '@/services/server/uploads/store';
import { closeTestDatabase, getTestDatabase, resetDatabase, testDbKind } from '@/tests/setup/db';
import { createPlayerWithSession } from '@/tests/fixtures/users';
import { TINY_JPEG, TINY_PNG, TINY_WEBP } from '@/tests/fixtures/images';

/**
 * The gateway and the upload handler on one node:http server routed as server.ts routes them,
 * with a real data directory (the shared test API keeps its data directory in memory).
 */
let dataDir: string;
let config: ServerConfig;
let app: AppServices;
let server: http.Server;
let url: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qa-uploads-'));
  config = { ...readConfig({}, []), dataDir };
  app = createAppServices(await getTestDatabase(), config, pino({ level: 'silent' }));
  const gateway = createGateway(createRegistry(), app, app.log);
  server = http.createServer((req, res) => {
    if (req.url?.startsWith(API_PREFIX)) return void gateway.handle(req, res);
    if ((req.method === 'GET' || req.method === 'HEAD') && req.url?.startsWith(UPLOADS_URL_PREFIX)) return void serveUpload(req, res, config);
    res.writeHead(418).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

beforeEach(async () => {
  await resetDatabase(await getTestDatabase());
  app.settings.invalidate();
  fs.rmSync(path.join(dataDir, 'uploads'), { recursive: true, force: true });
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  fs.rmSync(dataDir, { recursive: true, force: true });
  await closeTestDatabase();
});

const profileDir = () => path.join(dataDir, 'uploads', 'profile');
const storedFiles = () => (fs.existsSync(profileDir()) ? fs.readdirSync(profileDir()).sort() : []);
const fileOf = (urlPath: string) => path.join(dataDir, ...urlPath.split('/').filter(Boolean));

interface FilePart {
  data: Buffer;
  filename: string;
  type: string;
  field?: string;
}

async function upload(token: string | undefined, ...files: FilePart[]) {
  const form = new FormData();
  for (const f of files) form.append(f.field ?? 'image', new Blob([new Uint8Array(f.data)], { type: f.type }), f.filename);
  const res = await fetch(`${url}/api/upload_profile_image`, {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: form,
  });
  return { status: res.status, body: (await res.json()) as { message: string; field?: string; data: { profile: string } | null } };
}

async function call(endpoint: string, token: string) {
  const res = await fetch(`${url}/api/${endpoint}`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json()) as { message: string; data: Record<string, unknown> } };
}

/** A request with the path exactly as written (fetch would resolve `..` before sending). */
function raw(method: string, requestPath: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const { port } = server.address() as AddressInfo;
    const req = http.request({ host: '127.0.0.1', port, method, path: requestPath, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function profileOf(userId: number) {
  const { db } = await getTestDatabase();
  const [row] = await db.select({ profile: users.profile }).from(users).where(eq(users.id, userId));
  return row!.profile;
}

const png = { data: TINY_PNG, filename: 'me.png', type: 'image/png' };

describe(`upload_profile_image (${testDbKind})`, () => {
  test.each([
    ['PNG', TINY_PNG, 'png', 'image/png'],
    ['JPEG', TINY_JPEG, 'jpg', 'image/jpeg'],
    ['WebP', TINY_WEBP, 'webp', 'image/webp'],
  ])('stores a real %s image and answers its URL path', async (_kind, data, ext) => {
    const { db } = await getTestDatabase();
    const p = await createPlayerWithSession(db);
    // The declared type and name are wrong on purpose: the bytes decide.
    const res = await upload(p.token, { data, filename: 'photo.bin', type: 'application/octet-stream' });
    expect(res.status).toBe(200);
    const profile = res.body.data!.profile;
    expect(profile).toMatch(new RegExp(`^/uploads/profile/${p.userId}-[0-9a-f]{24}\\.${ext}$`));
    expect(fs.readFileSync(fileOf(profile)).equals(data)).toBe(true);
    expect(await profileOf(p.userId)).toBe(profile);
    expect((await call('get_user_by_id', p.token)).body.data.profile).toBe(profile);
  });

  test('serves the uploaded picture at its URL with its type, nosniff and long caching', async () => {
    const { db } = await getTestDatabase();
    const p = await createPlayerWithSession(db);
    const profile = (await upload(p.token, png)).body.data!.profile;
    const res = await fetch(`${url}${profile}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await res.arrayBuffer()).equals(TINY_PNG)).toBe(true);

    const head = await raw('HEAD', profile);
    expect([head.status, head.headers['content-length'], head.body.length]).toEqual([200, String(TINY_PNG.length), 0]);
    const again = await raw('GET', profile, { 'if-none-match': String(res.headers.get('etag')) });
    expect(again.status).toBe(304);
  });

  test('refuses a text file named x.png and stores nothing', async () => {
    const { db } = await getTestDatabase();
    const p = await createPlayerWithSession(db);
    const res = await upload(p.token, { data: Buffer.from('this is not a picture at all'), filename: 'x.png', type: 'image/png' });
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ message: 'file_type_not_allowed', field: 'image' });
    expect(storedFiles()).toEqual([]);
    expect(await profileOf(p.userId)).toBeNull();
  });

  test('refuses a 3 MiB file as too large and stores nothing', async () => {
    const { db } = await getTestDatabase();
    const p = await createPlayerWithSession(db);
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(3 * 1024 * 1024)]);
    const res = await upload(p.token, { data: big, filename: 'big.png', type: 'image/png' });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('payload_too_large');
    expect(storedFiles()).toEqual([]);
    expect(await profileOf(p.userId)).toBeNull();
  });

  test('asks for the image field when no file is sent', async () => {
    const { db } = await getTestDatabase();
    const p = await createPlayerWithSession(db);
    const res = await upload(p.token);
    expect([res.status, res.body.message, res.body.field]).toEqual([400, '103', 'image']);
  });

  test('asks for the image field when the file comes under another name', async () => {
    const { db } = await getTestDatabase();
    const p = await createPlayerWithSession(db);
    const res = await upload(p.token, { ...png, field: 'avatar' });
    expect([res.status, res.body.message, res.body.field]).toEqual([400, '103', 'image']);
    expect(storedFiles()).toEqual([]);
  });

  test('refuses two files at once', async () => {
    const { db } = await getTestDatabase();
    const p = await createPlayerWithSession(db);
    const res = await upload(p.token, png, png);
    expect(res.status).toBe(413);
    expect(storedFiles()).toEqual([]);
  });

  test('replacing the picture removes the old file', async () => {
    const { db } = await getTestDatabase();
    const p = await createPlayerWithSession(db);
    const first = (await upload(p.token, png)).body.data!.profile;
    const second = (await upload(p.token, { data: TINY_WEBP, filename: 'me.webp', type: 'image/webp' })).body.data!.profile;
    expect(second).not.toBe(first);
    expect(fs.existsSync(fileOf(first))).toBe(false);
    expect(storedFiles()).toEqual([path.basename(second)]);
    expect((await fetch(`${url}${first}`)).status).toBe(404);
    expect(await profileOf(p.userId)).toBe(second);
  });

  test('leaves other players’ pictures alone', async () => {
    const { db } = await getTestDatabase();
    const a = await createPlayerWithSession(db);
    const b = await createPlayerWithSession(db);
    const pictureOfA = (await upload(a.token, png)).body.data!.profile;
    await upload(b.token, png);
    await upload(b.token, png);
    expect(fs.existsSync(fileOf(pictureOfA))).toBe(true);
    expect(storedFiles()).toHaveLength(2);
  });

  test('is refused in demo mode and stores nothing', async () => {
    const { db } = await getTestDatabase();
    const p = await createPlayerWithSession(db);
    await writeSetting(db, 'demo_mode', '1');
    app.settings.invalidate();
    const res = await upload(p.token, png);
    expect([res.status, res.body.message]).toEqual([403, 'demo_mode']);
    expect(storedFiles()).toEqual([]);
    expect(await profileOf(p.userId)).toBeNull();
  });

  test('answers 401 without a valid token and stores nothing', async () => {
    expect((await upload(undefined, png)).status).toBe(401);
    expect((await upload('forged', png)).status).toBe(401);
    expect(storedFiles()).toEqual([]);
  });

  test('deleting the account removes the picture file', async () => {
    const { db } = await getTestDatabase();
    const p = await createPlayerWithSession(db);
    const profile = (await upload(p.token, png)).body.data!.profile;
    expect((await call('delete_user_account', p.token)).status).toBe(200);
    expect(fs.existsSync(fileOf(profile))).toBe(false);
    expect((await fetch(`${url}${profile}`)).status).toBe(404);
  });
});

describe('serving /uploads/', () => {
  beforeEach(() => {
    fs.mkdirSync(profileDir(), { recursive: true });
    fs.writeFileSync(path.join(profileDir(), '1-aaaaaaaaaaaaaaaaaaaaaaaa.png'), TINY_PNG);
    fs.writeFileSync(path.join(profileDir(), 'notes.txt'), 'not for the web');
    fs.writeFileSync(path.join(profileDir(), '.1-bbbbbbbbbbbbbbbbbbbbbbbb.png.part'), TINY_PNG);
    fs.writeFileSync(path.join(dataDir, 'secret.png'), TINY_PNG);
  });

  test('answers a stored file', async () => {
    const res = await raw('GET', '/uploads/profile/1-aaaaaaaaaaaaaaaaaaaaaaaa.png');
    expect([res.status, res.headers['content-type']]).toEqual([200, 'image/png']);
  });

  test.each([
    ['a missing file', '/uploads/profile/2-cccccccccccccccccccccccc.png'],
    ['a directory', '/uploads/profile'],
    ['the root', '/uploads/'],
    ['a type that is not an image', '/uploads/profile/notes.txt'],
    ['a half-written upload', '/uploads/profile/.1-bbbbbbbbbbbbbbbbbbbbbbbb.png.part'],
    ['a path climbing out', '/uploads/../secret.png'],
    ['an encoded path climbing out', '/uploads/%2e%2e/secret.png'],
    ['encoded slashes climbing out', '/uploads/profile/..%2f..%2fsecret.png'],
    ['a backslash climbing out', '/uploads/profile/..%5c..%5csecret.png'],
    ['a NUL byte', '/uploads/profile/1-aaaaaaaaaaaaaaaaaaaaaaaa.png%00.png'],
    ['malformed percent encoding', '/uploads/profile/%E0%A4%A.png'],
  ])('answers 404 with nosniff for %s', async (_what, requestPath) => {
    const res = await raw('GET', requestPath);
    expect(res.status).toBe(404);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body.includes(Buffer.from('PNG'))).toBe(false);
  });

  test('does not follow a symbolic link out of the uploads directory', async () => {
    fs.symlinkSync(path.join(dataDir, 'secret.png'), path.join(profileDir(), '3-dddddddddddddddddddddddd.png'));
    expect((await raw('GET', '/uploads/profile/3-dddddddddddddddddddddddd.png')).status).toBe(404);
  });

  test('refuses methods other than GET and HEAD', async () => {
    // server.ts hands only GET and HEAD to the handler; called directly it still refuses the rest.
    const direct = http.createServer((req, res) => void serveUpload(req, res, config));
    await new Promise<void>((resolve) => direct.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = direct.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/uploads/profile/1-aaaaaaaaaaaaaaaaaaaaaaaa.png`, { method: 'DELETE' });
      expect([res.status, res.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
      expect(fs.existsSync(path.join(profileDir(), '1-aaaaaaaaaaaaaaaaaaaaaaaa.png'))).toBe(true);
    } finally {
      await new Promise<void>((resolve) => direct.close(() => resolve()));
    }
  });
});

describe(`admin_upload_media (${testDbKind})`, () => {
  async function media(token: string, kind: string, data: Buffer, name: string) {
    const form = new FormData();
    form.append('kind', kind);
    form.append('file', new Blob([new Uint8Array(data)]), name);
    const res = await fetch(`${url}/api/admin_upload_media`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    return { status: res.status, body: (await res.json()) as { data: { path: string } | null; field?: string } };
  }

  test('an editor uploads an image and an audio clip for content; each is served with its type; the bytes decide what a file is', async () => {
    const editor = await createPlayerWithSession((await getTestDatabase()).db, { role: 'editor' });
    const image = await media(editor.token, 'image', TINY_PNG, 'cover.png');
    expect(image.status).toBe(200);
    expect(image.body.data!.path).toMatch(/^\/uploads\/content\/[0-9a-f]{24}\.png$/);
    expect(fs.existsSync(fileOf(image.body.data!.path))).toBe(true);
    const served = await fetch(`${url}${image.body.data!.path}`);
    expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/png']);

    const ogg = Buffer.concat([Buffer.from('OggS', 'ascii'), Buffer.alloc(60, 1)]);
    const clip = await media(editor.token, 'audio', ogg, 'clip.opus');
    expect(clip.body.data!.path).toMatch(/\.ogg$/);
    const heard = await fetch(`${url}${clip.body.data!.path}`);
    expect([heard.status, heard.headers.get('content-type')]).toEqual([200, 'audio/ogg']);

    // A PNG sent as audio, and text sent as an image, are refused naming the file.
    for (const [kind, data] of [['audio', TINY_PNG], ['image', Buffer.from('not an image')]] as const) {
      const refused = await media(editor.token, kind, data, 'x');
      expect([refused.status, refused.body.field]).toEqual([400, 'file']);
    }
    const player = await createPlayerWithSession((await getTestDatabase()).db);
    expect((await media(player.token, 'image', TINY_PNG, 'x.png')).status).toBe(403);
  });
});
