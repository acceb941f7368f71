import ar from '@/locales/ar.json';
import en from '@/locales/en.json';
import es from '@/locales/es.json';
import { pluralCategory, Translator } from '@/services/client/i18n';

/** A translator holding the shipped strings, set to one language. */
function translatorIn(language: 'en' | 'es' | 'ar'): Translator {
  const t = new Translator({ en, es, ar });
  void t.changeLanguage(language);
  return t;
}

describe('counts in words follow each language’s plural rules (Intl.PluralRules)', () => {
  test('the categories: English two, Spanish three, Arabic six', () => {
    expect([1, 2].map((n) => pluralCategory('en', n))).toEqual(['one', 'other']);
    expect([1, 2, 1_000_000].map((n) => pluralCategory('es', n))).toEqual(['one', 'other', 'many']);
    expect([0, 1, 2, 3, 11, 100].map((n) => pluralCategory('ar', n))).toEqual(['zero', 'one', 'two', 'few', 'many', 'other']);
  });

  test('English: one coin, two coins', () => {
    const { t } = translatorIn('en');
    expect(t('quiz_zone.your_coins', { coins: 1, count: 1 })).toBe('You have 1 coin.');
    expect(t('quiz_zone.your_coins', { coins: 2, count: 2 })).toBe('You have 2 coins.');
    expect(t('kinds.fun_n_learn.start', { n: 1, count: 1 })).toBe('Start the question');
    expect(t('kinds.fun_n_learn.start', { n: 5, count: 5 })).toBe('Start the 5 questions');
  });

  test('Spanish: una moneda, muchas monedas (many falls back to other)', () => {
    const { t } = translatorIn('es');
    expect(t('battle.coins', { coins: 1, count: 1 })).toBe('1 moneda');
    expect(t('battle.coins', { coins: 5, count: 5 })).toBe('5 monedas');
    expect(t('battle.coins', { coins: '1.000.000', count: 1_000_000 })).toBe('1.000.000 monedas');
  });

  test('Arabic: zero, one, two, few, many and other each have their form', () => {
    const { t } = translatorIn('ar');
    const said = (n: number) => t('quiz_zone.your_coins', { coins: n, count: n });
    expect(said(1)).toBe('لديك عملة واحدة.');
    expect(said(2)).toBe('لديك عملتان.');
    expect(said(3)).toBe('لديك 3 عملات.');
    expect(said(11)).toBe('لديك 11 عملة.');
    expect(said(100)).toBe('لديك 100 عملة.');
    expect(said(0)).toBe('لديك 0 عملة.');
    expect(t('kinds.set_size', { n: 2, count: 2 })).toBe('سؤالان');
    expect(t('kinds.set_size', { n: 12, count: 12 })).toBe('12 سؤالًا');
  });

  test('sentences with several counts take each from the shared count keys', () => {
    const en = translatorIn('en');
    const facts = (tr: Translator, fee: number, questions: number, players: number) =>
      tr.t('contest.facts', {
        fee: tr.t('count.coins', { count: fee }),
        questions: tr.t('count.questions', { count: questions }),
        players: tr.t('count.players', { count: players }),
      });
    expect(facts(en, 1, 10, 2)).toBe('Entry: 1 coin · 10 questions · 2 players');
    const arabic = translatorIn('ar');
    expect(facts(arabic, 2, 11, 1)).toBe('الدخول: عملتان · 11 سؤالًا · لاعب واحد');
    const spanish = translatorIn('es');
    expect(facts(spanish, 5, 1, 1)).toBe('Entrada: 5 monedas · 1 pregunta · 1 jugador');
  });

  test('without a count, or for a key with no forms, the key itself', () => {
    const { t } = translatorIn('en');
    expect(t('battle.coins', { coins: 1 })).toBe('1 coins');
    expect(t('battle.create.free')).toBe(en['battle.create.free']);
  });

  test('a language without a key’s forms falls back to English forms, then the key', () => {
    const t = new Translator({ en: { 'x.coins_one': '{{count}} coin', 'x.coins_other': '{{count}} coins', 'x.coins': '{{count}} coins' }, fr: {} });
    void t.changeLanguage('fr');
    expect(t.t('x.coins', { count: 1 })).toBe('1 coin');
  });
});

describe('every number a text shows goes through the interface language’s formatter', () => {
  test('a podium’s and a live phone’s points: grouped as the language writes them, strings left as they are', () => {
    expect(translatorIn('en').t('live.points', { count: 1896 })).toBe('1,896 points');
    expect(translatorIn('en').t('live.points_won', { count: 1 })).toBe('+1 point');
    expect(translatorIn('es').t('live.points', { count: 31520 })).toBe(`${new Intl.NumberFormat('es').format(31520)} puntos`);
    expect(translatorIn('ar').t('live.points', { count: 1896 })).toContain(new Intl.NumberFormat('ar').format(1896));
    // A PIN is a string: never grouped.
    expect(translatorIn('en').t('live.pin_line', { pin: '123456' })).toBe('Game PIN 123456');
  });
});
