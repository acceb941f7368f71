import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { ServerConfig } from '@/services/server/config';
import { UPLOADS_URL_PREFIX, uploadsRoot } from '@/services/server/uploads/store';
import { resolveFileUnder } from '@/services/server/static/file-under';

/** What may be served, by extension; anything else under /uploads/ is 404. */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  ogg: 'audio/ogg',
  mp3: 'audio/mpeg',
};

/** One path segment: no leading dot (so no `..` and no temporary or hidden files), no separators. */
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)*$/;

/**
 * Headers every answer carries: uploads are player-supplied, so the browser must never guess
 * another type (nosniff) and nothing inside them may run (a sandboxing CSP).
 */
const SAFETY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; img-src 'self'; sandbox",
  'cross-origin-resource-policy': 'same-origin',
};

function notFound(res: ServerResponse, head: boolean): void {
  const body = 'not found\n';
  res.writeHead(404, {
    ...SAFETY_HEADERS,
    'content-type': 'text/plain; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
  });
  res.end(head ? undefined : body);
}

/** `/uploads/a/b.png` → the file under the uploads root, or null for anything unsafe or unknown. */
function resolveRequest(url: string, root: string): { file: string; contentType: string } | null {
  return resolveFileUnder(url, { prefix: UPLOADS_URL_PREFIX, root, segment: SEGMENT, contentTypes: CONTENT_TYPES });
}

/**
 * Serves `GET`/`HEAD /uploads/…` from `<dataDir>/uploads`: files only (no listings), known image
 * types only, never outside the directory (symbolic links leading out are refused). Uploaded
 * names are random and never rewritten, so answers are cacheable for a year; a conditional
 * request with the current ETag answers 304.
 */
export async function serveUpload(req: IncomingMessage, res: ServerResponse, config: Pick<ServerConfig, 'dataDir'>): Promise<void> {
  const head = req.method === 'HEAD';
  if (req.method !== 'GET' && !head) {
    res.writeHead(405, { ...SAFETY_HEADERS, allow: 'GET, HEAD', 'content-length': 0 });
    res.end();
    return;
  }
  const root = uploadsRoot(config);
  const target = resolveRequest(req.url ?? '/', root);
  if (!target) return notFound(res, head);

  let handle: fs.promises.FileHandle | undefined;
  try {
    const [realRoot, realFile] = await Promise.all([fs.promises.realpath(root), fs.promises.realpath(target.file)]);
    if (!realFile.startsWith(realRoot + path.sep)) return notFound(res, head);
    handle = await fs.promises.open(realFile, 'r');
    const stat = await handle.stat();
    if (!stat.isFile()) return notFound(res, head);

    const etag = `"${stat.size.toString(36)}-${Math.floor(stat.mtimeMs).toString(36)}"`;
    const headers = {
      ...SAFETY_HEADERS,
      'content-type': target.contentType,
      'cache-control': 'public, max-age=31536000, immutable',
      etag,
      'last-modified': stat.mtime.toUTCString(),
    };
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    res.writeHead(200, { ...headers, 'content-length': stat.size });
    if (head) {
      res.end();
      return;
    }
    const stream = handle.createReadStream();
    handle = undefined; // the stream closes it
    // pipeline destroys both sides when either fails or the client goes away.
    await pipeline(stream, res).catch(() => undefined);
  } catch {
    // Missing file, unreadable file, a path through a file: all the same to the client.
    if (!res.headersSent) notFound(res, head);
    else res.destroy();
  } finally {
    await handle?.close().catch(() => undefined);
  }
}
