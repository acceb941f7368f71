/**
 * npm run test:soak -- <test file> [--times N] [--busy]
 *
 * Runs one browser or integration test file N times in a row (10 by default), each run a Jest
 * run of its own, and prints how many passed, with the first lines of each failure. A file that
 * does not pass N of N is flaky: find the cause (docs/testing.md, "Flaky tests"). `--busy` keeps
 * one core busy with a spinning process for the whole soak, as CI's machine may be.
 * No retries: a run that fails counts as failed.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
const fail = (message: string): never => {
  console.error(message);
  process.exit(2);
};
const file = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--times');
if (!file) fail('usage: npm run test:soak -- <test file> [--times N] [--busy]');
if (!existsSync(file!)) fail(`no file ${file}`);
const timesArg = args.includes('--times') ? args[args.indexOf('--times') + 1] : '10';
const times = Number(timesArg);
if (!Number.isInteger(times) || times < 1) fail(`--times needs a whole number of runs, at least 1 (got ${timesArg})`);
const browser = /\.e2e\.ts$/.test(file!);

let busy: ChildProcess | null = null;
if (args.includes('--busy')) {
  busy = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
  console.log(`one core kept busy (pid ${busy.pid})`);
}

const env = { ...process.env, NODE_OPTIONS: `--experimental-vm-modules ${process.env.NODE_OPTIONS ?? ''}` };
const jest = path.join('node_modules', '.bin', 'jest');
const results: { run: number; ok: boolean; seconds: number; failure: string }[] = [];
try {
  for (let run = 1; run <= times; run++) {
    const started = Date.now();
    const res = spawnSync(jest, ['--ci', ...(browser ? ['-c', 'jest.e2e.config.js'] : []), '--runTestsByPath', file!], { env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    const seconds = (Date.now() - started) / 1000;
    const out = `${res.stdout}${res.stderr}`;
    const ok = res.status === 0;
    const failure = ok ? '' : out.split('\n').filter((l) => /●|Error|expect|✕/.test(l)).slice(0, 8).join('\n');
    results.push({ run, ok, seconds, failure });
    console.log(`run ${run} of ${times}: ${ok ? 'passed' : 'FAILED'} in ${seconds.toFixed(1)} s${ok ? '' : `\n${failure}`}`);
  }
} finally {
  busy?.kill();
}
const passed = results.filter((r) => r.ok).length;
console.log(`\n${file}: ${passed} of ${times} passed${busy ? ' (one core busy)' : ''}; slowest run ${Math.max(...results.map((r) => r.seconds)).toFixed(1)} s`);
process.exit(passed === times ? 0 : 1);
