import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const script = path.join(process.cwd(), 'scripts', 'compile-hints.mjs');
const HINT = '//# allFunctionsCalledOnLoad\n';

function run(dir: string): string {
  const result = spawnSync(process.execPath, [script, dir], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(result.stderr);
  return result.stdout;
}

describe('scripts/compile-hints.mjs (decision 040)', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'compile-hints-'));
    fs.mkdirSync(path.join(dir, 'nested'));
    fs.writeFileSync(path.join(dir, 'a.js'), '(globalThis.TURBOPACK||[]).push([1]);\n');
    fs.writeFileSync(path.join(dir, 'nested', 'b.js'), 'console.log(2);\n');
    fs.writeFileSync(path.join(dir, 'style.css'), '.a{color:red}\n');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('puts the hint on the first line of every script, code unchanged after it, and leaves other files alone', () => {
    expect(run(dir)).toMatch(/^compile hints: 2 chunk\(s\) marked, 0 already were/);
    expect(fs.readFileSync(path.join(dir, 'a.js'), 'utf8')).toBe(`${HINT}(globalThis.TURBOPACK||[]).push([1]);\n`);
    expect(fs.readFileSync(path.join(dir, 'nested', 'b.js'), 'utf8')).toBe(`${HINT}console.log(2);\n`);
    expect(fs.readFileSync(path.join(dir, 'style.css'), 'utf8')).toBe('.a{color:red}\n');
    expect(fs.readdirSync(dir).filter((f) => f.includes('.hint-'))).toEqual([]);
  });

  it('marks a script once: a second run changes nothing, a new chunk of a later build is marked', () => {
    run(dir);
    const file = path.join(dir, 'a.js');
    const before = fs.statSync(file).mtimeMs;
    expect(run(dir)).toMatch(/^compile hints: 0 chunk\(s\) marked, 2 already were/);
    expect(fs.statSync(file).mtimeMs).toBe(before);
    expect(fs.readFileSync(file, 'utf8').split(HINT).length).toBe(2);
    fs.writeFileSync(path.join(dir, 'c.js'), 'void 0;\n');
    expect(run(dir)).toMatch(/^compile hints: 1 chunk\(s\) marked, 2 already were/);
  });
});
