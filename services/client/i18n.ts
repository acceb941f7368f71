import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '@/locales/en.json';

export const DEFAULT_INTERFACE_LANGUAGE = 'en';

/**
 * The one i18next instance. English ships in the bundle so the loader and error screens have text
 * before anything is fetched; every language, English included, is then loaded from
 * `get_system_language_json` so admin edits show. Keys are flat ("header.hello_guest"), hence no
 * key or namespace separators.
 */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: DEFAULT_INTERFACE_LANGUAGE,
  fallbackLng: DEFAULT_INTERFACE_LANGUAGE,
  resources: { [DEFAULT_INTERFACE_LANGUAGE]: { translation: en } },
  keySeparator: false,
  nsSeparator: false,
  // React escapes output already.
  interpolation: { escapeValue: false },
  // Resources are inline, so init is synchronous and the first render already has text.
  initAsync: false,
  react: { useSuspense: false, bindI18nStore: 'added' },
  returnNull: false,
});
