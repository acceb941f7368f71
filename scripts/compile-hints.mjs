// Marks every script chunk of the web build (.next/static/chunks) with V8's explicit compile hint,
// `//# allFunctionsCalledOnLoad` as its first line (decision 040). Chromium-based browsers (V8 13.6 /
// Chrome 136 on) then compile the chunk's functions on a background thread while it downloads,
// instead of on the main thread the first time each function runs; other browsers read a comment.
// A chunk is only ever fetched when its code is about to run (a page's first load, or a lazy
// view or game about to be drawn), so its functions are, nearly all, called on load.
// Run by ensure-build.mjs after `next build` and before the brotli step; also
// `node scripts/compile-hints.mjs [dir]` by hand. A marked chunk is left as it is.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { filesUnder } from './support/files-under.mjs';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** Prepends the hint to every `.js` under `dir` that lacks it; answers how many were marked and how many already were. */
export function addCompileHints(dir) {
  const report = { marked: 0, already: 0 };
  if (!fs.existsSync(dir)) return report;
  for (const file of filesUnder(dir, ['.js'])) {
    const code = fs.readFileSync(file, 'utf8');
    if (code.startsWith(COMPILE_HINT)) {
      report.already += 1;
      continue;
    }
    // Written beside, then renamed over: a server reading the chunk never sees half a file.
    const temporary = `${file}.hint-${process.pid}`;
    fs.writeFileSync(temporary, COMPILE_HINT + code);
    fs.renameSync(temporary, file);
    report.marked += 1;
  }
  return report;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dir = process.argv[2] ?? path.join(process.cwd(), '.next', 'static', 'chunks');
  const r = addCompileHints(dir);
  console.log(`compile hints: ${r.marked} chunk(s) marked, ${r.already} already were`);
}
