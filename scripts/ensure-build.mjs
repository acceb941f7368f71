// Runs before `npm start`: builds what is missing or stale, so that `npm install && npm start`
// works on a fresh clone and a started server never serves stale code.
//   - the web app (`next build` into .next/) when its sources changed since the last build, and a
//     brotli copy of each of its scripts and styles (scripts/precompress-static.mjs);
//   - the server (`server.ts` and services/server, bundled by esbuild into dist/server.js), so
//     that a start loads plain JavaScript instead of compiling TypeScript on the fly;
//   - the embedded database's template (scripts/make-pglite-template.mjs), loaded into a new data
//     directory instead of running PGlite's initdb there (decision 054).
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = process.cwd();

function walk(dir, out) {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (!/\.test\.tsx?$/.test(entry.name)) out.push(full);
  }
}

function fingerprint(dirs, files) {
  const list = [];
  for (const dir of dirs) walk(path.join(root, dir), list);
  for (const f of files) if (fs.existsSync(path.join(root, f))) list.push(path.join(root, f));
  const hash = createHash('sha256');
  for (const file of list.sort()) {
    const stat = fs.statSync(file);
    hash.update(`${path.relative(root, file)}:${stat.size}:${stat.mtimeMs}\n`);
  }
  return hash.digest('hex');
}

function stale(stampFile, wanted, output) {
  if (process.env.SKIP_BUILD === '1') return false;
  if (!fs.existsSync(output) || !fs.existsSync(stampFile)) return true;
  return fs.readFileSync(stampFile, 'utf8').trim() !== wanted;
}

const shared = ['package-lock.json', 'tsconfig.json'];

// The web app.
const webWanted = fingerprint(
  ['app', 'components', 'services/client', 'services/store', 'services/domain', 'machines', 'locales', 'public'],
  ['next.config.js', 'postcss.config.mjs', ...shared],
);
const webStamp = path.join(root, '.next', 'quiz-arena-build.txt');
if (stale(webStamp, webWanted, path.join(root, '.next', 'BUILD_ID'))) {
  console.log(fs.existsSync(webStamp) ? 'Sources changed since the last build: building the web app…' : 'No build yet: building the web app (once)…');
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next'), 'build'], {
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  fs.writeFileSync(webStamp, `${webWanted}\n`);
}
// V8's compile hint on every script chunk (decision 040), before brotli compresses them.
{
  const { addCompileHints } = await import('./compile-hints.mjs');
  const r = addCompileHints(path.join(root, '.next', 'static', 'chunks'));
  if (r.marked > 0) console.log(`Marked ${r.marked} script chunks to compile while they download.`);
}
// Brotli beside the build's scripts and styles (done once per file; a later start only checks).
{
  const { precompressStatic } = await import('./precompress-static.mjs');
  const r = precompressStatic(path.join(root, '.next', 'static'));
  if (r.written > 0) console.log(`Precompressed ${r.written} scripts and styles with brotli.`);
}

// The server.
const serverWanted = fingerprint(['services/server', 'services/domain'], ['server.ts', ...shared]);
const serverOut = path.join(root, 'dist', 'server.js');
const serverStamp = path.join(root, 'dist', 'server-build.txt');
if (stale(serverStamp, serverWanted, serverOut)) {
  const esbuild = await import('esbuild');
  await esbuild.build({
    entryPoints: [path.join(root, 'server.ts')],
    outfile: serverOut,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    // Packages stay in node_modules; only our own TypeScript is bundled.
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  fs.writeFileSync(serverStamp, `${serverWanted}\n`);
}

// The embedded database's template, made by the installed PGlite.
{
  const pgliteVersion = JSON.parse(fs.readFileSync(path.join(root, 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8')).version;
  const templateStamp = path.join(root, 'dist', 'pglite-template.json');
  let madeBy = null;
  try {
    madeBy = JSON.parse(fs.readFileSync(templateStamp, 'utf8')).pglite;
  } catch {
    // none yet
  }
  if (process.env.SKIP_BUILD !== '1' && (madeBy !== pgliteVersion || !fs.existsSync(path.join(root, 'dist', 'pglite-template.tar.gz')))) {
    const result = spawnSync(process.execPath, [path.join(root, 'scripts', 'make-pglite-template.mjs')], { stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}
