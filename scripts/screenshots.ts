/**
 * npm run screenshots: drives the built app in Chromium (`npm run build` first) and writes the
 * gallery of docs/screenshots/: the main screens on a 390x844 phone (light and dark, English and
 * Arabic) and on a 1280x800 desktop (light English, dark Arabic), with an index (README.md).
 *
 *   npm run screenshots [-- --only=home,question] [--combo=phone-light-en,desktop-dark-ar] [--out=dir] [--full-page]
 *
 * --full-page takes each page whole, below the fold too (for a review; the gallery is the screen).
 *
 * Each combination has a player of its own (a new account): its level starts at the question
 * and goes on to the result.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '@/tests/e2e/support/browser';
import { chooseInterfaceLanguage } from '@/tests/e2e/support/frame';
import { callApi, signInPage, signUpPlayer, type Player } from '@/tests/e2e/support/player';
import { startServer, type RunningServer } from '@/tests/e2e/support/server';
import { demoAnswers } from '@/tests/e2e/support/demo-answers';

interface Combo {
  readonly device: 'phone' | 'desktop';
  readonly scheme: 'light' | 'dark';
  readonly language: 'en' | 'ar';
}

const COMBOS: readonly Combo[] = [
  { device: 'phone', scheme: 'light', language: 'en' },
  { device: 'phone', scheme: 'dark', language: 'en' },
  { device: 'phone', scheme: 'light', language: 'ar' },
  { device: 'phone', scheme: 'dark', language: 'ar' },
  { device: 'desktop', scheme: 'light', language: 'en' },
  { device: 'desktop', scheme: 'dark', language: 'ar' },
];

const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;
const PROJECTOR = { width: 1280, height: 720 } as const;

/**
 * A live game hosted by `host` with players joined through the API; `play` moves it on (the host's
 * calls) and answers for the players. Returns the game's id.
 */
async function hostedGame(server: RunningServer, host: Player, names: readonly string[], questions = 3): Promise<{ id: number; tokens: string[] }> {
  const game = await callApi<{ id: number; pin: string }>(server, 'live_create', { category: 'science', questions, time_limit: 60 }, host.token);
  if (game.error) throw new Error(`live_create: ${JSON.stringify(game)}`);
  const tokens: string[] = [];
  for (const nickname of names) tokens.push((await callApi<{ token: string }>(server, 'live_join', { pin: game.data.pin, nickname })).data.token);
  return { id: game.data.id, tokens };
}

/** Answers the open question of a game for players (by their tokens): the first `right` right, the rest with another option. */
/** A phone joined to a new live game as Ada, the game's first question open on it. */
async function phoneOnOpenQuestion(page: Page, server: RunningServer, admin: Player): Promise<void> {
  const game = await callApi<{ id: number; pin: string }>(server, 'live_create', { category: 'science', questions: 3, time_limit: 60 }, admin.token);
  await page.goto(`${server.url}/live/?pin=${game.data.pin}`);
  await page.getByRole('button', { name: /Enter|دخول/ }).click();
  await page.locator('#live-nickname').fill('Ada');
  await page.locator('form button[type="submit"]').click();
  await page.locator('[data-live-phase="playing.lobby"]').waitFor();
  await callApi(server, 'live_next', { game_id: game.data.id }, admin.token);
  await page.locator('[data-live-phase="playing.answering"]').waitFor({ timeout: 15_000 });
}

async function answerFor(server: RunningServer, host: Player, gameId: number, tokens: readonly string[], right: number): Promise<void> {
  const view = await callApi<{ game: { question: { index: number; text: string; options: { key: string; text: string }[] } } }>(server, 'live_host_game', { game_id: gameId }, host.token);
  const q = view.data.game.question;
  await new Promise((r) => setTimeout(r, 3200));
  const rightText = DEMO_ANSWERS.get(q.text);
  const answer = q.options.find((o) => o.text === rightText)?.key ?? q.options[0]!.key;
  const other = q.options.map((o) => o.key).find((k) => k !== answer)!;
  for (const [i, token] of tokens.entries()) await callApi(server, 'live_answer', { game_id: gameId, token, question_index: q.index, answer: i < right ? answer : other });
}

const DEMO_ANSWERS = demoAnswers('en');

/** The host's screen of a game, in its lobby. */
async function openHostScreen(page: Page, server: RunningServer, gameId: number): Promise<void> {
  await page.goto(`${server.url}/live/host/?game=${gameId}`);
  await page.locator('[data-live-host="lobby"]').waitFor();
}
const LIVE_NAMES = ['Ana', 'Bo', 'Chen', 'Dee', 'Émile', 'Fatima', 'Gus', 'Hiro'];

