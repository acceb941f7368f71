// Reads the Jest JSON reports and the check results of one test run and prints the summary line.
// Exit code 1 when anything failed or when a test suite could not run at all.
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
let passed = 0;
let failed = 0;
const problems = [];

for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
  const report = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  const skipped = report.numPendingTests + report.numTodoTests;
  if (skipped > 0) {
    failed += skipped;
    problems.push(`${file}: ${skipped} skipped or todo test(s) count as failed`);
  }
  for (const suite of report.testResults) {
    if (suite.status === 'failed' && suite.assertionResults.every((a) => a.status !== 'failed')) {
      failed += 1;
      problems.push(`${file}: suite ${path.relative(process.cwd(), suite.name)} failed to run: ${String(suite.message).split('\n').slice(0, 3).join(' ')}`);
    }
  }
  console.log(`${file.replace('.json', '')}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
}

const checksFile = path.join(dir, 'checks.txt');
if (fs.existsSync(checksFile)) {
  for (const line of fs.readFileSync(checksFile, 'utf8').split('\n').filter(Boolean)) {
    const [result, ...name] = line.split(' ');
    if (result === 'pass') passed += 1;
    else {
      failed += 1;
      problems.push(`check failed: ${name.join(' ')}`);
    }
  }
}

// Each stage's time beside its share of CI's 30 minutes (scripts/test-all.sh records them).
const timesFile = path.join(dir, 'times.txt');
if (fs.existsSync(timesFile)) {
  const rows = fs
    .readFileSync(timesFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [name, share, ms, beside] = line.split(' ');
      return { name, share: Number(share), s: Number(ms) / 1000, beside };
    });
  const width = Math.max(...rows.map((r) => r.name.length), 'wall clock'.length);
  console.log(`\n${'stage'.padEnd(width)}  ${'time'.padStart(8)}  ${'share'.padStart(7)}`);
  for (const r of rows) console.log(`${r.name.padEnd(width)}  ${`${r.s.toFixed(1)} s`.padStart(8)}  ${`${r.share} s`.padStart(7)}${r.s > r.share ? '  over its share' : ''}${r.beside ? `  (beside ${r.beside}: within its time)` : ''}`);
  // A stage run beside another shares that one's minutes: it adds nothing to the sums.
  const total = rows.reduce((n, r) => n + (r.beside ? 0 : r.s), 0);
  const shares = rows.reduce((n, r) => n + (r.beside ? 0 : r.share), 0);
  console.log(`${'stages'.padEnd(width)}  ${`${total.toFixed(1)} s`.padStart(8)}  ${`${shares} s`.padStart(7)}`);
  // Stages that run side by side overlap: the wall clock is what CI waits (the install included).
  const wallFile = path.join(dir, 'wall.txt');
  if (fs.existsSync(wallFile)) {
    const wall = Number(fs.readFileSync(wallFile, 'utf8')) / 1000;
    console.log(`${'wall clock'.padEnd(width)}  ${`${wall.toFixed(1)} s`.padStart(8)}  ${'1800 s'.padStart(7)}${wall > 1800 ? '  over the 30 minutes' : ''}`);
  }
  console.log('');
}

for (const p of problems) console.log(p);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
