/**
 * First-load JavaScript of the main pages, gzipped, as a browser on a cold cache downloads it:
 * every script the prerendered HTML of the page references. Budget (ui.md): 150 kB on the home
 * and play pages.
 *
 *   npm run build && npx tsx bench/web/first-load.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = process.cwd();
const pages: Record<string, string> = { '/': 'index.html', '/faq/': 'faq.html', '/auth/login/': 'auth/login.html' };
const BUDGET_KB = 150;

/** Scripts a modern browser loads: `noModule` polyfills are skipped by every current browser. */
function scriptsOf(html: string): string[] {
  const found = new Set<string>();
  for (const m of html.matchAll(/<(?:script|link)\b[^>]*(?:src|href)="(\/_next\/static\/[^"]+\.js)"[^>]*>/g)) {
    if (!/noModule/i.test(m[0])) found.add(m[1]!);
  }
  return [...found];
}

for (const [route, file] of Object.entries(pages)) {
  const htmlFile = path.join(root, '.next', 'server', 'app', file);
  if (!fs.existsSync(htmlFile)) {
    console.log(`${route}: no prerendered page at ${path.relative(root, htmlFile)} (run npm run build)`);
    continue;
  }
  const scripts = scriptsOf(fs.readFileSync(htmlFile, 'utf8'));
  let raw = 0;
  let gz = 0;
  for (const src of scripts) {
    const data = fs.readFileSync(path.join(root, '.next', src.replace('/_next/', '')));
    raw += data.length;
    gz += zlib.gzipSync(data, { level: 9 }).length;
  }
  const kb = gz / 1024;
  console.log(
    `${route.padEnd(14)} ${scripts.length} scripts, ${(raw / 1024).toFixed(1)} kB raw, ${kb.toFixed(1)} kB gzipped (budget ${BUDGET_KB} kB) ${kb <= BUDGET_KB ? 'MET' : 'NOT MET'}`,
  );
}
