import toast from 'react-hot-toast';
import { takePrefetched } from '@/services/client/boot';
import { DEFAULT_INTERFACE_LANGUAGE, i18n } from '@/services/client/i18n';
import { getLanguages, getSystemLanguageJson, getSystemLanguageList } from '@/services/client/languages-api';
import { getSystemConfigurations, getWebSettings } from '@/services/client/settings-api';
import {
  appLanguageChanged,
  appLanguagesLoaded,
  contentLanguageChosen,
  contentLanguagesLoaded,
  type ContentLanguage,
} from '@/services/store/languages-slice';
import { selectLanguageId, selectLanguageMode } from '@/services/store/selectors';
import { systemConfigLoaded, webSettingsLoaded } from '@/services/store/settings-slice';
import { getAppStore } from '@/services/store/store';
import { loadDateLocale } from '@/services/client/date-locale';
import { BACKGROUND_DELAY_MS, whenPageSettled } from '@/services/client/when-settled';

/** Spec §4: the time of the last web-settings fetch lives in sessionStorage. */
export const WEB_SETTINGS_FETCHED_AT_KEY = 'quiz-arena:web-settings-fetched-at';

/** Shares one request among callers that ask while it is under way (StrictMode, retry clicks). */
function shared<T>(run: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => (pending ??= run().finally(() => (pending = null)));
}

/** Web settings, fetched on first load or on a manual refresh (spec §4). */
export const loadWebSettings = shared(async (): Promise<boolean> => {
  const webSettings = await getWebSettings(await takePrefetched('settings'));
  if (!webSettings) return false;
  const fetchedAt = Date.now();
  getAppStore().dispatch(webSettingsLoaded({ webSettings, fetchedAt }));
  try {
    window.sessionStorage.setItem(WEB_SETTINGS_FETCHED_AT_KEY, String(fetchedAt));
  } catch {
    // sessionStorage unavailable: the time is still in the store.
  }
  return true;
});

export const loadSystemConfig = shared(async (): Promise<boolean> => {
  const config = await getSystemConfigurations({ toast: false, response: await takePrefetched('config') });
  if (!config) return false;
  getAppStore().dispatch(systemConfigLoaded(config));
  return true;
});

export const loadInterfaceLanguageList = shared(async (): Promise<boolean> => {
  const list = await getSystemLanguageList();
  if (!list) return false;
  getAppStore().dispatch(appLanguagesLoaded(list));
  return true;
});

export const loadContentLanguages = shared(async (): Promise<boolean> => {
  const list = await getLanguages(await takePrefetched('languages', String(selectLanguageId(getAppStore().getState()))));
  if (!list) return false;
  getAppStore().dispatch(contentLanguagesLoaded(list));
  return true;
});

let latestSwitch = 0;

type SwitchOutcome = 'switched' | 'failed' | 'superseded';

async function loadInterfaceLanguage(name: string): Promise<SwitchOutcome> {
  const ticket = ++latestSwitch;
  // The date locale of the language loads beside its strings (dates read in the language at once).
  const [language] = await Promise.all([getSystemLanguageJson(name, await takePrefetched('strings', name)), loadDateLocale(name)]);
  // A slower answer to an earlier switch never overrides a later one.
  if (ticket !== latestSwitch) return 'superseded';
  if (!language) return 'failed';
  i18n.addResourceBundle(language.name, language.strings);
  await i18n.changeLanguage(language.name);
  getAppStore().dispatch(appLanguageChanged({ name: language.name, title: language.title, rtl: language.rtl }));
  return 'switched';
}

/** Loads an interface language's strings from the server and switches to it. */
export async function switchInterfaceLanguage(name: string): Promise<boolean> {
  const outcome = await loadInterfaceLanguage(name);
  if (outcome === 'failed') toast.error(i18n.t('settings.language_load_failed'), { id: 'language-load-failed' });
  return outcome === 'switched';
}

export function chooseContentLanguage(language: ContentLanguage): void {
  getAppStore().dispatch(contentLanguageChosen(language));
}

/**
 * Starts the app: web settings first (the shell's loader waits for them), then the interface
 * language (only the loader's own strings ship in the bundle, so the loader waits for them too)
 * and, with content languages on, their list (whether it came or not), then everything else in
 * the background. False when the app can't start: the loader offers a retry.
 */
export const startApp = shared(async (): Promise<boolean> => {
  if (!(await loadWebSettings())) return false;
  const store = getAppStore();
  const state = store.getState();

  void loadSystemConfig();
  // The shipped list of interface languages stands in until the server's arrives: background work.
  whenPageSettled(() => void loadInterfaceLanguageList(), BACKGROUND_DELAY_MS);
  // With content languages on, the pages' content calls name the content language: the saved one,
  // else the list's default, known once the list is in (the head script has it on its way).
  const contentLanguages = selectLanguageMode(state) ? loadContentLanguages() : Promise.resolve(true);

  const wanted =
    state.languages.currentAppLanguage?.name ||
    state.settings.webSettings?.web_default_interface_language ||
    DEFAULT_INTERFACE_LANGUAGE;
  const switching = loadInterfaceLanguage(wanted);
  // Strings held already (a retry, a return to the page): the switch goes on in the background.
  if (i18n.hasResourceBundle(wanted)) return contentLanguages.then(() => true);
  const outcome = await switching;
  if (outcome !== 'failed') return contentLanguages.then(() => true);
  // A remembered language that can't be loaded must not leave the app without text, nor English
  // text laid out right-to-left: English from the server, or the loader's retry.
  if (wanted === DEFAULT_INTERFACE_LANGUAGE) return false;
  return (await loadInterfaceLanguage(DEFAULT_INTERFACE_LANGUAGE)) === 'switched' || i18n.hasResourceBundle(DEFAULT_INTERFACE_LANGUAGE);
});