interface Shot {
  readonly name: string;
  readonly title: string;
  /** A screen made for a projector: its desktop picture is 16:9 (1280x720). */
  readonly projector?: boolean;
  /** Taken signed out: what a visitor sees. */
  readonly guest?: boolean;
  /** Brings the page to the screen to take; the player is signed in (an operator for the console). */
  take(page: Page, ctx: { server: RunningServer; player: Player; admin: Player }): Promise<void>;
}

/** Answers the open question with its first option and waits for the feedback. */
async function answerFirst(page: Page): Promise<void> {
  await page.getByRole('region', { name: /.+/ }).locator('[data-status="idle"]').first().click();
  await page.locator('[data-feedback]').waitFor();
}

const settle = (page: Page, ms = 700) => page.waitForTimeout(ms);

/**
 * A bank of two-option questions (two texts, and yes/no pairs) in a category of their own, imported
 * through the console's call by the operator; a second import of it stores nothing new.
 */
async function importTwoOptionBank(server: RunningServer, admin: Player): Promise<void> {
  const rows = [
    'category,type,level,question,option_a,option_b,option_c,option_d,answer',
    ...['Which is heavier: a litre of water or a litre of oil?,Water,Oil,a', 'Which planet is closer to the Sun?,Venus,Mars,a', 'Which is longer?,The Nile,The Thames,a', 'Which came first?,The printing press,The steam engine,a', 'Which is a mammal?,The dolphin,The shark,a'].map(
      (r) => { const [q, a, b, answer] = r.split(','); return `Two options,multiple,1,${q},${a},${b},,,${answer}`; },
    ),
    ...['Is the Sun a star?', 'Is a tomato a fruit?', 'Is Mount Everest the highest mountain on Earth?', 'Do bats see with their ears?', 'Is gold heavier than silver?'].map(
      (q, i) => `Two options,multiple,1,${q},Yes,No,,,${i === 3 ? 'b' : 'a'}`,
    ),
  ];
  const form = new FormData();
  form.set('language', 'en');
  form.set('file', new Blob([rows.join('\n')], { type: 'text/csv' }), 'two-options.csv');
  const res = await fetch(`${server.url}/api/admin_import`, { method: 'POST', body: form, headers: { Authorization: `Bearer ${admin.token}` } });
  const started = (await res.json()) as { error: boolean; data: { import_id: number; status: string } };
  if (started.error) throw new Error(`admin_import: ${JSON.stringify(started)}`);
  for (let i = 0; i < 100 && started.data.status === 'running'; i++) {
    const run = await callApi<{ status: string }>(server, 'admin_import_run', { import_id: started.data.import_id }, admin.token);
    if (run.data?.status !== 'running') return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Plays physics level 1 to its result, each question with its first option (resumed where it stands). */
async function playLevelToResult(page: Page, server: RunningServer): Promise<void> {
  await page.goto(`${server.url}/quiz-zone/science/physics/level/1/`);
  await page.locator('#question-text, [data-feedback] button, #result-title').first().waitFor();
  if (await page.locator('#result-title').count()) return;
  if (await page.locator('[data-feedback] button').count()) await page.locator('[data-feedback] button').click();
  for (;;) {
    await answerFirst(page);
    const next = page.locator('[data-feedback] button');
    const finishing = (await next.textContent())?.match(/result|النتيجة/i);
    await next.click();
    if (finishing) break;
    await page.locator('[data-status="idle"]').first().waitFor();
  }
  await page.locator('#result-title').waitFor();
}

/** A question kind's set: its start, one large button. */
async function startSet(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^(Start|ابدأ)$/ }).click();
}

