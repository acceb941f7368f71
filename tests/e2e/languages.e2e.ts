import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { browserSuite } from '@/tests/e2e/support/suite';
import { demoAnswers } from '@/tests/e2e/support/demo-answers';
import { callApi, signInPage, signUpPlayer } from '@/tests/e2e/support/player';
import { Translator } from '@/services/client/i18n';
import { chooseInterfaceLanguage } from '@/tests/e2e/support/frame';

/**
 * Every visible interface text goes through the translations: the main pages of a signed-in
 * player, walked in Spanish and in Arabic, show none of the English interface texts (the English
 * catalogue, which also holds the shipped taglines) and no sentence that reads as English outside
 * content (question texts, names, and what operators wrote, which pages mark `dir="auto"`).
 * In Arabic, a negative number keeps its minus sign before the digits.
 */

const WALK_TIMEOUT_MS = 300_000;

const ANSWERS = demoAnswers('en');

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
  '/profile/account/',
  '/profile/wallet/',
  '/profile/coin-history/',
  '/profile/statistics/',
  '/profile/badges/',
  '/profile/notifications/',
  '/profile/settings/',
  '/profile/refer-and-earn/',
  '/faq/',
  '/live/assignments/',
  '/live/assignment/',
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

/** Where the minus sign of `-<digits>` is drawn in `scope`: left of the digits, as "-16" reads in every language. */
async function minusBeforeDigits(page: Page, scope: ReturnType<Page['locator']>, digits: string): Promise<{ found: boolean; minusLeftOfDigits: boolean }> {
  return scope.evaluate((root, wanted) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      const at = text.indexOf(`-${wanted}`);
      if (at === -1) continue;
      const range = document.createRange();
      const left = (i: number) => {
        range.setStart(node!, i);
        range.setEnd(node!, i + 1);
        return range.getBoundingClientRect().left;
      };
      return { found: true, minusLeftOfDigits: left(at) < left(at + 1) };
    }
    return { found: false, minusLeftOfDigits: false };
  }, digits);
}

async function settle(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  // Lists and cards arrive after the first paint: wait until nothing is loading.
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]') && !document.querySelector('.animate-pulse'), undefined, { timeout: 15_000 }).catch(() => undefined);
  // What the last answer brought is painted: two frames after nothing is loading.
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

