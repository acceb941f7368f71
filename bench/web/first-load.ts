/**
 * First-load JavaScript of the main pages, gzipped, as a browser on a cold cache downloads it:
 * the framework's scripts every page starts with, plus the chunks of the root layout and of the
 * page, as the build's manifests list them (what the page's HTML references; polyfills that only
 * browsers without modules load are left out). Budget (ui.md): 150 kB. Beside it, the same scripts
 * as the server sends them to a browser that accepts brotli (services/server/static/precompressed.ts).
 *
 *   npm run build && npm run bench:web                   the figures of every page
 *   npm run bench:web -- --check                         exits 1 when a page is over its budget (CI)
 *   npm run bench:web -- --modules [--top=N]             and the five (N) largest modules of each page
 *                                                        (a second build with source maps, .next-analyze/)
 *   add --pages=play,exam                                only the pages whose route contains one of these
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { SourceMapConsumer } from 'source-map-js';
import budgets from './budget.json';
import { firstLoadScripts, pageFetchedScripts } from '@/services/build/page-chunks';
import { COMPILE_HINT } from '@/scripts/compile-hints.mjs';

const root = process.cwd();
const args = new Set(process.argv.slice(2));
const TARGET_KB = budgets.target_kb;
const topArg = process.argv.find((a) => a.startsWith('--top='));
const TOP = topArg ? Number(topArg.slice('--top='.length)) : 5;

/** The pages measured: route as the app serves it → its directory under app/. */
export const PAGES: Record<string, string> = {
  '/': '',
  '/auth/login/': 'auth/login',
  '/faq/': 'faq',
  '/quiz-zone/<category>/<subcategory>/level/<level>/ (play)': 'quiz-zone/[category]/[subcategory]/level/[level]',
  '/random-battle/': 'random-battle',
  '/group-battle/': 'group-battle',
  '/exam-module/': 'exam-module',
};

const gzipSize = (data: Buffer | string) => zlib.gzipSync(data, { level: 9 }).length;
/** As the server sends it to a browser that accepts brotli (scripts/precompress-static.mjs: quality 11). */
const brotliSize = (data: Buffer) =>
  zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } }).length;

/** Gzipped bytes of a chunk shared out among its source modules by the bytes each produced. */
function modulesOf(distDir: string, script: string): Map<string, number> {
  const file = path.join(distDir, script);
  const code = fs.readFileSync(file, 'utf8');
  const out = new Map<string, number>();
  const mapRef = /sourceMappingURL=(\S+)\s*$/.exec(code)?.[1];
  const mapFile = mapRef ? path.join(path.dirname(file), mapRef) : '';
  const gz = gzipSize(code);
  if (!mapFile || !fs.existsSync(mapFile)) return out.set(`(no source map) ${script}`, gz);
  const consumer = new SourceMapConsumer(JSON.parse(fs.readFileSync(mapFile, 'utf8')));
  const lines = code.split('\n');
  const mappings: { line: number; column: number; source: string }[] = [];
  consumer.eachMapping((m) => mappings.push({ line: m.generatedLine, column: m.generatedColumn, source: m.source ?? '(runtime)' }));
  for (let i = 0; i < mappings.length; i++) {
    const m = mappings[i]!;
    const next = mappings[i + 1];
    const end = next && next.line === m.line ? next.column : lines[m.line - 1]!.length;
    const name = m.source.replace(/^turbopack:\/\/\/\[project\]\//, '').replace(/^turbopack:\/\/\/\[turbopack\]\//, '(bundler runtime) ');
    out.set(name, (out.get(name) ?? 0) + ((end - m.column) / code.length) * gz);
  }
  return out;
}

/** A module's package (node_modules/<pkg>/…) or the project file itself. */
const owner = (name: string) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(name)?.[1] ?? name;

function analyzeBuild(): string {
  const dist = path.join(root, '.next-analyze');
  console.log('building with source maps into .next-analyze/ …');
  const run = spawnSync('npx', ['next', 'build'], { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, QUIZ_ARENA_ANALYZE: '1', NEXT_TELEMETRY_DISABLED: '1' } });
  if (run.status !== 0) throw new Error('the analysis build failed');
  return dist;
}

function main(): void {
  const distDir = path.join(root, '.next');
  if (!fs.existsSync(path.join(distDir, 'build-manifest.json'))) {
    console.error('no build in .next/ (run npm run build)');
    process.exit(1);
  }
  const analysis = args.has('--modules') ? analyzeBuild() : null;
  let over = 0;
  const only = process.argv.find((a) => a.startsWith('--pages='))?.slice('--pages='.length).split(',');
  for (const [route, pageDir] of Object.entries(PAGES)) {
    if (only && !only.some((part) => route.includes(part))) continue;
    const scripts = firstLoadScripts(distDir, pageDir);
    let raw = 0;
    let gz = 0;
    let br = 0;
    for (const s of scripts) {
      const data = fs.readFileSync(path.join(distDir, s));
      raw += data.length;
      gz += gzipSize(data);
      br += brotliSize(data);
    }
    const kb = gz / 1024;
    const budget = (budgets.pages as Record<string, number>)[route] ?? TARGET_KB;
    const status = kb <= TARGET_KB ? 'MET' : kb <= budget ? `NOT MET (within its interim ceiling of ${budget} kB)` : `OVER its ceiling of ${budget} kB`;
    if (kb > budget) over++;
    console.log(`${route.padEnd(58)} ${String(scripts.length).padStart(2)} scripts ${(raw / 1024).toFixed(1).padStart(6)} kB raw ${kb.toFixed(1).padStart(6)} kB gzipped  target ${TARGET_KB} kB: ${status}  (${(br / 1024).toFixed(1)} kB as served, brotli)`);
    const fetched = pageFetchedScripts(distDir, pageDir);
    // Every script the page loads carries V8's compile hint (scripts/compile-hints.mjs, decision 040).
    const unhinted = [...scripts, ...fetched].filter((s) => !fs.readFileSync(path.join(distDir, s), 'utf8').startsWith(COMPILE_HINT));
    if (unhinted.length > 0) {
      over++;
      console.log(`${''.padEnd(58)} WITHOUT the compile hint (run node scripts/ensure-build.mjs): ${unhinted.join(', ')}`);
    }
    if (fetched.length > 0) {
      const fetchedData = fetched.map((f) => fs.readFileSync(path.join(distDir, f)));
      const fetchedGz = fetchedData.reduce((sum, d) => sum + gzipSize(d), 0);
      const fetchedBr = fetchedData.reduce((sum, d) => sum + brotliSize(d), 0);
      console.log(
        `${''.padEnd(58)} the page's code may fetch once it runs (its game; optional parts such as Firebase sign-in): ${fetched.length} scripts, ${(fetchedGz / 1024).toFixed(1)} kB gzipped (${(fetchedBr / 1024).toFixed(1)} kB brotli)`,
      );
    }
    if (analysis) {
      const byOwner = new Map<string, number>();
      for (const s of firstLoadScripts(analysis, pageDir)) {
        for (const [name, bytes] of modulesOf(analysis, s)) byOwner.set(owner(name), (byOwner.get(owner(name)) ?? 0) + bytes);
      }
      const top = [...byOwner].sort((a, b) => b[1] - a[1]).slice(0, TOP);
      for (const [name, bytes] of top) console.log(`      ${(bytes / 1024).toFixed(1).padStart(6)} kB  ${name}`);
    }
  }
  if (args.has('--check') && over > 0) {
    console.error(`${over} page(s) over their first-load budget (bench/web/budget.json) or with scripts lacking the compile hint`);
    process.exit(1);
  }
}

main();
