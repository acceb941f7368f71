import type { Locale } from 'date-fns';

/**
 * date-fns locales of the interface languages, loaded with the language (each is its own chunk,
 * none in the first load). English is date-fns's own default, which comes with `format` where a
 * page formats dates (not in the shell). A language with no locale here reads dates in English forms.
 */
const LOADERS: Readonly<Record<string, () => Promise<Locale>>> = {
  es: () => import('date-fns/locale/es').then((m) => m.es),
  ar: () => import('date-fns/locale/ar').then((m) => m.ar),
};

const loaded = new Map<string, Locale>();

const baseOf = (language: string): string => language.toLowerCase().split(/[-_]/)[0] ?? language;

/** Loads the date locale of an interface language; resolves (never rejects) once it is there or cannot be. */
export async function loadDateLocale(language: string): Promise<void> {
  const base = baseOf(language);
  const load = LOADERS[base];
  if (loaded.has(base) || !load) return;
  try {
    loaded.set(base, await load());
  } catch {
    // A chunk that could not be fetched: dates stay in English forms until the next switch.
  }
}

/** The loaded date locale of a language; undefined for English (date-fns's default) or one not loaded. */
export function dateLocale(language: string): Locale | undefined {
  return loaded.get(baseOf(language));
}

/** The languages with a date locale of their own (for tests and the docs). */
export const DATE_LOCALE_LANGUAGES: readonly string[] = ['en', ...Object.keys(LOADERS)];
