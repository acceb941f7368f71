import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { seriousA11yViolations } from '@/tests/e2e/support/axe';
import { launchBrowser } from '@/tests/e2e/support/browser';

// The testers' workbench as a tester meets it (docs/testing.md): `npm run test:paths` for one
// machine writes a report that opens in Chromium with the machine's diagram, its coverage and its
// paths; a path replayed by its id prints its steps; an unknown id is refused by name. And the
// machine inspector of development never reaches a production build.

const root = process.cwd();
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
let browser: Browser;
let page: Page;
let out: string;

function testPaths(args: string[]) {
  return spawnSync(tsx, ['scripts/test-paths.ts', '--out', out, ...args], { cwd: root, encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '--experimental-vm-modules' }, timeout: 110_000 });
}

beforeAll(async () => {
  browser = await launchBrowser();
  out = fs.mkdtempSync(path.join(os.tmpdir(), 'qa-paths-report-'));
});

afterAll(async () => {
  await browser?.close();
  fs.rmSync(out, { recursive: true, force: true });
});

beforeEach(async () => {
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
});

afterEach(async () => {
  await page.context().close();
});

describe("the testers' workbench", () => {
  // The countdown's 17 paths, at the machine depth only: the report is drawn the same for any
  // machine, and the paths stage (npm run test:paths) already runs every machine's paths, the
  // sequence-order's 716 at both depths among them. A path replayed at both depths is the next test.
  test('a machine run writes a report with its diagram, coverage and every path, and a JUnit file', async () => {
    const run = testPaths(['--machine', 'countdown']);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/countdown\s+17\s+0\s+100\.0 % 3\/3\s+100\.0 % 5\/5\s+100\.0 % 5\/5/);
    const junit = fs.readFileSync(path.join(out, 'junit.xml'), 'utf8');
    expect(junit.match(/<testcase [^>]*name="\[countdown\/default\/[0-9a-f]{8}\]/g)).toHaveLength(17);

    await page.goto(`file://${path.join(out, 'index.html')}`);
    const section = page.locator('section#countdown');
    await section.waitFor();
    await expect(section.locator('.shares').innerText()).resolves.toMatch(/States 100\.0 % \(3\/3\) · transitions 100\.0 % \(5\/5\) · branches 100\.0 % \(5\/5\)/);
    // The diagram, drawn from the machine: its three states, green (reached).
    const nodes = section.locator('svg g.node');
    await expect(nodes.count()).resolves.toBeGreaterThanOrEqual(3);
    const labels = await nodes.locator('text').allTextContents();
    expect(labels).toEqual(expect.arrayContaining(['running', 'paused', 'expired']));
    await expect(section.locator('svg g.node polygon, svg g.node path').first().getAttribute('stroke')).resolves.toBe('#15803d');
    await section.getByText(/default · machine: 17 paths/).click();
    // A row per path and, for a configuration this short, its steps under it.
    await expect(section.locator('table.paths > tbody > tr:not(.detail)').count()).resolves.toBe(17);
    await expect(section.locator('table.paths > tbody > tr.detail').count()).resolves.toBe(17);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test('a path replayed by its id prints each step; an unknown id is refused', () => {
    const list = spawnSync(tsx, ['scripts/paths.ts', '--machine', 'word-entry', '--json'], { cwd: root, encoding: 'utf8' });
    const [machine] = JSON.parse(list.stdout) as { configs: { list: { id: string; steps: number }[] }[] }[];
    const target = machine!.configs[0]!.list.find((p) => p.steps >= 4)!;
    const replay = testPaths(['--path', target.id]);
    expect(replay.status).toBe(0);
    expect(replay.stderr).toContain(`path ${target.id}: ${target.steps + 1} steps`);
    // Once on the machine, once against the real server (the word-entry paths run at both depths).
    expect(replay.stderr.match(/^\s+\d+\. .+ → "(editing|complete)"\s+checked \* \(\d+ assertions\)$/gm)).toHaveLength(2 * (target.steps + 1));
    expect(replay.stderr).toContain('✓ passed');

    const unknown = testPaths(['--path', 'word-entry/default/00000000']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('No path word-entry/default/00000000');
  });

  test('the production build carries no machine inspector', () => {
    // The marker is in the inspector's own code (so this check can find it)…
    const lib = fs.readdirSync(path.join(root, 'node_modules/@statelyai/inspect/dist')).map((f) => fs.readFileSync(path.join(root, 'node_modules/@statelyai/inspect/dist', f), 'utf8')).join('\n');
    expect(lib).toContain('stately.ai/inspect');
    // …and in none of the scripts the build serves.
    const scripts = fs
      .readdirSync(path.join(root, '.next/static'), { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(20);
    const carrying = scripts.filter((f) => /stately\.ai\/inspect|createBrowserInspector/.test(fs.readFileSync(path.join(root, '.next/static', f), 'utf8')));
    expect(carrying).toEqual([]);
  });
});
