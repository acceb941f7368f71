import { useMemo, useSyncExternalStore } from 'react';
import { BOOT_STRINGS } from '@/services/client/boot-strings';
import { formatNumber } from '@/services/client/format-number';

export const DEFAULT_INTERFACE_LANGUAGE = 'en';

export type Strings = Readonly<Record<string, string>>;
export type TranslationValues = Readonly<Record<string, unknown>>;
export type TFunction = (key: string, values?: TranslationValues) => string;

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

/**
 * The interface's strings. Keys are flat ("header.hello_guest"); `{{name}}` is replaced by the
 * value of the same name. A key the active language lacks falls back to English, then to the
 * call's `defaultValue`, then to the key itself. Only the loader's few strings ship in the bundle (boot-strings.ts): every language,
 * English included, comes from `get_system_language_json` (admin edits show), fetched beside the
 * scripts by the document's head script (services/client/boot.ts).
 */
export class Translator {
  language = DEFAULT_INTERFACE_LANGUAGE;
  private readonly bundles = new Map<string, Record<string, string>>();
  private readonly listeners = new Set<() => void>();
  private revision = 0;

  constructor(initial: Record<string, Strings>) {
    for (const [name, strings] of Object.entries(initial)) this.bundles.set(name, { ...strings });
  }

  /**
   * A key's text in the active language, else English. With a numeric `count`, the key's plural
   * form for that count in that language comes first (`key_one`, `key_two`, `key_few`, `key_many`,
   * `key_other`, `key_zero`: Intl.PluralRules' categories, as i18next names them; Arabic has all
   * six), then `key_other`, then the key itself.
   */
  private lookup(language: string, key: string, count: number | null): string | undefined {
    const strings = this.bundles.get(language);
    if (!strings) return undefined;
    if (count !== null) {
      const form = strings[`${key}_${pluralCategory(language, count)}`] ?? strings[`${key}_other`];
      if (form !== undefined) return form;
    }
    return strings[key];
  }

  readonly t: TFunction = (key, values) => {
    const fallback = typeof values?.defaultValue === 'string' ? values.defaultValue : key;
    const count = typeof values?.count === 'number' && Number.isFinite(values.count) ? values.count : null;
    const text = this.lookup(this.language, key, count) ?? this.lookup(DEFAULT_INTERFACE_LANGUAGE, key, count) ?? fallback;
    if (!values || !text.includes('{{')) return text;
    return text.replace(PLACEHOLDER, (_, name: string) => {
      const value = values[name];
      if (value === undefined || value === null) return '';
      // Every number a text shows goes through the interface language's formatter ("3,152" in
      // English, Arabic digits in Arabic): a caller cannot forget it.
      return typeof value === 'number' ? formatNumber(value, this.language) : String(value);
    });
  };

  /** Adds strings of a language; those it holds already are replaced unless `overwrite` is false. */
  addResourceBundle(language: string, strings: Strings, overwrite = true): void {
    const held = this.bundles.get(language) ?? {};
    this.bundles.set(language, overwrite ? { ...held, ...strings } : { ...strings, ...held });
    this.changed();
  }

  /** Whether a language's strings were loaded (the boot strings alone don't count). */
  hasResourceBundle(language: string): boolean {
    const held = this.bundles.get(language);
    return held !== undefined && Object.keys(held).length > BOOT_KEY_COUNT;
  }

  async changeLanguage(language: string): Promise<void> {
    if (language === this.language) return;
    this.language = language;
    this.changed();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getRevision = (): number => this.revision;

  private changed(): void {
    this.revision++;
    for (const listener of [...this.listeners]) listener();
  }
}

const BOOT_KEY_COUNT = Object.keys(BOOT_STRINGS).length;

const pluralRules = new Map<string, Intl.PluralRules>();

/** The plural category of a count in a language (English: one, other; Arabic: zero, one, two, few, many, other). */
export function pluralCategory(language: string, count: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(language);
  if (!rules) {
    try {
      rules = new Intl.PluralRules(language);
    } catch {
      rules = new Intl.PluralRules(DEFAULT_INTERFACE_LANGUAGE);
    }
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

/** The one instance of the app. */
export const i18n = new Translator({ [DEFAULT_INTERFACE_LANGUAGE]: BOOT_STRINGS });

/** A view's `t`, re-rendered when the language changes or strings arrive. */
export function useTranslation(): { t: TFunction; i18n: Translator } {
  const revision = useSyncExternalStore(i18n.subscribe, i18n.getRevision, i18n.getRevision);
  // A new function per revision, so effects and memos that list `t` see the change.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const t = useMemo<TFunction>(() => (key, values) => i18n.t(key, values), [revision]);
  return { t, i18n };
}
