import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { RoomDocument } from '@/services/domain/rooms';
import { PERSIST_STORAGE_KEY } from '@/services/store/persist-key';
import { seriousA11yViolations } from '@/tests/e2e/support/axe';
import { launchBrowser } from '@/tests/e2e/support/browser';
import { demoAnswers } from '@/tests/e2e/support/demo-answers';
import { callApi, signInPage, signUpPlayer, type Player } from '@/tests/e2e/support/player';
import { startServer, type RunningServer } from '@/tests/e2e/support/server';

// Battles in Chromium against the built app, its room service and room stream, with the demo
// content: players in separate browser contexts meet in random battles, a friend room and a
// group room, play every question through the pages and see the results; the coins are checked
// with the API. Each test uses its own category, so that searches of different tests never meet.

/**
 * Short battles: 3 questions, a 10 s search, a quick bot. Entry fee 5, welcome bonus 10. Two players
 * who meet have both pages loaded and their category chosen before the first one searches: inside
 * the search time there are only two clicks and their calls (`meetRandom`). A random
 * battle's question lasts 60 s, longer than the harness waits for a server to start: a question
 * open while the server restarts (test e) is still open when it is back, however slow the machine.
 * No test waits for a question's time to run out.
 */
const SETTINGS = {
  random_battle_total_question: '3',
  random_battle_duration: '60',
  random_battle_search_seconds: '10',
  group_battle_duration: '15',
  group_battle_max_questions: '3',
  bot_min_answer_delay_ms: '100',
  bot_max_answer_delay_ms: '400',
};
const QUESTIONS = 3;
const FEE = 5;
const WELCOME = 50; // welcome_bonus_coin (docs/economy.md)

let browser: Browser;
let server: RunningServer;
const contexts: BrowserContext[] = [];
const ANSWERS = demoAnswers('en');

beforeAll(async () => {
  // Both are awaited before a failure is thrown, so that neither is left running behind it. The
  // battle screens with their animations, as players have them (decision 050).
  const [launched, started] = await Promise.allSettled([launchBrowser({ motion: 'full' }), startServer({ settings: SETTINGS, env: { DEV_OUTBOX: '1' } })]);
  if (launched.status === 'fulfilled') browser = launched.value;
  if (started.status === 'fulfilled') server = started.value;
  if (launched.status === 'rejected') throw launched.reason;
  if (started.status === 'rejected') throw started.reason;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});

interface Seat {
  readonly player: Player;
  readonly page: Page;
}

/** A signed-up player signed in in a fresh phone-sized browser context. */
async function seat(name: string): Promise<Seat> {
  const [player, context] = await Promise.all([signUpPlayer(server, name), browser.newContext({ viewport: { width: 390, height: 844 } })]);
  contexts.push(context);
  const page = await context.newPage();
  await signInPage(page, player);
  return { player, page };
}

