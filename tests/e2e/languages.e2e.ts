import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { browserSuite } from '@/tests/e2e/support/suite';
import { callApi, signInPage, signUpPlayer } from '@/tests/e2e/support/player';

/**
 * Every visible interface text goes through the translations: the main pages of a signed-in
 * player, walked in Spanish and in Arabic, show none of the English interface texts (the English
 * catalogue, which also holds the shipped taglines) and no sentence that reads as English outside
 * content (question texts, names, and what operators wrote, which pages mark `dir="auto"`).
 * In Arabic, a negative number keeps its minus sign before the digits.
 */

const WALK_TIMEOUT_MS = 300_000;

const LIVE_CONTEST = 'Weekly General Knowledge';
/** The right option text of every demo contest question (content/schedule/en.json). */
const RIGHT = new Map<string, string>();
const schedule = JSON.parse(fs.readFileSync(path.join(process.cwd(), 'content', 'schedule', 'en.json'), 'utf8')) as {
  contests: { questions: { question: string; options: string[]; answer: number }[] }[];
};
for (const c of schedule.contests) for (const q of c.questions) RIGHT.set(q.question, q.options[q.answer]!);

const suite = browserSuite({ env: { DEV_OUTBOX: '1' } });

const bundle = (name: string) => JSON.parse(fs.readFileSync(path.join(process.cwd(), 'locales', `${name}.json`), 'utf8')) as Record<string, string>;
const english = bundle('en');

const PAGES = [
  '/',
  '/quiz-zone/',
  '/quiz-play/daily-quiz-dashboard/',
  '/quiz-play/true-and-false-play/',
  '/self-learning/',
  '/random-battle/',
  '/random-battle/play-with-friend/',
  '/group-battle/',
  '/contest-play/',
  '/exam-module/',
  '/leaderboard/',
  '/profile/',
  '/profile/wallet/',
  '/profile/coin-history/',
  '/profile/statistics/',
  '/profile/badges/',
  '/profile/notifications/',
  '/profile/settings/',
  '/profile/refer-and-earn/',
  '/faq/',
];

/**
 * The English interface texts a translated page must not show: the literal parts of every English
 * text whose translation differs, long enough to be a sentence rather than a word both languages share.
 */
function englishSentences(translated: Record<string, string>): { key: string; text: string }[] {
  const out: { key: string; text: string }[] = [];
  for (const [key, text] of Object.entries(english)) {
    if (translated[key] === text) continue;
    for (const part of text.split(/\{\{[^}]+\}\}/)) {
      const literal = part.trim();
      if (literal.split(/\s+/).length >= 3 && literal.length >= 14) out.push({ key, text: literal });
    }
  }
  return out;
}

/** Words of English that Spanish and Arabic interface texts never use. */
const ENGLISH_WORDS = ['the', 'your', 'you', 'and', 'with', 'this', 'is', 'are', 'of', 'to', 'not', 'has', 'have', 'will', 'be', 'for', 'from'];

/** The visible text of the page outside content, one entry per element's own text. */
function interfaceTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || element.closest('[dir="auto"], script, style, noscript, [aria-hidden="true"], .sr-only-content')) continue;
      const style = getComputedStyle(element);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      const text = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
      if (text) texts.push(text);
    }
    return texts;
  });
}

async function settle(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  // Lists and cards arrive after the first paint: wait until nothing is loading.
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]') && !document.querySelector('.animate-pulse'), undefined, { timeout: 15_000 }).catch(() => undefined);
  await page.waitForTimeout(300);
}

describe('the interface in Spanish and in Arabic', () => {
  test.each(['es', 'ar'] as const)(
    'the main pages in %s show no English interface text',
    async (language) => {
      const { page, server } = suite;
      const player = await signUpPlayer(server, 'Amira Noor');
      await signInPage(page, player);
      await page.goto(`${server.url}/`);
      await page.getByLabel('Interface language').selectOption(language);
      await page.waitForFunction((lang) => document.documentElement.lang === lang, language);

      const sentences = englishSentences(bundle(language));
      expect(sentences.length).toBeGreaterThan(200);
      const found: string[] = [];
      for (const route of PAGES) {
        await page.goto(`${server.url}${route}`);
        await settle(page);
        expect([route, await page.evaluate(() => document.documentElement.lang)]).toEqual([route, language]);
        const texts = await interfaceTexts(page);
        const all = texts.join('\n');
        for (const s of sentences) if (all.includes(s.text)) found.push(`${route}: "${s.text}" (${s.key})`);
        for (const text of texts) {
          const words = text.toLowerCase().match(/[a-z']+/g) ?? [];
          const hits = new Set(words.filter((w) => ENGLISH_WORDS.includes(w)));
          if (hits.size >= 2) found.push(`${route}: "${text}" reads as English`);
        }
      }
      expect([...new Set(found)]).toEqual([]);
    },
    WALK_TIMEOUT_MS,
  );

  test('a negative score in Arabic keeps its minus sign before the digits', async () => {
    const { page, server } = suite;
    // A contest played with every answer wrong: a score below zero on the contest's leaderboard.
    const player = await signUpPlayer(server, 'Salma Haddad');
    const lists = await callApi<{ live: { items: { id: number; name: string }[] } }>(server, 'get_contest', {}, player.token);
    const live = lists.data.live.items.find((c) => c.name === LIVE_CONTEST)!;
    const open = await callApi<{ session_id: string; questions: { id: number; question: string; options: { key: string; text: string }[] }[] }>(server, 'get_questions_by_contest', { contest_id: live.id }, player.token);
    for (const q of open.data.questions) {
      const wrong = q.options.find((o) => o.text !== RIGHT.get(q.question))!.key;
      await callApi(server, 'submit_answer', { session_id: open.data.session_id, question_id: q.id, answer: wrong }, player.token);
    }
    const result = await callApi<{ score: number }>(server, 'finish_play', { session_id: open.data.session_id }, player.token);
    expect(result.data.score).toBeLessThan(0);

    await signInPage(page, player);
    await page.goto(`${server.url}/contest-play/`);
    await page.getByLabel('Interface language').selectOption('ar');
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await page.getByRole('article', { name: LIVE_CONTEST }).getByRole('button', { name: 'لوحة المتصدرين' }).click();
    const row = page.getByRole('listitem').filter({ hasText: 'Salma Haddad' }).first();
    await row.waitFor();
    const placed = await row.evaluate((li) => {
      const walker = document.createTreeWalker(li, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        const minus = text.search(/-\d/);
        if (minus === -1) continue;
        const range = document.createRange();
        const at = (i: number) => {
          range.setStart(node!, i);
          range.setEnd(node!, i + 1);
          return range.getBoundingClientRect().left;
        };
        return { text, minus: at(minus), digit: at(minus + 1) };
      }
      return null;
    });
    expect(placed).not.toBeNull();
    // Left of the digits, as "-8" reads in any language (not "8-").
    expect(placed!.minus).toBeLessThan(placed!.digit);
  });
});
