import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

const axeSource = fs.readFileSync(path.join(process.cwd(), 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * What axe's verdict on a page depends on, as one key: the whole document's markup (its
 * stylesheets' addresses with it), the viewport, where it is scrolled, whether the fonts have
 * loaded, the focused element, and the motion and colour preferences. Two 32-bit FNV-1a hashes of
 * it and its length, computed in the page.
 */
function fingerprint(page: Page): Promise<string> {
  return page.evaluate(() => {
    const focused = document.activeElement;
    const where = focused ? `${focused.tagName}#${focused.id}.${focused.getAttribute('name') ?? ''}:${Array.prototype.indexOf.call(document.querySelectorAll('*'), focused)}` : '';
    const media = ['(prefers-reduced-motion: reduce)', '(prefers-color-scheme: dark)', '(forced-colors: active)'].map((q) => (window.matchMedia(q).matches ? 1 : 0)).join('');
    const text = `${document.documentElement.outerHTML}|${window.innerWidth}x${window.innerHeight}@${window.devicePixelRatio}|${window.scrollX},${window.scrollY}|${document.fonts.status}|${where}|${media}`;
    let a = 0x811c9dc5;
    let b = 0x01000193;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      a = Math.imul(a ^ c, 16777619) >>> 0;
      b = Math.imul(b ^ c, 2246822519) >>> 0;
    }
    return `${a.toString(16)}.${b.toString(16)}.${text.length}`;
  });
}

/**
 * Pages this test file's process audited without a serious violation, by fingerprint: a page
 * left in the same state again (the same screen reached by another test, or audited by a test
 * and then as it is left) is not audited twice. Only passes are kept: a page with a violation is
 * audited each time, and fails each test that leaves it.
 */
const passed = new Set<string>();

/** Audits of one page state before its violations are believed while the page keeps moving under them. */
const AUDITS_WHILE_MOVING = 3;

/** Runs axe-core (WCAG 2.x A and AA rules) in the page; answers the serious and critical violations. */
export async function seriousA11yViolations(page: Page): Promise<AxeViolation[]> {
  // A dynamically rendered page streams its metadata after its body, so right after a client-side
  // navigation there can be a moment with no <title> at all. Give it a few seconds to arrive; if it
  // never does, axe below reports the missing title.
  await page.waitForFunction(() => document.title.trim() !== '', null, { timeout: 5000 }).catch(() => undefined);
  for (let audit = 1; ; audit++) {
    // What axe measures is the page at rest: a toast fading in or out (react-hot-toast fades even
    // with reduced motion) is half transparent, and its text fails the contrast rule for that
    // moment. The page's short animations are let end first; longer ones (a question's clock bar)
    // and endless ones (a spinner) are not waited for.
    await page
      .evaluate(() => {
        // Animations of at most a second: an entrance, an exit, a toast's fade.
        const short = document.getAnimations().filter((a) => a.playState === 'running' && Number(a.effect?.getComputedTiming().endTime ?? Infinity) <= 1000);
        return Promise.race([Promise.all(short.map((a) => a.finished.catch(() => undefined))), new Promise((resolve) => setTimeout(resolve, 2000))]);
      })
      .catch(() => undefined);
    const key = await fingerprint(page);
    const known = passed.has(key);
    // QA_AXE_STATS=<file>: one line per page left, audited (`run`) or found audited (`skip`).
    if (process.env.QA_AXE_STATS) fs.appendFileSync(process.env.QA_AXE_STATS, `${known ? 'skip' : 'run'} ${page.url()}\n`);
    if (known) return [];
    // Once per document: a page audited again (by a test, then as it is left) keeps the axe it has.
    if (!(await page.evaluate(() => 'axe' in window))) {
      // The script element goes once axe is defined, so that the page's markup (its fingerprint) is the app's alone.
      const script = await page.addScriptTag({ content: axeSource });
      await script.evaluate((element) => (element as Element).remove());
    }
    const { violations, moved } = await page.evaluate(async () => {
      // Whether the page moved while axe read it: an animation or a transition that started during
      // the audit (a toast shown or dismissed by a timer), or a short one running at either end.
      // (No named functions in here: tsx, which runs the browser paths, would wrap them in a helper the page lacks.)
      let moved = document.getAnimations().some((a) => a.playState === 'running' && Number(a.effect?.getComputedTiming().endTime ?? Infinity) <= 1000);
      const listening = new AbortController();
      for (const type of ['animationstart', 'transitionrun']) {
        document.addEventListener(type, () => (moved = true), { capture: true, signal: listening.signal });
      }
      try {
        const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[] }> } }).axe;
        // Only the violations are wanted: axe then leaves the nodes of the rules that passed
        // un-summarised (its `resultTypes` option).
        const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] }, resultTypes: ['violations'] });
        moved ||= document.getAnimations().some((a) => a.playState === 'running' && Number(a.effect?.getComputedTiming().endTime ?? Infinity) <= 1000);
        return { violations: result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) })), moved };
      } finally {
        listening.abort();
      }
    });
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    // The fingerprint as it was before axe ran: axe adds nothing to the markup but its own script.
    if (serious.length === 0) {
      passed.add(key);
      return serious;
    }
    // A violation found while the page moved may be a moment of that movement (text half faded in):
    // the page is let come to rest and audited again. One found on a page at rest, or still found
    // after AUDITS_WHILE_MOVING audits, is the page's.
    if (!moved || audit >= AUDITS_WHILE_MOVING) return serious;
  }
}
