import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { resolveFileUnder } from '@/services/server/static/file-under';

/**
 * The app's scripts and styles (`/_next/static/…`) as brotli, compressed once at build time at
 * brotli's highest quality (scripts/precompress-static.mjs writes `<file>.br` beside each file).
 * Next itself only gzips, on the fly: brotli 11 makes a first load about 13 % smaller (the play
 * page's scripts 185.9 → 160.8 kB), which on a phone's slow network is the time before the first
 * question shows. A request that does not accept brotli, or a file without its `.br`, is left to
 * Next as before (docs/decisions/026-precompressed-static.md).
 */
export const STATIC_URL_PREFIX = '/_next/static/';

/** The extensions precompressed at build time, with the type each is served as (Next's own). */
export const PRECOMPRESSED_TYPES: Readonly<Record<string, string>> = {
  js: 'application/javascript; charset=UTF-8',
  css: 'text/css; charset=UTF-8',
};

/** Hashed file names never change content: what Next sends for them too. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** One path segment: no leading dot (so no `..`), no separators. */
const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9_~@+-]*(\.[A-Za-z0-9_~@+-]+)*$/;

/** Whether an Accept-Encoding header accepts brotli (`br`, and not with q=0). */
export function acceptsBrotli(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  for (const part of value.split(',')) {
    const [coding, ...params] = part.trim().split(';');
    if (coding?.trim().toLowerCase() !== 'br') continue;
    const q = params.map((p) => p.trim()).find((p) => p.toLowerCase().startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  }
  return false;
}

/** `/_next/static/chunks/x.js?v=1` → the file under `staticDir` and its type, or null. */
export function resolveStatic(url: string, staticDir: string): { file: string; contentType: string } | null {
  return resolveFileUnder(url, { prefix: STATIC_URL_PREFIX, root: staticDir, segment: SEGMENT, contentTypes: PRECOMPRESSED_TYPES });
}

/**
 * Serves the request from a precompressed `.br` when it can and answers true; answers false
 * (nothing written) when Next should serve it: not a GET or HEAD of a static script or style, a
 * client that does not accept brotli, a range request, or no `.br` for that file.
 */
export async function servePrecompressed(req: IncomingMessage, res: ServerResponse, staticDir: string): Promise<boolean> {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.url) return false;
  if (req.headers.range || !acceptsBrotli(req.headers['accept-encoding'])) return false;
  const target = resolveStatic(req.url, staticDir);
  if (!target) return false;
  let stat: fs.Stats;
  try {
    stat = await fs.promises.stat(`${target.file}.br`);
  } catch {
    return false;
  }
  if (!stat.isFile()) return false;
  const etag = `W/"br-${stat.size.toString(16)}-${Math.trunc(stat.mtimeMs).toString(16)}"`;
  const headers = {
    'content-type': target.contentType,
    'content-encoding': 'br',
    vary: 'Accept-Encoding',
    'cache-control': IMMUTABLE,
    etag,
  };
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, headers).end();
    return true;
  }
  if (req.method === 'HEAD') {
    res.writeHead(200, { ...headers, 'content-length': stat.size }).end();
    return true;
  }
  // Read whole: every such file is small (the largest chunk is about 60 kB as brotli).
  let body: Buffer;
  try {
    body = await fs.promises.readFile(`${target.file}.br`);
  } catch {
    return false;
  }
  res.writeHead(200, { ...headers, 'content-length': body.length }).end(body);
  return true;
}