const SHOTS: readonly Shot[] = [
  {
    name: 'home',
    title: 'Home: continue, today, the modes',
    async take(page, { server }) {
      await page.goto(`${server.url}/`);
      await page.locator('[data-mode-tiles] svg').first().waitFor();
      await settle(page, 1500);
    },
  },
  {
    name: 'home-guest',
    title: "A visitor's home: an invitation to play, Sign up beside Log in",
    guest: true,
    async take(page, { server }) {
      await page.goto(`${server.url}/`);
      await page.locator('[data-mode-tiles] svg').first().waitFor();
      await settle(page, 1500);
    },
  },
  {
    name: 'question',
    title: 'A question after answering: feedback and Next at the bottom',
    async take(page, { server }) {
      await page.goto(`${server.url}/quiz-zone/science/physics/level/1/`);
      await page.locator('#question-text').waitFor();
      await answerFirst(page);
      await settle(page, 500);
    },
  },
  {
    name: 'question-two-options',
    title: 'A two-option question from an imported bank',
    async take(page, { server, admin }) {
      await importTwoOptionBank(server, admin);
      await page.goto(`${server.url}/quiz-zone/two-options/level/1/`);
      await page.locator('#question-text').waitFor();
      await settle(page, 500);
    },
  },
  {
    name: 'live-phone',
    title: 'A live game on a phone: the question open, the answer tiles with their texts',
    async take(page, { server, admin }) {
      await phoneOnOpenQuestion(page, server, admin);
      await settle(page);
    },
  },
  {
    name: 'live-phone-result',
    title: "A live game on a phone: a question's result, a full tile of colour with its mark, the points and the rank",
    async take(page, { server, admin }) {
      await phoneOnOpenQuestion(page, server, admin);
      // The only player answers: the question closes at once and the phone shows its result.
      await page.locator('[data-live-phase="playing.answering"] [role="group"] button').first().click();
      await page.locator('[data-live-phase="playing.result"]').waitFor({ timeout: 15_000 });
      await settle(page, 600);
    },
  },
  {
    name: 'live-host-lobby',
    title: "A live game's host screen: the lobby with the PIN, the QR code and the players",
    projector: true,
    async take(page, { server, player }) {
      const game = await hostedGame(server, player, LIVE_NAMES);
      await openHostScreen(page, server, game.id);
      await page.getByText('Hiro', { exact: true }).waitFor();
      await settle(page, 900);
    },
  },
  {
    name: 'live-host-question',
    title: "A live game's host screen: a question open, the countdown and the answers counted",
    projector: true,
    async take(page, { server, player }) {
      const game = await hostedGame(server, player, LIVE_NAMES);
      await openHostScreen(page, server, game.id);
      await callApi(server, 'live_next', { game_id: game.id }, player.token);
      await page.locator('[data-live-host-phase="open"]').waitFor({ timeout: 15_000 });
      // Five of the eight answer: the count and the bar move; the question stays open.
      const view = await callApi<{ game: { question: { index: number; options: { key: string }[] } } }>(server, 'live_host_game', { game_id: game.id }, player.token);
      const q = view.data.game.question;
      for (const [i, token] of game.tokens.slice(0, 5).entries()) await callApi(server, 'live_answer', { game_id: game.id, token, question_index: q.index, answer: q.options[i % q.options.length]!.key });
      await settle(page, 900);
    },
  },
  {
    name: 'live-host-reveal',
    title: "A live game's host screen: the answers' chart with the right one",
    projector: true,
    async take(page, { server, player }) {
      const game = await hostedGame(server, player, LIVE_NAMES);
      await openHostScreen(page, server, game.id);
      await callApi(server, 'live_next', { game_id: game.id }, player.token);
      await answerFor(server, player, game.id, game.tokens, 5);
      await page.locator('[data-live-host-phase="reveal"]').waitFor({ timeout: 15_000 });
      await settle(page, 1200);
    },
  },
  {
    name: 'live-host-podium',
    title: "A live game's host screen: the podium",
    projector: true,
    async take(page, { server, player }) {
      const game = await hostedGame(server, player, LIVE_NAMES, 2);
      await openHostScreen(page, server, game.id);
      for (const right of [6, 3]) {
        await callApi(server, 'live_next', { game_id: game.id }, player.token);
        await answerFor(server, player, game.id, game.tokens, right);
        await page.locator('[data-live-host-phase="reveal"]').waitFor({ timeout: 15_000 });
        await callApi(server, 'live_next', { game_id: game.id }, player.token);
      }
      await callApi(server, 'live_next', { game_id: game.id }, player.token);
      await page.locator('[data-live-host-phase="podium"]').waitFor({ timeout: 15_000 });
      await settle(page, 1500);
    },
  },
  {
    name: 'live-report',
    title: "A live game's report, by question",
    async take(page, { server, player }) {
      const game = await hostedGame(server, player, LIVE_NAMES.slice(0, 5), 2);
      for (const right of [4, 2]) {
        await callApi(server, 'live_next', { game_id: game.id }, player.token);
        await answerFor(server, player, game.id, game.tokens, right);
        await new Promise((r) => setTimeout(r, 300));
        await callApi(server, 'live_next', { game_id: game.id }, player.token);
      }
      await callApi(server, 'live_next', { game_id: game.id }, player.token);
      await page.goto(`${server.url}/live/reports/?game=${game.id}`);
      await page.locator('[role="tabpanel"] li').first().waitFor();
      await settle(page);
    },
  },
  {
    name: 'live-quiz-editor',
    title: 'My quizzes: a quiz set in its form (a question, its options, the right one)',
    async take(page, { server, player }) {
      const set = await callApi<{ id: number }>(
        server,
        'quiz_set_save',
        {
          title: 'Team night',
          questions: JSON.stringify([
            { type: 'multiple', text: 'Which planet is the largest?', options: ['Mars', 'Jupiter', 'Venus', 'Earth'], answer: [1], time_limit: 20, points: 1000 },
            { type: 'sequence', text: 'From the Sun outwards', options: ['Mercury', 'Venus', 'Earth'], time_limit: 30, points: 1000 },
          ]),
        },
        player.token,
      );
      await page.goto(`${server.url}/live/quizzes/?set=${set.data.id}`);
      await page.locator('#quiz-q0-text').waitFor();
      await settle(page);
    },
  },
  {
    name: 'result',
    title: 'A result',
    async take(page, { server }) {
      // The level the question's picture started, resumed where it stands.
      await playLevelToResult(page, server);
      await settle(page, 900);
    },
  },
  {
    name: 'review',
    title: "A result's review: each question with the play screen's tiles, the pick and the right answer marked",
    async take(page, { server }) {
      // The result of the level played above (its session stays finished on the page's reload).
      await playLevelToResult(page, server);
      await page.getByRole('button', { name: /^(Review answers|مراجعة الإجابات)/ }).click();
      await page.locator('[data-review-status]').first().waitFor();
      await settle(page);
    },
  },
  {
    name: 'guess-the-word',
    title: 'Guess the word: the slots and the letter keys sized for thumbs',
    async take(page, { server }) {
      await page.goto(`${server.url}/guess-the-word/gtw-world/capitals/`);
      await startSet(page);
      await page.locator('#question-text').waitFor();
      await settle(page);
    },
  },
  {
    name: 'audio',
    title: "An audio question: play and replay as icon buttons",
    async take(page, { server }) {
      await page.goto(`${server.url}/audio-questions/audio-listening/numbers/`);
      await startSet(page);
      await page.locator('audio').waitFor({ state: 'attached' });
      await settle(page, 1200);
    },
  },
  {
    name: 'maths',
    title: "Maths mania: numbers in the app's own typeface",
    async take(page, { server }) {
      await page.goto(`${server.url}/math-mania/maths-arithmetic/addition-subtraction/`);
      await startSet(page);
      await page.locator('#question-text').waitFor();
      await settle(page);
    },
  },
  {
    name: 'sequence',
    title: 'Multi match: a sequence to order with its large handles',
    async take(page, { server }) {
      await page.goto(`${server.url}/multi-match-questions/mm-science-nature/science/level/1/`);
      await page.locator('#question-text').waitFor();
      // The level mixes sets and sequences: answered wrongly through its sets to its first sequence.
      for (let n = 0; n < 20 && !(await page.locator('ol > li button').count()); n++) {
        // A set: its first option, then its submit button (the section's one button without a status).
        await page.locator('[data-status="idle"]').first().click();
        await page.locator('section button:not([data-status])').last().click();
        await page.locator('[data-feedback] button').click();
        await page.locator('#question-text').waitFor();
      }
      await settle(page);
    },
  },
  {
    name: 'true-false-intro',
    title: "True or false: its start, one large button",
    async take(page, { server }) {
      await page.goto(`${server.url}/quiz-play/true-and-false-play/`);
      await page.locator('#mode-intro-title').waitFor();
      await settle(page);
    },
  },
  {
    name: 'battle-lobby',
    title: 'Random battle: choose the category and the stake',
    async take(page, { server }) {
      await page.goto(`${server.url}/random-battle/`);
      await page.locator('main fieldset input[type="radio"]').first().waitFor({ state: 'attached' });
      await settle(page);
    },
  },
  {
    name: 'battle-search',
    title: 'Random battle: searching for an opponent',
    async take(page, { server }) {
      await page.goto(`${server.url}/random-battle/`);
      await page.locator('main fieldset input[type="radio"]').first().waitFor({ state: 'attached' });
      await page.locator('main form button[type="submit"], main button').filter({ hasText: /Find an opponent|ابحث/ }).first().click();
      await settle(page, 1200);
    },
  },
  {
    name: 'group-lobby',
    title: 'Group battle: a room waiting for players',
    async take(page, { server }) {
      await page.goto(`${server.url}/group-battle/`);
      await page.locator('main button').first().click();
      await page.locator('main fieldset input[type="radio"]').first().waitFor({ state: 'attached' });
      await page.locator('main form button[type="submit"]').first().click();
      await page.locator('[data-room-code], main h1').first().waitFor();
      await settle(page, 1200);
    },
  },
  {
    name: 'exam',
    title: 'Exams',
    async take(page, { server }) {
      await page.goto(`${server.url}/exam-module/`);
      await page.locator('main button').first().waitFor();
      await settle(page);
    },
  },
  {
    name: 'quiz-zone',
    title: 'Quiz zone: the categories with the player\'s stars and levels passed (after the level of "A result")',
    async take(page, { server }) {
      await page.goto(`${server.url}/quiz-zone/`);
      await page.locator('main a').nth(3).waitFor();
      await settle(page);
    },
  },
  {
    name: 'quiz-zone-levels',
    title: "A subcategory's level path (after the level of \"A result\")",
    async take(page, { server }) {
      await page.goto(`${server.url}/quiz-zone/science/physics/`);
      await page.locator('[data-level]').first().waitFor();
      await settle(page);
    },
  },
  {
    name: 'wallet',
    title: 'The wallet: the balance, and the way to the redeem minimum',
    async take(page, { server }) {
      await page.goto(`${server.url}/profile/wallet/`);
      await page.locator('[data-testid="wallet-coins"]').waitFor();
      await settle(page);
    },
  },
  {
    name: 'coin-history',
    title: 'The coin history, by day',
    async take(page, { server }) {
      await page.goto(`${server.url}/profile/coin-history/`);
      await page.locator('[role="tabpanel"] li, [role="tabpanel"] a').first().waitFor();
      await settle(page);
    },
  },
  {
    name: 'daily-quiz-intro',
    title: "The daily quiz's start",
    async take(page, { server }) {
      await page.goto(`${server.url}/quiz-play/daily-quiz-dashboard/`);
      await page.locator('#mode-intro-title').waitFor();
      await settle(page);
    },
  },
  {
    name: 'self-challenge',
    title: 'Self challenge: its choices as chips',
    async take(page, { server }) {
      await page.goto(`${server.url}/self-learning/`);
      await page.locator('#challenge-category input').first().waitFor({ state: 'attached' });
      await settle(page);
    },
  },
  {
    name: 'leaderboard',
    title: 'The leaderboard: the podium, the ranks and the player\'s own row (after the level of "A result")',
    async take(page, { server }) {
      await page.goto(`${server.url}/leaderboard/`);
      await page.locator('[data-testid="my-standing"]').waitFor();
      await settle(page);
    },
  },
  {
    name: 'contest-leaderboard',
    title: "A past contest's leaderboard, its prizes paid",
    async take(page, { server }) {
      await page.goto(`${server.url}/contest-play/`);
      await page.getByRole('tab').nth(2).click();
      await page.locator('[role="tabpanel"] article button').nth(0).waitFor();
      // The card's second button opens its board (the first plays, where it can).
      await page.locator('[role="tabpanel"] article').first().locator('button').last().click();
      await page.locator('[data-testid="my-standing"]').waitFor();
      await settle(page, 900);
    },
  },
  {
    name: 'profile',
    title: 'Profile',
    async take(page, { server }) {
      await page.goto(`${server.url}/profile/`);
      await page.locator('main img, main [role="img"]').first().waitFor();
      await settle(page);
    },
  },
  {
    name: 'console',
    title: 'The operators’ console',
    async take(page, { server }) {
      await page.goto(`${server.url}/admin/players/`);
      await page.locator('main table').first().waitFor();
      await settle(page);
    },
  },
  {
    name: 'console-import',
    title: 'The console’s question import, with a report',
    async take(page, { server }) {
      await page.goto(`${server.url}/admin/import/`);
      const csv = ['category,type,question,option_a,option_b,option_c,option_d,answer', 'Screens,multiple,Is the Sun a star?,Yes,No,,,a', 'Screens,multiple,Which is heavier?,Iron,Wood,,,a', 'Screens,multiple,Broken?,One,,,,a'].join('\n');
      await page.getByLabel('File').setInputFiles({ name: 'bank.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await page.getByRole('button', { name: 'Import' }).click();
      await page.getByTestId('import-summary').waitFor();
      await page.getByRole('heading', { name: /^Import #\d+/ }).scrollIntoViewIfNeeded();
      await page.getByRole('heading', { name: /^Import #\d+/ }).evaluate((h) => h.scrollIntoView({ block: 'start' }));
      await settle(page);
    },
  },
];

function arg(name: string): string | undefined {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  return found?.slice(name.length + 3);
}

async function shoot(browser: Browser, server: RunningServer, admin: Player, combo: Combo, shots: readonly Shot[], out: string): Promise<string[]> {
  const written: string[] = [];
  // One player per combination (sign-ups are rate limited): the question's play goes on to the
  // result; the console's operator is the one made at the start.
  const own = await signUpPlayer(server, combo.language === 'ar' ? 'سارة الأحمد' : 'Ada Lovelace');
  for (const shot of shots) {
    const player = shot.name.startsWith('console') ? admin : own;
    const viewport = shot.projector && combo.device === 'desktop' ? PROJECTOR : VIEWPORTS[combo.device];
    const context = await browser.newContext({ viewport, colorScheme: combo.scheme, deviceScaleFactor: 1 });
    const page = await context.newPage();
    try {
      if (!shot.guest) await signInPage(page, player);
      if (combo.language !== 'en') {
        await page.goto(`${server.url}/`);
        await chooseInterfaceLanguage(page, combo.language);
      }
      await shot.take(page, { server, player, admin });
      const file = `${shot.name}-${combo.device}-${combo.scheme}-${combo.language}.png`;
      await page.screenshot({ path: path.join(out, file), fullPage: process.argv.includes('--full-page') });
      written.push(file);
      console.log(`  ${file}`);
    } catch (err) {
      console.error(`  ${shot.name} (${combo.device}, ${combo.scheme}, ${combo.language}) failed: ${err instanceof Error ? err.message.split('\n')[0] : err}`);
      process.exitCode = 1;
    } finally {
      await context.close();
    }
  }
  return written;
}

async function main() {
  const out = path.resolve(arg('out') ?? 'docs/screenshots');
  const only = arg('only')?.split(',');
  const shots = only ? SHOTS.filter((s) => only.includes(s.name)) : SHOTS;
  const comboNames = arg('combo')?.split(',');
  const combos = comboNames ? COMBOS.filter((c) => comboNames.includes(`${c.device}-${c.scheme}-${c.language}`)) : COMBOS;
  fs.mkdirSync(out, { recursive: true });
  const [browser, server] = await Promise.all([launchBrowser({ motion: 'full' }), startServer({ env: { DEV_OUTBOX: '1' } })]);
  try {
    // An operator for the console's picture: granted while the server is stopped (the embedded database has one user at a time).
    const admin = await signUpPlayer(server, 'Ada Admin');
    await server.restart(() => void server.operatorCommand('admin', ['grant', admin.email]));
    for (const combo of combos) {
      console.log(`${combo.device}, ${combo.scheme}, ${combo.language}:`);
      await shoot(browser, server, admin, combo, shots, out);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  const rows = SHOTS.map((s) => {
    const cells = COMBOS.map((c) => {
      const file = `${s.name}-${c.device}-${c.scheme}-${c.language}.png`;
      return fs.existsSync(path.join(out, file)) ? `[${c.device} ${c.scheme} ${c.language}](${file})` : '—';
    });
    return `| ${s.title} | ${cells.join(' | ')} |`;
  });
  const index = [
    '# Screenshots',
    '',
    'Written by `npm run screenshots` (scripts/screenshots.ts) from the built app in Chromium: a 390x844 phone and a 1280x800 desktop (16:9, 1280x720, for the host screen of a live game, made for a projector), light and dark, English and Arabic. Run it again after a change to the interface.',
    '',
    'How the game screens looked before they were redone (profile, wallet, boards, results, the play screen, the modes, home and the quiz zone): [before/](before/README.md).',
    '',
    `| screen | ${COMBOS.map((c) => `${c.device} ${c.scheme} ${c.language}`).join(' | ')} |`,
    `|---|${COMBOS.map(() => '---').join('|')}|`,
    ...rows,
    '',
  ].join('\n');
  fs.writeFileSync(path.join(out, 'README.md'), index);
}

void main();
