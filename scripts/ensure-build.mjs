// Runs before `npm start`: builds the web app when there is no build yet or when its sources
// changed since the last build, so that `npm install && npm start` works on a fresh clone and a
// started server never serves stale pages.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = process.cwd();
const inputs = ['app', 'components', 'services/client', 'services/store', 'services/domain', 'machines', 'locales', 'public'];
const files = ['next.config.js', 'postcss.config.mjs', 'tsconfig.json', 'package-lock.json'];
const stampFile = path.join(root, '.next', 'quiz-arena-build.txt');

function walk(dir, out) {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (!/\.test\.tsx?$/.test(entry.name)) out.push(full);
  }
}

function fingerprint() {
  const list = [];
  for (const dir of inputs) walk(path.join(root, dir), list);
  for (const f of files) if (fs.existsSync(path.join(root, f))) list.push(path.join(root, f));
  const hash = createHash('sha256');
  for (const file of list.sort()) {
    const stat = fs.statSync(file);
    hash.update(`${path.relative(root, file)}:${stat.size}:${stat.mtimeMs}\n`);
  }
  return hash.digest('hex');
}

const wanted = fingerprint();
const built = fs.existsSync(path.join(root, '.next', 'BUILD_ID')) && fs.existsSync(stampFile)
  ? fs.readFileSync(stampFile, 'utf8').trim()
  : '';

if (process.env.SKIP_BUILD === '1' || built === wanted) process.exit(0);

console.log(built ? 'Sources changed since the last build: building the web app…' : 'No build yet: building the web app (once)…');
const result = spawnSync(process.execPath, [path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next'), 'build'], {
  stdio: 'inherit',
  env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
});
if (result.status !== 0) process.exit(result.status ?? 1);
fs.writeFileSync(stampFile, `${wanted}\n`);
