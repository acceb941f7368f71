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

for (const p of problems) console.log(p);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
