import en from '@/locales/en.json';
import { BOOT_STRINGS } from '@/services/client/boot-strings';
import { i18n, Translator } from '@/services/client/i18n';

describe('boot strings', () => {
  it('are the shipped English text of the same keys', () => {
    const shipped = en as Record<string, string>;
    for (const [key, text] of Object.entries(BOOT_STRINGS)) expect([key, text]).toEqual([key, shipped[key]]);
  });
});

describe('Translator', () => {
  const make = () => new Translator({ en: { 'a.hello': 'Hello {{name}}', 'a.only_en': 'English only', 'a.plain': 'Plain' } });

  it('replaces placeholders, with nothing for a missing value', () => {
    const tr = make();
    expect(tr.t('a.hello', { name: 'Ada' })).toBe('Hello Ada');
    expect(tr.t('a.hello', { name: 0 })).toBe('Hello 0');
    expect(tr.t('a.hello', {})).toBe('Hello ');
    expect(tr.t('a.plain', { name: 'x' })).toBe('Plain');
  });

  it('falls back to English, then to the key', async () => {
    const tr = make();
    tr.addResourceBundle('es', { 'a.hello': 'Hola {{name}}' });
    await tr.changeLanguage('es');
    expect(tr.language).toBe('es');
    expect(tr.t('a.hello', { name: 'Ada' })).toBe('Hola Ada');
    expect(tr.t('a.only_en')).toBe('English only');
    expect(tr.t('a.nowhere')).toBe('a.nowhere');
    expect(tr.t('a.nowhere', { defaultValue: 'Level 3 passed' })).toBe('Level 3 passed');
    expect(tr.t('a.only_en', { defaultValue: 'unused' })).toBe('English only');
  });

  it('tells listeners of a new language and of new strings', async () => {
    const tr = make();
    const heard = jest.fn();
    const stop = tr.subscribe(heard);
    const before = tr.getRevision();
    tr.addResourceBundle('ar', { 'a.plain': 'نص' });
    await tr.changeLanguage('ar');
    await tr.changeLanguage('ar');
    expect(heard).toHaveBeenCalledTimes(2);
    expect(tr.getRevision()).toBe(before + 2);
    stop();
    tr.addResourceBundle('ar', { 'a.x': 'y' });
    expect(heard).toHaveBeenCalledTimes(2);
  });

  it('keeps held strings when asked not to overwrite', () => {
    const tr = make();
    tr.addResourceBundle('en', { 'a.plain': 'Other', 'a.new': 'New' }, false);
    expect(tr.t('a.plain')).toBe('Plain');
    expect(tr.t('a.new')).toBe('New');
  });

  it('counts only a loaded language as held, not the boot strings', () => {
    expect(new Translator({ en: { ...BOOT_STRINGS } }).hasResourceBundle('en')).toBe(false);
    expect(i18n.t('loader.loading')).toBe('Loading…');
  });
});
