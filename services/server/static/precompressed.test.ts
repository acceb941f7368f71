import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { acceptsBrotli, resolveStatic, servePrecompressed } from '@/services/server/static/precompressed';

// A script big enough to be worth compressing, and repetitive enough that brotli shrinks it.
const SCRIPT = `(function(){${'console.log("quiz arena question");'.repeat(200)}})();\n`;

let dir: string;
let staticDir: string;
let server: http.Server;
let base: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'precompressed-'));
  staticDir = path.join(dir, 'static');
  fs.mkdirSync(path.join(staticDir, 'chunks'), { recursive: true });
  fs.writeFileSync(path.join(staticDir, 'chunks', 'app.js'), SCRIPT);
  fs.writeFileSync(path.join(staticDir, 'chunks', 'style.css'), `.a{color:red}\n`.repeat(200));
  fs.writeFileSync(path.join(staticDir, 'chunks', 'tiny.js'), 'x()');
  fs.writeFileSync(path.join(staticDir, 'chunks', 'font.woff2'), crypto.randomBytes(4000));
  fs.writeFileSync(path.join(staticDir, 'chunks', 'noise.js'), crypto.randomBytes(4000));
  fs.writeFileSync(path.join(dir, 'secret.js'), SCRIPT);
  fs.writeFileSync(path.join(dir, 'secret.js.br'), 'not for anyone');
  const run = spawnSync(process.execPath, [path.join(process.cwd(), 'scripts', 'precompress-static.mjs'), staticDir], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  // Whatever servePrecompressed leaves alone answers as Next would: here, plainly, "next".
  server = http.createServer((req, res) => {
    servePrecompressed(req, res, staticDir).then((served) => {
      if (!served) res.writeHead(200, { 'content-type': 'text/plain' }).end('next');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function get(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${url}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the build step (scripts/precompress-static.mjs)', () => {
  test('writes a .br for each script and style worth it, and none for tiny, incompressible or other files', () => {
    const files = fs.readdirSync(path.join(staticDir, 'chunks')).sort();
    expect(files).toEqual(['app.js', 'app.js.br', 'font.woff2', 'noise.js', 'style.css', 'style.css.br', 'tiny.js']);
    expect(brotliDecompressSync(fs.readFileSync(path.join(staticDir, 'chunks', 'app.js.br'))).toString()).toBe(SCRIPT);
  });

  test('a second run rewrites nothing; a file newer than its .br gets a new one', () => {
    const script = path.join(process.cwd(), 'scripts', 'precompress-static.mjs');
    const again = spawnSync(process.execPath, [script, staticDir], { encoding: 'utf8' });
    expect(again.stdout).toMatch(/^precompressed 0 of 3 scripts and styles \(2 already were\)/);
    const changed = `.b{color:blue}\n`.repeat(300);
    const file = path.join(staticDir, 'chunks', 'style.css');
    const old = fs.readFileSync(`${file}.br`);
    fs.writeFileSync(file, changed);
    const past = new Date(Date.now() - 60_000);
    fs.utimesSync(`${file}.br`, past, past);
    const third = spawnSync(process.execPath, [script, staticDir], { encoding: 'utf8' });
    expect(third.stdout).toMatch(/^precompressed 1 of 3/);
    expect(brotliDecompressSync(fs.readFileSync(`${file}.br`)).toString()).toBe(changed);
    expect(fs.readFileSync(`${file}.br`).equals(old)).toBe(false);
  });
});

describe('serving', () => {
  test('a browser that accepts brotli gets the .br, with the type, caching and vary headers', async () => {
    const a = await get('/_next/static/chunks/app.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(a.status).toBe(200);
    expect(a.headers['content-encoding']).toBe('br');
    expect(a.headers['content-type']).toBe('application/javascript; charset=UTF-8');
    expect(a.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(a.headers.vary).toBe('Accept-Encoding');
    expect(Number(a.headers['content-length'])).toBe(a.body.length);
    expect(a.body.length).toBeLessThan(SCRIPT.length / 10);
    expect(brotliDecompressSync(a.body).toString()).toBe(SCRIPT);
  });

  test('a query string is ignored (the file is the same)', async () => {
    const a = await get('/_next/static/chunks/app.js?dpl=1', { 'accept-encoding': 'br' });
    expect(a.headers['content-encoding']).toBe('br');
  });

  test('a style is served as text/css', async () => {
    const a = await get('/_next/static/chunks/style.css', { 'accept-encoding': 'br' });
    expect([a.status, a.headers['content-type'], a.headers['content-encoding']]).toEqual([200, 'text/css; charset=UTF-8', 'br']);
  });

  test.each([
    ['no brotli in Accept-Encoding', '/_next/static/chunks/app.js', { 'accept-encoding': 'gzip, deflate' }],
    ['brotli refused (q=0)', '/_next/static/chunks/app.js', { 'accept-encoding': 'gzip, br;q=0' }],
    ['no Accept-Encoding', '/_next/static/chunks/app.js', {}],
    ['a range request', '/_next/static/chunks/app.js', { 'accept-encoding': 'br', range: 'bytes=0-9' }],
    ['a file without its .br', '/_next/static/chunks/tiny.js', { 'accept-encoding': 'br' }],
    ['a file that does not exist', '/_next/static/chunks/missing.js', { 'accept-encoding': 'br' }],
    ['another type', '/_next/static/chunks/font.woff2', { 'accept-encoding': 'br' }],
    ['an address outside the static directory', '/_next/static/..%2fsecret.js', { 'accept-encoding': 'br' }],
    ['a dot segment', '/_next/static/chunks/../../secret.js', { 'accept-encoding': 'br' }],
    ['a bad escape', '/_next/static/chunks/%E0%A4%A.js', { 'accept-encoding': 'br' }],
    ['another address', '/about-us/', { 'accept-encoding': 'br' }],
  ])('left to Next: %s', async (_what, url, headers) => {
    const a = await get(url, headers);
    expect([a.status, a.headers['content-encoding'], a.body.toString()]).toEqual([200, undefined, 'next']);
  });

  test('a POST is left to Next', async () => {
    const a = await get('/_next/static/chunks/app.js', { 'accept-encoding': 'br' }, 'POST');
    expect(a.body.toString()).toBe('next');
  });

  test('HEAD answers the headers and length without a body', async () => {
    const full = await get('/_next/static/chunks/app.js', { 'accept-encoding': 'br' });
    const head = await get('/_next/static/chunks/app.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect([head.status, head.headers['content-encoding'], head.headers['content-length'], head.body.length]).toEqual([200, 'br', String(full.body.length), 0]);
  });

  test('a revalidation with the same ETag is answered 304, a different one in full', async () => {
    const first = await get('/_next/static/chunks/app.js', { 'accept-encoding': 'br' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"br-/);
    const again = await get('/_next/static/chunks/app.js', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect([again.status, again.body.length]).toEqual([304, 0]);
    const other = await get('/_next/static/chunks/app.js', { 'accept-encoding': 'br', 'if-none-match': 'W/"other"' });
    expect([other.status, other.body.length]).toEqual([200, first.body.length]);
  });
});

describe('acceptsBrotli', () => {
  test.each([
    ['br', true],
    ['gzip, deflate, br, zstd', true],
    ['BR', true],
    ['gzip;q=1.0, br;q=0.5', true],
    ['br;q=0', false],
    ['br; q=0.0', false],
    ['gzip', false],
    ['brotli', false],
    ['', false],
  ])('%j → %s', (header, expected) => {
    expect(acceptsBrotli(header)).toBe(expected);
  });

  test('a header given more than once is read whole', () => {
    expect(acceptsBrotli(['gzip', 'br'])).toBe(true);
  });
});

describe('resolveStatic', () => {
  test('maps a static address to the file and its type, and nothing else', () => {
    expect(resolveStatic('/_next/static/chunks/a-b_c.js', '/srv/static')).toEqual({ file: '/srv/static/chunks/a-b_c.js', contentType: 'application/javascript; charset=UTF-8' });
    expect(resolveStatic('/_next/static/chunks/.hidden.js', '/srv/static')).toBeNull();
    expect(resolveStatic('/_next/static/chunks//a.js', '/srv/static')).toBeNull();
    expect(resolveStatic('/_next/static/chunks/a.map', '/srv/static')).toBeNull();
    expect(resolveStatic('/_next/image?url=a.js', '/srv/static')).toBeNull();
  });
});