async function coinsOf(player: Player): Promise<number> {
  const res = await callApi<{ coins: number }>(server, 'get_user_coin_score', {}, player.token);
  return res.data.coins;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const answersRegion = (page: Page) => page.getByRole('region', { name: 'Answers' });
const optionText = (page: Page, text: string) => page.locator('span[dir="auto"]', { hasText: new RegExp(`^${escape(text)}$`) });

/** Waits for question `n` to be open for an answer; answers its text. */
async function openQuestion(page: Page, n: number): Promise<string> {
  await page.getByText(`Question ${n} of ${QUESTIONS}`, { exact: true }).waitFor();
  await answersRegion(page).getByRole('button', { disabled: false }).first().waitFor();
  return ((await page.locator('h2#battle-question-text').textContent()) ?? '').trim();
}

/**
 * Picks the right option (from the demo files) or a wrong one, and waits until the server took it:
 * "waiting for the others", or — when this answer was the last one — the reveal or the result.
 */
async function answer(page: Page, question: string, right: boolean): Promise<void> {
  const known = ANSWERS.get(question);
  if (!known) throw new Error(`not a demo question: ${question}`);
  const options = answersRegion(page).getByRole('button', { disabled: false });
  const option: Locator = right ? options.filter({ has: optionText(page, known) }) : options.filter({ hasNot: optionText(page, known) }).first();
  await option.click();
  const taken = page
    .getByText('Waiting for the others…', { exact: true })
    .or(page.getByText(/^(The next question opens in a moment…|That was the last question\.)$/))
    .or(page.locator('h1#battle-result-title'));
  await taken.first().waitFor();
}

/** Every seat answers question `n` (right or wrong as told), all at the same time. */
async function playQuestion(seats: readonly Seat[], n: number, right: (seat: Seat) => boolean): Promise<void> {
  await Promise.all(
    seats.map(async (s) => {
      const question = await openQuestion(s.page, n);
      await answer(s.page, question, right(s));
    }),
  );
}

async function playAll(seats: readonly Seat[], right: (seat: Seat, n: number) => boolean, from = 1): Promise<void> {
  for (let n = from; n <= QUESTIONS; n++) await playQuestion(seats, n, (s) => right(s, n));
}

/** The result screen's headline (its status region), once the room finished. */
async function outcome(page: Page): Promise<string> {
  const heading = page.locator('h1#battle-result-title');
  await heading.waitFor({ timeout: 60_000 });
  return ((await heading.textContent()) ?? '').trim();
}

const playersRegion = (page: Page) => page.getByRole('region', { name: 'Players' });

/** Opens the random battle page and chooses the category: ready to search. */
async function readyToSearch(page: Page, category: string): Promise<void> {
  await page.goto(`${server.url}/random-battle/`);
  await chooseCategory(page, category);
  await page.getByRole('radio', { name: /^1×/ }).waitFor();
}

/** Taps a category's chip in the set-up (the page's own picker, not a drop-down). */
async function chooseCategory(page: Page, category: string): Promise<void> {
  const chip = page.getByRole('group', { name: 'Category' }).locator('label').filter({ hasText: new RegExp(`^${category}$`) });
  await chip.click();
  await chip.getByRole('radio', { checked: true }).waitFor({ state: 'attached' });
}

/** Opens the random battle page, chooses the category and searches. */
async function searchRandom(page: Page, category: string): Promise<void> {
  await readyToSearch(page, category);
  await page.getByRole('button', { name: 'Find an opponent' }).click();
}

/**
 * Two players meet in a random battle: both pages are loaded and ready first (a page load on a busy
 * machine can take longer than a search lasts), then the first searches and, once its search is
 * open, the second searches and joins it.
 */
async function meetRandom(first: Seat, second: Seat, category: string): Promise<void> {
  await Promise.all([readyToSearch(first.page, category), readyToSearch(second.page, category)]);
  await first.page.getByRole('button', { name: 'Find an opponent' }).click();
  await first.page.getByRole('heading', { name: 'Looking for an opponent' }).waitFor();
  await second.page.getByRole('button', { name: 'Find an opponent' }).click();
}

/**
 * Waits until the state the app keeps in localStorage (services/store/persist-storage.ts: each slice a JSON string
 * under the root key) says what `check` wants: the coins the header shows, the wins in a row.
 */
async function persistedState(page: Page, check: { coins: number; winStreak: number }): Promise<void> {
  await page.waitForFunction(
    ({ key, want }) => {
      const root = window.localStorage.getItem(key);
      if (!root) return false;
      const state = JSON.parse(root) as Record<string, string>;
      const user = JSON.parse(state.user ?? '{}') as { data?: { coins?: number } };
      const battle = JSON.parse(state.battle ?? '{}') as { winStreak?: number };
      return user.data?.coins === want.coins && battle.winStreak === want.winStreak;
    },
    { key: PERSIST_STORAGE_KEY, want: check },
  );
}

/** The room this tab plays, as the page keeps it for a reload. */
const storedRoom = (page: Page, kind: string) => page.evaluate((k) => window.sessionStorage.getItem(`quiz-arena:battle-room:${k}`), kind);

async function roomOf(player: Player, roomId: string): Promise<RoomDocument> {
  const res = await callApi<{ room: RoomDocument }>(server, 'get_room', { room_id: roomId }, player.token);
  if (res.error) throw new Error(`get_room: ${JSON.stringify(res)}`);
  return res.data.room;
}

/** Seconds on the question clock (role timer, "Time left: mm:ss"). */
async function clockSeconds(page: Page): Promise<number> {
  const label = (await page.getByRole('timer').getAttribute('aria-label')) ?? '';
  const match = /(\d+):(\d+)$/.exec(label);
  if (!match) throw new Error(`no clock in "${label}"`);
  return Number(match[1]) * 60 + Number(match[2]);
}

describe('battles in Chromium', () => {
  test('(a) two players meet in a random battle, see each other, play every question; the winner takes twice the fee', async () => {
    const [ada, ben] = await Promise.all([seat('Ada Random'), seat('Ben Random')]);
    await meetRandom(ada, ben, 'History');

    for (const s of [ada, ben]) {
      await openQuestion(s.page, 1);
      await playersRegion(s.page).getByText('Ada Random').waitFor();
      await playersRegion(s.page).getByText('Ben Random').waitFor();
    }
    expect(await seriousA11yViolations(ada.page)).toEqual([]);

    // Ada answers right, Ben wrong: Ada wins.
    await playAll([ada, ben], (s) => s === ada);
    expect(await outcome(ada.page)).toBe('You won!');
    expect(await outcome(ben.page)).toBe('You lost');
    await ada.page.getByText(`Coins won: ${2 * FEE}`).waitFor();
    await ada.page.getByText('Wins in a row: 1').waitFor();
    await ben.page.getByText('Wins in a row: 0').waitFor();
    expect(await seriousA11yViolations(ada.page)).toEqual([]);

    expect(await coinsOf(ada.player)).toBe(WELCOME - FEE + 2 * FEE);
    expect(await coinsOf(ben.player)).toBe(WELCOME - FEE);
    // The pages read the balance again when the room settled, and keep the wins in a row.
    await persistedState(ada.page, { coins: WELCOME - FEE + 2 * FEE, winStreak: 1 });
    await persistedState(ben.page, { coins: WELCOME - FEE, winStreak: 0 });
    // The room ended: a reload starts a new battle, not the old room.
    expect(await storedRoom(ada.page, 'random')).toBeNull();
  });

  test('(b) alone: "no opponent detected", the player plays the bot to the result and no coins move', async () => {
    const cy = await seat('Cy Alone');
    await cy.page.goto(`${server.url}/random-battle/`);
    await cy.page.getByRole('button', { name: 'Find an opponent' }).waitFor();
    expect(await seriousA11yViolations(cy.page)).toEqual([]);
    await searchRandom(cy.page, 'Science');
    await cy.page.getByText('no opponent detected, retry or play against the bot').waitFor({ timeout: 40_000 });
    expect(await seriousA11yViolations(cy.page)).toEqual([]);
    await cy.page.getByRole('button', { name: 'Play against the bot' }).click();

    await openQuestion(cy.page, 1);
    await playersRegion(cy.page).getByRole('listitem').nth(1).waitFor();
    expect(await playersRegion(cy.page).textContent()).toContain('Bot');
    await playAll([cy], () => true);
    expect(['You won!', 'You lost', "It's a draw"]).toContain(await outcome(cy.page));
    await cy.page.getByText('Games against the bot move no coins and add no score.').waitFor();
    expect(await coinsOf(cy.player)).toBe(WELCOME);
  });

  test('(c) four players: one creates a group room, three join by its code, all ready, the creator starts, all see the results', async () => {
    const seats = await Promise.all([seat('Dee Group'), seat('Eli Group'), seat('Fay Group'), seat('Gus Group')]);
    const [dee, eli, ...rest] = seats as [Seat, Seat, Seat, Seat];

    await dee.page.goto(`${server.url}/group-battle/`);
    await dee.page.getByRole('button', { name: 'Create a room' }).click();
    await chooseCategory(dee.page, 'Geography');
    expect(await seriousA11yViolations(dee.page)).toEqual([]);
    expect(await dee.page.getByRole('group', { name: 'Number of questions' }).getByRole('radio', { checked: true }).getAttribute('value')).toBe(String(QUESTIONS));
    // The set-up has the app's own pickers: no native drop-down.
    expect(await dee.page.locator('main select').count()).toBe(0);
    await dee.page.getByRole('button', { name: 'Create room' }).click();
    const code = ((await dee.page.getByText(/^[A-Z0-9]{6}$/).textContent()) ?? '').trim();
    expect(code).toMatch(/^[A-Z0-9]{6}$/);
    expect(await seriousA11yViolations(dee.page)).toEqual([]);

    for (const s of [eli, ...rest]) {
      await s.page.goto(`${server.url}/group-battle/`);
      await s.page.getByRole('button', { name: 'Join a room' }).click();
      await s.page.getByLabel('Room code').fill(code.toLowerCase());
      await s.page.getByRole('button', { name: 'Join', exact: true }).click();
      await s.page.getByRole('button', { name: "I'm ready" }).click();
      await s.page.getByRole('button', { name: 'Not ready yet' }).waitFor();
    }
    await dee.page.getByText('Players (4 of 4)').waitFor();
    // The start is refused on the page until the creator's room says everyone is ready.
    await dee.page.getByText('Not ready', { exact: true }).first().waitFor({ state: 'detached' });
    await dee.page.getByRole('button', { name: 'Start the battle' }).click();

    // Dee answers every question right, Eli the first two, the others none: Dee alone has the most.
    await playAll(seats, (s, n) => s === dee || (s === eli && n < QUESTIONS));
    expect(await outcome(dee.page)).toBe('Victory!');
    for (const s of [eli, ...rest]) expect(await outcome(s.page)).toBe('Defeat');
    expect(await seriousA11yViolations(eli.page)).toEqual([]);

    // Four fees in the pot, one winner.
    expect(await coinsOf(dee.player)).toBe(WELCOME - FEE + 4 * FEE);
    for (const s of [eli, ...rest]) expect(await coinsOf(s.player)).toBe(WELCOME - FEE);
  });

  test('(d) a reload in the middle of a random battle lands on the same question and deadline with the points intact', async () => {
    const [hal, ivy] = await Promise.all([seat('Hal Reload'), seat('Ivy Reload')]);
    await meetRandom(hal, ivy, 'Technology');

    await playQuestion([hal, ivy], 1, (s) => s === hal);
    const second = await openQuestion(hal.page, 2);
    const roomId = await storedRoom(hal.page, 'random');
    expect(roomId).toBeTruthy();
    const before = await roomOf(hal.player, roomId!);
    const points = before.players.find((p) => p.user_id === hal.player.user.id)!.points;
    expect(points).toBeGreaterThan(0);
    await playersRegion(hal.page).getByText(`${points} points`).waitFor();

    await hal.page.reload();
    expect(await openQuestion(hal.page, 2)).toBe(second);
    await playersRegion(hal.page).getByText(`${points} points`).waitFor();
    // The clock counts down to the server's deadline: within 2 s (its rounding and its tick) of the
    // seconds left at some instant while it was read, however long the reading took.
    const deadline = Date.parse(before.questions[1]!.deadline_at);
    const readFrom = Date.now();
    const shown = await clockSeconds(hal.page);
    const readTo = Date.now();
    expect(shown).toBeGreaterThanOrEqual((deadline - readTo) / 1000 - 2);
    expect(shown).toBeLessThanOrEqual((deadline - readFrom) / 1000 + 2);

    await answer(hal.page, second, true);
    await answer(ivy.page, await openQuestion(ivy.page, 2), false);
    await playQuestion([hal, ivy], 3, (s) => s === hal);
    expect(await outcome(hal.page)).toBe('You won!');
    expect(await outcome(ivy.page)).toBe('You lost');
    const final = await roomOf(hal.player, roomId!);
    const mine = final.result!.entries.find((e) => e.user_id === hal.player.user.id)!;
    expect(mine.correct).toBe(QUESTIONS);
    expect(mine.points).toBeGreaterThan(points);
  });

  test('(e) the server restarts between two questions: both pages reconnect by themselves and play on; the winner is paid', async () => {
    const [max, nia] = await Promise.all([seat('Max Restart'), seat('Nia Restart')]);
    await meetRandom(max, nia, 'Sports and Games');
    await playQuestion([max, nia], 1, (s) => s === max);
    const roomId = await storedRoom(max.page, 'random');
    const before = await roomOf(max.player, roomId!);
    const points = before.players.find((p) => p.user_id === max.player.user.id)!.points;
    expect(points).toBeGreaterThan(0);

    // Every stream drops with the process; the room, its points and its clock live in the database.
    await server.restart();
    await Promise.all([max, nia].map((s) => s.page.getByText(`Question 2 of ${QUESTIONS}`, { exact: true }).waitFor({ timeout: 20_000 })));
    await playersRegion(max.page).getByText(`${points} points`).waitFor();
    await playAll([max, nia], (s) => s === max, 2);
    expect(await outcome(max.page)).toBe('You won!');
    expect(await outcome(nia.page)).toBe('You lost');
    const final = await roomOf(max.player, roomId!);
    expect(final.result!.reason).toBe('completed');
    expect(final.result!.entries.find((e) => e.user_id === max.player.user.id)!.correct).toBe(QUESTIONS);
    expect(await coinsOf(max.player)).toBe(WELCOME - FEE + 2 * FEE);
    expect(await coinsOf(nia.player)).toBe(WELCOME - FEE);
  });

  test('play with a friend: an invalid code is refused; the friend joins by code and both play to the result', async () => {
    const [joy, kim] = await Promise.all([seat('Joy Friend'), seat('Kim Friend')]);
    await kim.page.goto(`${server.url}/random-battle/play-with-friend/`);
    await kim.page.getByRole('button', { name: 'Join a room' }).click();
    await kim.page.getByRole('button', { name: 'Join', exact: true }).click();
    await kim.page.getByText('please enter a room code').waitFor();
    await kim.page.getByLabel('Room code').fill('000000');
    await kim.page.getByRole('button', { name: 'Join', exact: true }).click();
    await kim.page.getByText('invalid room code').waitFor();

    await joy.page.goto(`${server.url}/random-battle/play-with-friend/`);
    await joy.page.getByRole('button', { name: 'Create a room' }).click();
    await chooseCategory(joy.page, 'Food and Drink');
    // A friend room plays the random battle's number of questions: nothing to choose.
    expect(await joy.page.getByRole('group', { name: 'Number of questions' }).count()).toBe(0);
    await joy.page.getByRole('button', { name: 'Create room' }).click();
    const code = ((await joy.page.getByText(/^[A-Z0-9]{6}$/).textContent()) ?? '').trim();

    await kim.page.getByLabel('Room code').fill(code);
    await kim.page.getByRole('button', { name: 'Join', exact: true }).click();
    await kim.page.getByRole('button', { name: "I'm ready" }).click();
    await joy.page.getByText('Players (2 of 2)').waitFor();
    await joy.page.getByRole('listitem').filter({ hasText: 'Kim Friend' }).getByText('Ready', { exact: true }).waitFor();
    await joy.page.getByRole('button', { name: 'Start the battle' }).click();

    await playAll([joy, kim], (s) => s === kim);
    expect(await outcome(kim.page)).toBe('You won!');
    expect(await outcome(joy.page)).toBe('You lost');
    expect(await coinsOf(kim.player)).toBe(WELCOME - FEE + 2 * FEE);
    expect(await coinsOf(joy.player)).toBe(WELCOME - FEE);
  });
});

/**
 * Counts what a page sends and receives over HTTP and over its socket; `ready` settles once the
 * socket's hello was answered (before then a room call goes over HTTP by design: a busy server may
 * take seconds to check the token, and the first question may open meanwhile).
 */
function watchTransport(page: Page) {
  const seen = { httpAnswers: 0, roomStreams: 0, sockets: 0, socketAnswers: 0, socketFrames: 0 };
  let isReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (isReady = resolve));
  page.on('request', (req) => {
    const url = req.url();
    if (url.endsWith('/api/submit_room_answer')) seen.httpAnswers += 1;
    if (/\/api\/rooms\/[^/]+\/events$/.test(url)) seen.roomStreams += 1;
  });
  page.on('websocket', (ws) => {
    if (!ws.url().endsWith('/api/socket')) return;
    seen.sockets += 1;
    ws.on('framesent', (frame) => {
      if (String(frame.payload).includes('"name":"submit_room_answer"')) seen.socketAnswers += 1;
    });
    ws.on('framereceived', (frame) => {
      const text = String(frame.payload);
      if (!text.startsWith('{')) seen.socketFrames += 1;
      else if (text.startsWith('{"t":"ready"')) isReady();
    });
  });
  return { seen, ready };
}

