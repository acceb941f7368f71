import type { Page } from 'playwright-core';
import { wordLetters } from '@/services/domain/word';
import { seriousA11yViolations } from '@/tests/e2e/support/axe';
import { demoAnswers } from '@/tests/e2e/support/demo-answers';
import { callApi, signInPage, signUpPlayer } from '@/tests/e2e/support/player';
import type { RunningServer } from '@/tests/e2e/support/server';
import { browserSuite } from '@/tests/e2e/support/suite';
import { chooseInterfaceLanguage, chooseContentLanguage } from '@/tests/e2e/support/frame';

// The question kinds in Chromium against the built app and its demo content: guess the word (a
// hint, charged once; typed in English, from the tiles in Spanish with Ñ), multi match (a sequence ordered with the
// keyboard alone), audio questions (the clip played, the transcript), fun and learn (reading, then
// the questions). Each to its result; the review shows the right answers after the play.

const suite = browserSuite({ env: { DEV_OUTBOX: '1' }, settings: { language_mode: '1' } });
let page: Page;
let server: RunningServer;
beforeEach(() => {
  ({ page, server } = suite);
});

const EN = demoAnswers('en');
const ES = demoAnswers('es');

const questionText = async () => (await page.locator('h1#question-text').innerText()).trim();
/** The player's balance as the server holds it. */
const coinsOf = async (token: string) => Number((await callApi<{ coins: number | string }>(server, 'get_user_coin_score', {}, token)).data.coins);

/** Waits for question n of total, in English or Spanish. */
async function atQuestion(n: number, total: number) {
  await page.getByText(new RegExp(`^(Question|Pregunta) ${n} (of|de) ${total}$`)).waitFor();
}

/** Types the letters of the word into the places no hint filled, then Enter. */
async function typeWord(word: string) {
  const revealed = await page.locator('[data-place][data-revealed="true"]').evaluateAll((nodes) => nodes.map((n) => Number(n.getAttribute('data-place'))));
  const letters = wordLetters(word, 'plain');
  for (const [i, letter] of letters.entries()) if (!revealed.includes(i)) await page.keyboard.type(letter.toLowerCase());
  await page.keyboard.press('Enter');
}

/** Fills the word from its tiles (Spanish: "Letra Ñ"), then submits. */
async function tapWord(word: string) {
  const tiles = page.getByRole('group', { name: 'Fichas de letras' });
  for (const letter of wordLetters(word, 'es')) await tiles.getByRole('button', { name: `Letra ${letter}`, exact: true, disabled: false }).first().click();
  await page.getByRole('button', { name: 'Enviar respuesta' }).click();
}

