// The build scripts' walk of a directory (scripts/precompress-static.mjs, scripts/compile-hints.mjs).
import fs from 'node:fs';
import path from 'node:path';

/** Every file under `dir`, at any depth, whose extension is one of `extensions` (e.g. ['.js']). */
export function filesUnder(dir, extensions) {
  const wanted = new Set(extensions);
  const out = [];
  const walk = (at) => {
    for (const entry of fs.readdirSync(at, { withFileTypes: true })) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (wanted.has(path.extname(entry.name))) out.push(full);
    }
  };
  walk(dir);
  return out;
}