describe("the battle's transport", () => {
  test("(f) a battle travels over the player's socket: answers go up on it, the room comes down on it, no answer is an HTTP call and no room stream opens", async () => {
    const [kim, lou] = await Promise.all([seat('Kim Socket'), seat('Lou Socket')]);
    const watches = [watchTransport(kim.page), watchTransport(lou.page)];
    const watched = watches.map((w) => w.seen);
    await meetRandom(kim, lou, 'Arts and Literature');
    await Promise.all(watches.map((w) => w.ready));
    await playAll([kim, lou], (s) => s === kim);
    expect(await outcome(kim.page)).toBe('You won!');
    expect(await outcome(lou.page)).toBe('You lost');
    // Matched as a whole, so that a failure shows every count of both pages.
    expect(watched).toEqual([0, 1].map(() => ({ sockets: 1, socketAnswers: QUESTIONS, socketFrames: expect.any(Number), httpAnswers: 0, roomStreams: 0 })));
    for (const seen of watched) expect(seen.socketFrames).toBeGreaterThan(QUESTIONS);
    expect(await coinsOf(kim.player)).toBe(WELCOME - FEE + 2 * FEE);
  });

  test('(g) where the socket is refused (a proxy that does not pass it), the battle goes over the HTTP calls and the room stream, to the same result', async () => {
    const [mo, ned] = await Promise.all([seat('Mo Fallback'), seat('Ned Fallback')]);
    for (const s of [mo, ned]) await s.page.routeWebSocket(/\/api\/socket$/, (ws) => ws.close({ code: 1006 }));
    const watched = [watchTransport(mo.page), watchTransport(ned.page)].map((w) => w.seen);
    await meetRandom(mo, ned, 'Mathematics and Logic');
    await playAll([mo, ned], (s) => s === ned);
    expect(await outcome(ned.page)).toBe('You won!');
    expect(await outcome(mo.page)).toBe('You lost');
    for (const seen of watched) {
      expect(seen.httpAnswers).toBe(QUESTIONS);
      expect(seen.roomStreams).toBeGreaterThan(0);
      expect(seen.socketAnswers).toBe(0);
    }
    expect(await coinsOf(ned.player)).toBe(WELCOME - FEE + 2 * FEE);
  });
});
