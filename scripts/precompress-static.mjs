// Writes `<file>.br` (brotli, quality 11) beside every script and style under the web build's
// static directory (.next/static), for the server to send to browsers that accept brotli
// (services/server/static/precompressed.ts). Run by ensure-build.mjs after `next build`; also
// `node scripts/precompress-static.mjs [dir]` by hand.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import { filesUnder } from './support/files-under.mjs';

/** Smaller files gain nothing a request's own overhead would not eat. */
export const MIN_BYTES = 1024;
const EXTENSIONS = ['.js', '.css'];

/**
 * Compresses every .js and .css file of at least MIN_BYTES under `dir` whose `.br` is missing or
 * older than the file; a file brotli does not make smaller gets no `.br` (and loses a stale one).
 * Answers the counts and byte totals.
 */
export function precompressStatic(dir) {
  const report = { files: 0, written: 0, skipped: 0, rawBytes: 0, brotliBytes: 0 };
  if (!fs.existsSync(dir)) return report;
  for (const file of filesUnder(dir, EXTENSIONS)) {
    const stat = fs.statSync(file);
    if (stat.size < MIN_BYTES) continue;
    report.files += 1;
    const target = `${file}.br`;
    if (fs.existsSync(target) && fs.statSync(target).mtimeMs >= stat.mtimeMs) {
      report.skipped += 1;
      report.rawBytes += stat.size;
      report.brotliBytes += fs.statSync(target).size;
      continue;
    }
    const data = fs.readFileSync(file);
    const compressed = brotliCompressSync(data, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
    });
    report.rawBytes += data.length;
    if (compressed.length >= data.length) {
      fs.rmSync(target, { force: true });
      report.brotliBytes += data.length;
      continue;
    }
    // Written beside and renamed: a server reading meanwhile never sees half a file.
    fs.writeFileSync(`${target}.tmp`, compressed);
    fs.renameSync(`${target}.tmp`, target);
    report.written += 1;
    report.brotliBytes += compressed.length;
  }
  return report;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dir = path.resolve(process.argv[2] ?? path.join(process.cwd(), '.next', 'static'));
  const started = Date.now();
  const r = precompressStatic(dir);
  console.log(
    `precompressed ${r.written} of ${r.files} scripts and styles (${r.skipped} already were): ${(r.rawBytes / 1024).toFixed(0)} kB → ${(r.brotliBytes / 1024).toFixed(0)} kB brotli in ${Date.now() - started} ms`,
  );
}
