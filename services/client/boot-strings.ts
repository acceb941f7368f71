/**
 * The only interface strings in the bundle: what the loader and its failure say before any
 * language could be fetched. The same text as locales/en.json (boot-strings.test.ts checks it);
 * everything else arrives with the player's language.
 */
export const BOOT_STRINGS: Readonly<Record<string, string>> = {
  'app.name': 'Quiz Arena',
  'loader.loading': 'Loading…',
  'loader.retry': 'Try again',
  'loader.settings_failed': 'The app settings could not be loaded. Check your connection and try again.',
  'loader.settings_failed_title': "We couldn't start the app",
  'errors.network': 'Could not reach the server. Check your connection and try again.',
};