describe('the question kinds in Chromium', () => {
  test('every kind\'s card on the home page opens its categories; in Arabic the pages read right to left', async () => {
    const player = await signUpPlayer(server, 'card player');
    await signInPage(page, player);
    const cards: [RegExp, string, string][] = [
      [/Guess the Word/, 'Guess the Word', 'Nature and science'],
      [/Fun and Learn/, 'Fun and Learn', 'Nature stories'],
      [/Audio Questions/, 'Audio Questions', 'Listen and answer'],
      [/Math Mania/, 'Math Mania', 'Arithmetic'],
      [/Multi Match/, 'Multi Match', 'Science and nature'],
    ];
    for (const [card, heading, first] of cards) {
      await page.goto(`${server.url}/`);
      await page.getByRole('link', { name: card }).click();
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await page.getByRole('link', { name: new RegExp(first) }).waitFor();
    }
    await chooseInterfaceLanguage(page, 'ar');
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await page.getByRole('heading', { level: 1, name: 'المطابقة المتعددة' }).waitFor();
    await page.getByRole('link', { name: /Science and nature/ }).click();
    await page.getByText('اختر ما تريد التدرّب عليه.').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test('guess the word: a hint is charged once, every word typed from the keyboard, the review shows the words after the play', async () => {
    const player = await signUpPlayer(server, 'word player');
    await signInPage(page, player);
    await page.goto(`${server.url}/`);
    await page.getByRole('link', { name: /Guess the Word/ }).click();
    await page.getByRole('link', { name: /Nature and science/ }).click();
    await page.getByRole('link', { name: /Animals/ }).click();
    await page.getByRole('button', { name: 'Start' }).click();

    await atQuestion(1, 10);
    const first = EN.get(await questionText())!;
    expect(first).toBeTruthy();
    // The word is not on the page before it is answered (its letters are shuffled among the tiles).
    expect(await page.locator('body').innerText()).not.toContain(first.toUpperCase());
    const before = await coinsOf(player.token);
    await page.getByText(`Coins: ${before}`).waitFor();
    await page.getByRole('button', { name: 'Hint (2 coins, 2 left)' }).click();
    await page.getByRole('button', { name: 'Hint (2 coins, 1 left)' }).waitFor();
    await page.locator('[data-revealed="true"]').first().waitFor();
    await page.getByText(`Coins: ${before - 2}`).waitFor();
    expect(await coinsOf(player.token)).toBe(before - 2);
    expect(await seriousA11yViolations(page)).toEqual([]);

    for (let n = 1; n <= 10; n++) {
      await atQuestion(n, 10);
      const word = EN.get(await questionText())!;
      await typeWord(word);
      await page.getByText('Correct!', { exact: true }).first().waitFor();
      await page.getByRole('button', { name: /^(Next question|See the result)$/ }).click();
    }
    await page.getByRole('heading', { name: 'Quiz finished' }).waitFor();
    // One hint, charged once; ten right words pay the mode's 10 coins on this first pass.
    expect(await coinsOf(player.token)).toBe(before - 2 + 10);
    await page.getByRole('button', { name: /^Review answers/ }).click();
    await page.getByRole('heading', { name: 'Review answers' }).waitFor();
    expect(await page.getByRole('article').first().innerText()).toContain(first);
  });

  test('guess the word in Spanish: the interface and the words, Ñ from its tile', async () => {
    const player = await signUpPlayer(server, 'jugador');
    await signInPage(page, player);
    await page.goto(`${server.url}/`);
    await chooseInterfaceLanguage(page, 'es');
    await chooseContentLanguage(page, 'Español', /Cuenta y ajustes$/);
    await page.goto(`${server.url}/guess-the-word/`);
    await page.getByRole('link', { name: /Mundo y naturaleza/ }).click();
    await page.getByRole('link', { name: /Comida/ }).click();
    await page.getByRole('button', { name: 'Empezar' }).click();
    let sawTilde = false;
    for (let n = 1; n <= 10; n++) {
      await atQuestion(n, 10);
      const word = ES.get(await questionText())!;
      expect(word).toBeTruthy();
      sawTilde ||= word.includes('ñ');
      await tapWord(word);
      await page.getByText('¡Correcto!', { exact: true }).first().waitFor();
      await page.getByRole('button', { name: /^(Siguiente pregunta|Ver el resultado)$/ }).click();
    }
    expect(sawTilde).toBe(true);
    await page.getByRole('heading', { name: 'Cuestionario terminado' }).waitFor();
  });

  test('multi match: sets chosen and a sequence ordered with the keyboard alone, announced; the level opens the next', async () => {
    const player = await signUpPlayer(server, 'match player');
    await signInPage(page, player);
    await page.goto(`${server.url}/multi-match-questions/`);
    await page.getByRole('link', { name: /Science and nature/ }).click();
    // The category's page first: its name starts like the category's.
    await page.getByText('Choose what to practise.').waitFor();
    await page.getByRole('link', { name: /^Science(?! and)/ }).click();
    await page.getByRole('heading', { name: 'Levels' }).waitFor();
    await page.getByRole('link', { name: /^Level 1/ }).click();

    let ordered = 0;
    for (let n = 1; n <= 10; n++) {
      await atQuestion(n, 10);
      const right = EN.get(await questionText())!.split('\n');
      const answers = page.getByRole('region', { name: 'Answers' });
      if (await answers.getByRole('button', { name: /^Move .* up$/ }).count()) {
        // A sequence: each item to its place with Space, the arrow keys and Space.
        for (const [target, text] of right.entries()) {
          const items = await answers.locator('ol > li').allInnerTexts();
          const at = items.findIndex((t) => t.includes(text));
          if (at === target) continue;
          await answers.locator('ol > li').nth(at).getByRole('button').first().focus();
          await page.keyboard.press('Space');
          for (let i = 0; i < at - target; i++) await page.keyboard.press('ArrowUp');
          await page.keyboard.press('Space');
          await answers.getByText(new RegExp(`put down at position ${target + 1} of ${right.length}`)).waitFor({ state: 'attached' });
          ordered++;
        }
        await page.getByRole('button', { name: 'Submit this order' }).click();
      } else {
        for (const text of right) await answers.getByRole('button', { name: text, exact: true }).click();
        await page.getByRole('button', { name: 'Submit answer' }).click();
      }
      await page.getByText('Correct!', { exact: true }).first().waitFor();
      await page.getByRole('button', { name: /^(Next question|See the result)$/ }).click();
    }
    expect(ordered).toBeGreaterThan(0);
    await page.getByRole('heading', { name: 'Quiz finished' }).waitFor();
    await page.getByRole('link', { name: 'Play level 2' }).waitFor();
  });

  test('audio questions: the clip plays and pauses, the transcript shows what it says, and the play reaches its result', async () => {
    const player = await signUpPlayer(server, 'listening player');
    await signInPage(page, player);
    await page.goto(`${server.url}/audio-questions/`);
    await page.getByRole('link', { name: /Listen and answer/ }).click();
    await page.getByRole('link', { name: /Numbers/ }).click();
    await page.getByRole('button', { name: 'Start' }).click();
    await atQuestion(1, 10);
    // The clock waits for the audio, then runs.
    await page.getByText(/your time starts when it is ready/).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await page.waitForFunction(() => {
      const audio = document.querySelector('audio');
      return !!audio && !audio.paused && audio.currentTime > 0;
    });
    await page.getByRole('button', { name: 'Pause' }).click();
    expect(await page.locator('audio').evaluate((a: HTMLAudioElement) => a.paused)).toBe(true);
    await page.getByRole('button', { name: 'Show transcript' }).click();
    await page.getByText(/^The number is /).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    for (let n = 1; n <= 10; n++) {
      await atQuestion(n, 10);
      const right = EN.get(await questionText())!;
      await page.getByRole('region', { name: 'Answers' }).getByRole('button', { name: right, exact: true }).click();
      await page.getByText('Correct!', { exact: true }).first().waitFor();
      await page.getByRole('button', { name: /^(Next question|See the result)$/ }).click();
    }
    await page.getByRole('heading', { name: 'Quiz finished' }).waitFor();
  });

  test('fun and learn: the text is read off the clock, then its questions; all right earns flashback', async () => {
    const player = await signUpPlayer(server, 'reading player');
    await signInPage(page, player);
    await page.goto(`${server.url}/fun-and-learn/`);
    await page.getByRole('link', { name: /Nature stories/ }).click();
    await page.getByRole('link', { name: /The living world/ }).click();
    await page.getByRole('link', { name: /The honeybee's dance/ }).click();
    await page.getByText(/waggle dance/).first().waitFor();
    expect(await page.getByText('Time left').count()).toBe(0);
    await page.getByRole('button', { name: 'Start the 6 questions' }).click();
    for (let n = 1; n <= 6; n++) {
      await atQuestion(n, 6);
      const right = EN.get(await questionText())!;
      await page.getByRole('region', { name: 'Answers' }).getByRole('button', { name: right, exact: true }).click();
      await page.getByText('Correct!', { exact: true }).first().waitFor();
      await page.getByRole('button', { name: /^(Next question|See the result)$/ }).click();
    }
    await page.getByRole('heading', { name: 'Quiz finished' }).waitFor();
    await page.getByRole('link', { name: /Flashback/ }).waitFor();
  });
});
