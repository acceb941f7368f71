import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

/** Where a failed test's pages are kept: reports/e2e/<file>--<test>[--page N].png and .txt. */
export const FAILURES_DIR = path.join(process.cwd(), 'reports', 'e2e');

/** The test that just failed, set by tests/e2e/support/environment.js; null while none has. */
export function failedTest(): string | null {
  return (globalThis as { __qaFailedTest?: string | null }).__qaFailedTest ?? null;
}

/** Pages kept for each failed test so far: the second page of a test (a battle's other player) is named `--page 2`. */
const kept = new Map<string, number>();

/**
 * After a failed test, keeps a page of it as it was: a screenshot of the whole page, its address
 * and its text. Printed too, shortened, so that the CI log says what the page showed. Every
 * context a browser file opens calls this as it closes (tests/e2e/support/browser.ts), so a test
 * with several players keeps each of their pages.
 */
export async function keepFailure(page: Page): Promise<void> {
  const failed = failedTest();
  if (!failed || page.isClosed()) return;
  const count = (kept.get(failed) ?? 0) + 1;
  kept.set(failed, count);
  const file = path.basename(expect.getState().testPath ?? 'browser', '.e2e.ts');
  const label = count > 1 ? ` (page ${count})` : '';
  const name = `${file}--${failed.replace(/[^a-z0-9]+/gi, '-').slice(0, 80)}${count > 1 ? `--page-${count}` : ''}`;
  fs.mkdirSync(FAILURES_DIR, { recursive: true });
  const base = path.join(FAILURES_DIR, name);
  try {
    await page.screenshot({ path: `${base}.png`, fullPage: true, timeout: 10_000 });
    const text = await page.evaluate(() => document.body.innerText).catch(() => '(no text)');
    fs.writeFileSync(`${base}.txt`, `${page.url()}\n\n${text}\n`);
    // The CI log is often all there is to read afterwards: the page's text, shortened, with it.
    const gist = text.replace(/\s+/g, ' ').trim().slice(0, 600);
    console.log(`the page${label} at the failure of "${failed}": ${page.url()}\n${gist}\n(kept in ${path.relative(process.cwd(), base)}.png and .txt)`);
  } catch (error) {
    console.log(`the page${label} at the failure of "${failed}" could not be kept: ${(error as Error).message}`);
  }
}
