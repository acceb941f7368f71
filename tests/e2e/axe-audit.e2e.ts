import type { Browser } from 'playwright-core';
import { seriousA11yViolations } from '@/tests/e2e/support/axe';
import { launchBrowser } from '@/tests/e2e/support/browser';

// The accessibility audit every browser test relies on (tests/e2e/support/axe.ts), on pages
// written here rather than the app's: it reports a page's own violations, and not a moment of a
// movement that started while axe was reading (a toast fading in under a timer). Without the
// audit again after such a movement, a fade starting 40–250 ms into the audit was reported as a
// contrast failure (seen in the Firebase file: 3 runs of 10 with a core busy).

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const page = (title: string, body: string, style = '') =>
  `<!doctype html><html lang="en"><head><title>${title}</title><style>${style}</style></head><body><main>${body}</main></body></html>`;

test('a page whose text lacks contrast at rest is reported', async () => {
  const tab = await browser.newPage();
  try {
    await tab.setContent(page('grey', '<p style="color:#bbb;background:#fff">grey on white</p>'));
    expect((await seriousA11yViolations(tab)).map((v) => v.id)).toEqual(['color-contrast']);
  } finally {
    await tab.close();
  }
});

test('a text that starts fading in while axe reads the page is judged once it has come to rest', async () => {
  // The fade starts at several moments after the audit is asked for: before it, and inside it.
  for (const delay of [0, 20, 40, 60, 80, 100, 130, 160, 200, 250, 300]) {
    const tab = await browser.newPage();
    try {
      await tab.setContent(
        page(`fade ${delay}`, `<p id="fading" style="color:#000;background:#fff">black on white, fading in</p>`, '@keyframes in { from { opacity: 0.1 } to { opacity: 1 } } .in { animation: in 0.5s forwards }'),
      );
      await tab.evaluate((ms) => {
        setTimeout(() => document.getElementById('fading')?.classList.add('in'), ms);
      }, delay);
      expect([delay, (await seriousA11yViolations(tab)).map((v) => v.id)]).toEqual([delay, []]);
    } finally {
      await tab.close();
    }
  }
});

test('a page that stays low in contrast while it moves is still reported', async () => {
  const tab = await browser.newPage();
  try {
    // Grey text, and a spinner-like short animation restarted over and over beside it.
    await tab.setContent(
      page(
        'moving',
        '<p style="color:#bbb;background:#fff">grey on white</p><div id="pulse" aria-hidden="true" style="width:10px;height:10px;background:#000"></div>',
        '@keyframes pulse { from { opacity: 0.5 } to { opacity: 1 } } .on { animation: pulse 0.2s }',
      ),
    );
    await tab.evaluate(() => {
      const pulse = document.getElementById('pulse')!;
      setInterval(() => {
        pulse.classList.toggle('on');
      }, 100);
    });
    expect((await seriousA11yViolations(tab)).map((v) => v.id)).toEqual(['color-contrast']);
  } finally {
    await tab.close();
  }
});
