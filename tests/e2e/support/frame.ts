import type { Page } from 'playwright-core';

/**
 * The app bar's account menu (ui.md): languages, theme, sound and log out live there. Each helper
 * opens it (its button is named by the player's avatar and "Account and settings", in any
 * language the test has not switched from English) and closes it again with Escape.
 */
async function openAccountMenu(page: Page, name: string | RegExp = /Account and settings$/): Promise<void> {
  const button = page.getByRole('banner').getByRole('button', { name });
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
}

/** Picks the interface language (its code, e.g. 'ar') in the account menu. */
export async function chooseInterfaceLanguage(page: Page, language: string): Promise<void> {
  await openAccountMenu(page);
  await page.locator('#menu-interface-language').selectOption(language);
  await page.waitForFunction((lang) => document.documentElement.lang === lang, language);
  await page.keyboard.press('Escape');
}

/** Picks the content language by its name in the account menu; `menuName` names the menu's button in the interface language in use. */
export async function chooseContentLanguage(page: Page, label: string, menuName: string | RegExp): Promise<void> {
  await openAccountMenu(page, menuName);
  await page.locator('#menu-content-language').selectOption({ label });
  await page.keyboard.press('Escape');
}

/** Logs out from the account menu. */
export async function logOut(page: Page): Promise<void> {
  await openAccountMenu(page);
  await page.getByRole('button', { name: 'Log out' }).click();
}
