import fs from 'node:fs';
import path from 'node:path';
import { CODES } from '@/services/domain/codes';
import { MODES } from '@/services/domain/routes';

const dir = path.join(process.cwd(), 'locales');
const languages = JSON.parse(fs.readFileSync(path.join(dir, 'languages.json'), 'utf8')) as { name: string; rtl: boolean; default: boolean }[];
const bundles = Object.fromEntries(
  languages.map((l) => [l.name, JSON.parse(fs.readFileSync(path.join(dir, `${l.name}.json`), 'utf8')) as Record<string, string>]),
);
const english = bundles.en!;

const PLURAL = /_(zero|one|two|few|many|other)$/;
/** A bundle's keys without its plural forms (`key_one`, `key_few`…): those follow each language's own rules. */
const baseKeys = (bundle: Record<string, string>) => Object.keys(bundle).filter((k) => !PLURAL.test(k));

describe('interface languages', () => {
  test('ship English as the default, Arabic right to left and a third language', () => {
    expect(languages.find((l) => l.default)!.name).toBe('en');
    expect(languages.find((l) => l.name === 'ar')!.rtl).toBe(true);
    expect(languages.length).toBeGreaterThanOrEqual(3);
  });

  test('every code of the catalogue has a text in English', () => {
    const missing = Object.entries(CODES).filter(([, info]) => !english[info.messageKey]).map(([code]) => code);
    expect(missing).toEqual([]);
  });

  test('every mode card has a title and a description', () => {
    for (const m of MODES) {
      expect(english[`mode.${m.key}.title`]).toBeTruthy();
      expect(english[`mode.${m.key}.description`]).toBeTruthy();
    }
  });

  test.each(languages.filter((l) => l.name !== 'en').map((l) => l.name))('%s has every English key and no extra one', (name) => {
    const bundle = bundles[name]!;
    expect(baseKeys(bundle).filter((k) => !(k in english))).toEqual([]);
    expect(baseKeys(english).filter((k) => !(k in bundle))).toEqual([]);
  });

  test.each(languages.map((l) => l.name))("%s: every plural form is one of the language's categories, beside its key", (name) => {
    const bundle = bundles[name]!;
    const categories = new Intl.PluralRules(name).resolvedOptions().pluralCategories as string[];
    const forms = Object.keys(bundle).filter((k) => PLURAL.test(k));
    expect(forms.filter((k) => !categories.includes(PLURAL.exec(k)![1]!))).toEqual([]);
    expect(forms.filter((k) => !(k.replace(PLURAL, '') in bundle))).toEqual([]);
    // A key with forms has the form every other count falls back to.
    expect(forms.filter((k) => !(`${k.replace(PLURAL, '')}_other` in bundle))).toEqual([]);
  });

  test.each(languages.map((l) => l.name))('%s has no empty text', (name) => {
    expect(Object.entries(bundles[name]!).filter(([, v]) => typeof v !== 'string' || v.trim() === '').map(([k]) => k)).toEqual([]);
  });

  test('the spec texts are there in English', () => {
    const texts = Object.values(english).map((t) => t.toLowerCase());
    for (const phrase of ['hello guest', 'please login first', 'no data', 'no records', 'no badges', 'no categories', 'no questions found', 'account deactivated, contact admin', "you don't have enough coins", 'this level is locked, play previous levels to unlock']) {
      expect([phrase, texts.some((t) => t.includes(phrase))]).toEqual([phrase, true]);
    }
  });
});
