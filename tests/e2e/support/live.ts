import type { BrowserContext, Page } from 'playwright-core';
import type { BrowserSuite } from '@/tests/e2e/support/suite';

/** The live games' browser tests share these: a phone of its own, and waits on either screen's phase (docs/live.md). */

/** A phone (390×844) in a browser context of its own: its own seat, its own storage. */
export async function livePhone(suite: BrowserSuite): Promise<{ context: BrowserContext; page: Page }> {
  const context = await suite.browser.newContext({ viewport: { width: 390, height: 844 } });
  return { context, page: await context.newPage() };
}

/** Waits until the phone's machine is in `name` (`playing.lobby`, `nickname`…). */
export const livePhase = (page: Page, name: string) => page.locator(`[data-live-phase="${name}"]`).waitFor({ timeout: 15_000 });

/** Waits until the host's screen shows `name` (`open`, `reveal`, `leaderboard`, `podium`…). */
export const liveHostPhase = (page: Page, name: string) => page.locator(`[data-live-host-phase="${name}"]`).waitFor({ timeout: 15_000 });

/**
 * Presses a control's key once its button is enabled: while a call of the host is under way the
 * controls are off, and a key pressed then is ignored as a click would be (a person waits for the button).
 */
export async function pressHostKey(page: Page, key: string) {
  await page.locator(`button[aria-keyshortcuts~="${key.toUpperCase()}"]:enabled`).first().waitFor();
  await page.keyboard.press(key);
}