describe('the interface in Spanish and in Arabic', () => {
  test.each(['es', 'ar'] as const)(
    'the main pages in %s show no English interface text',
    async (language) => {
      const { page, server } = suite;
      const player = await signUpPlayer(server, 'Amira Noor');
      await signInPage(page, player);
      await page.goto(`${server.url}/`);
      await chooseInterfaceLanguage(page, language);
      await page.waitForFunction((lang) => document.documentElement.lang === lang, language);

      const sentences = englishSentences(bundle(language));
      expect(sentences.length).toBeGreaterThan(200);
      const found: string[] = [];
      for (const route of PAGES) {
        await page.goto(`${server.url}${route}`);
        await settle(page);
        expect([route, await page.evaluate(() => document.documentElement.lang)]).toEqual([route, language]);
        // The catalogue's English texts appear nowhere, content included; the heuristic below reads
        // only what is not content.
        const all = (await page.evaluate(() => document.body.innerText)).replace(/\s+/g, ' ');
        for (const s of sentences) if (all.includes(s.text)) found.push(`${route}: "${s.text}" (${s.key})`);
        const texts = await interfaceTexts(page);
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

  test('a negative score in Arabic keeps its minus sign before the digits (a contest result and its leaderboard); a pass below zero adds nothing to the boards', async () => {
    const { page, server } = suite;
    // A level passed at 30 % with the other answers wrong: a score below zero (docs/economy.md: not added to the boards).
    const player = await signUpPlayer(server, 'Salma Haddad');
    const open = await callApi<{ session_id: string; questions: { id: number; question: string; options: { key: string; text: string }[] }[] }>(
      server,
      'get_questions_by_level',
      { category: 'science', subcategory: 'physics', level: 1 },
      player.token,
    );
    const rights = Math.ceil(open.data.questions.length * 0.3);
    for (const [i, q] of open.data.questions.entries()) {
      const right = ANSWERS.get(q.question);
      const option = q.options.find((o) => (i < rights ? o.text === right : o.text !== right))!.key;
      await callApi(server, 'submit_answer', { session_id: open.data.session_id, question_id: q.id, answer: option }, player.token);
    }
    const result = await callApi<{ score: number; passed: boolean }>(server, 'finish_play', { session_id: open.data.session_id }, player.token);
    expect(result.data.passed).toBe(true);
    expect(result.data.score).toBeLessThan(0);

    await signInPage(page, player);
    await page.goto(`${server.url}/profile/`);
    await chooseInterfaceLanguage(page, 'ar');
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    const digits = String(Math.abs(result.data.score));
    await page.getByTestId('profile-coins').waitFor();
    expect(await page.locator('main').getByText(new RegExp(`-${digits}`)).count()).toBe(0);

    await page.goto(`${server.url}/leaderboard/`);
    // The board has loaded: the player's own row, pinned, tells them how to get on it; they are not on it.
    const ar0 = bundle('ar');
    await page.getByRole('region', { name: ar0['leaderboard.your_place'] }).getByText(ar0['leaderboard.get_on_board']!).waitFor();
    expect(await page.getByRole('listitem').filter({ hasText: 'Salma Haddad' }).count()).toBe(0);

    // The live contest played in the browser with every answer wrong: the result screen's score
    // and the contest's leaderboard show a negative number of their own.
    const ar = bundle('ar');
    // The button's text as the app words it: Arabic's plural form for 10 coins (the translator's own rules).
    const arabic = new Translator({ en: english, ar });
    await arabic.changeLanguage('ar');
    await page.goto(`${server.url}/contest-play/`);
    await page.getByRole('article', { name: LIVE_CONTEST }).getByRole('button', { name: arabic.t('contest.play_fee', { fee: 10, count: 10 }) }).click();
    for (let n = 0; ; n++) {
      const options = page.getByRole('region', { name: ar['play.options'] }).getByRole('button');
      await options.first().waitFor();
      // Each answer (English, in the Arabic interface) sits beside its shape on the right, not
      // across the tile: the gap from the text's right edge to the shape is the tile's own gap.
      if (n === 0) {
        const gaps = await options.evaluateAll((buttons) =>
          buttons.map((b) => {
            const mark = b.querySelector('span[aria-hidden="true"]')!.getBoundingClientRect();
            const range = document.createRange();
            range.selectNodeContents(b.querySelector('span[dir="auto"]')!);
            return Math.round(mark.left - range.getBoundingClientRect().right);
          }),
        );
        expect(gaps.length).toBeGreaterThan(1);
        for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(0);
        for (const gap of gaps) expect(gap).toBeLessThanOrEqual(16);
      }
      const question = ((await page.locator('h1#question-text').textContent()) ?? '').trim();
      const right = new RegExp(`^${RIGHT.get(question)!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
      await options.filter({ hasNot: page.locator('span[dir="auto"]', { hasText: right }) }).first().click();
      const next = page.getByRole('button', { name: new RegExp(`^(${ar['play.next']}|${ar['play.see_result']})$`) });
      await next.waitFor();
      const last = (await next.textContent()) === ar['play.see_result'];
      await next.click();
      if (last) break;
      await page.waitForFunction((before) => document.querySelector('h1#question-text')?.textContent?.trim() !== before, question);
    }
    await page.getByRole('heading', { name: ar['play.result.title'] }).waitFor();
    // The score counts up: read it once it stands at its value.
    const contestScore = await page.locator('[data-result-score][data-counted="true"]').textContent();
    const contestDigits = (contestScore ?? '').replace(/[^0-9]/g, '');
    expect(contestScore).toMatch(/-/);
    expect(await minusBeforeDigits(page, page.locator('main'), contestDigits)).toEqual({ found: true, minusLeftOfDigits: true });
    await page.getByRole('button', { name: ar['contest.leaderboard'] }).click();
    const contestRow = page.getByRole('list').getByRole('listitem').filter({ hasText: 'Salma Haddad' }).first();
    await contestRow.waitFor();
    expect(await minusBeforeDigits(page, contestRow, contestDigits)).toEqual({ found: true, minusLeftOfDigits: true });
  });
});
