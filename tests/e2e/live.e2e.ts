import type { Page } from 'playwright-core';
import type { LiveGameView } from '@/services/domain/live';
import { seriousA11yViolations } from '@/tests/e2e/support/axe';
import { demoAnswers } from '@/tests/e2e/support/demo-answers';
import { callApi, signInPage, signUpPlayer, type Player } from '@/tests/e2e/support/player';
import { browserSuite } from '@/tests/e2e/support/suite';
import { livePhase, livePhone } from '@/tests/e2e/support/live';

// Live games from the phones' side (docs/live.md), in Chromium against the built app: a host's
// game (moved on by the host's calls) joined by a guest through the QR code's link, by another
// guest typing the PIN, and by a signed-in player under their name; one phone reloads in the
// middle of a question and comes back as the same player; every phone follows the game to its
// final place.

const suite = browserSuite({ env: { DEV_OUTBOX: '1' } });
const ANSWERS = demoAnswers('en');

let host: Player;
beforeAll(async () => {
  host = await signUpPlayer(suite.server, 'Quiz Host');
});

async function hostCall(name: string, gameId: number): Promise<LiveGameView> {
  const res = await callApi<LiveGameView>(suite.server, name, { game_id: gameId }, host.token);
  if (res.error) throw new Error(`${name}: ${JSON.stringify(res)}`);
  return res.data;
}

const phone = () => livePhone(suite);

const phase = livePhase;

async function answerRight(page: Page) {
  const text = (await page.locator('#live-question').innerText()).trim();
  const right = ANSWERS.get(text);
  if (!right) throw new Error(`no demo answer for "${text}"`);
  await page.getByRole('group', { name: 'Answers' }).getByRole('button', { name: right, exact: false }).first().click();
}

test('three phones join a host\'s game (QR link, typed PIN, signed in), one reloads mid-question, all play to their final place', async () => {
  const created = await callApi<LiveGameView>(suite.server, 'live_create', { category: 'science', questions: 2, time_limit: 30 }, host.token);
  expect(created.error).toBe(false);
  const game = created.data;

  // Ana follows the QR code's link: the PIN is filled in.
  const ana = await phone();
  await ana.page.goto(`${suite.server.url}/live/?pin=${game.pin}`);
  await ana.page.getByRole('button', { name: 'Enter' }).click();
  await ana.page.getByLabel('Nickname').fill('Ana');
  await ana.page.getByRole('button', { name: 'Join', exact: true }).click();
  await phase(ana.page, 'playing.lobby');
  await ana.page.getByText('Look for Ana on the big screen.').waitFor();
  expect(await seriousA11yViolations(ana.page)).toEqual([]);

  // Bo types the PIN; a wrong one first.
  const bo = await phone();
  await bo.page.goto(`${suite.server.url}/live/`);
  await bo.page.getByLabel('Game PIN').fill('123');
  await bo.page.getByRole('button', { name: 'Enter' }).click();
  await bo.page.getByText("Enter the six digits on the host's screen.").waitFor();
  expect(await seriousA11yViolations(bo.page)).toEqual([]);
  await bo.page.getByLabel('Game PIN').fill(game.pin);
  await bo.page.getByRole('button', { name: 'Enter' }).click();
  // A taken nickname is refused and the form stays.
  await bo.page.getByLabel('Nickname').fill('ANA');
  await bo.page.getByRole('button', { name: 'Join', exact: true }).click();
  await bo.page.getByText('This nickname is taken in this game: choose another.').waitFor();
  await bo.page.getByLabel('Nickname').fill('Bo');
  await bo.page.getByRole('button', { name: 'Join', exact: true }).click();
  await phase(bo.page, 'playing.lobby');

  // Cy is signed in and joins under her name.
  const cyPlayer = await signUpPlayer(suite.server, 'Cy Signed');
  const cy = await phone();
  await signInPage(cy.page, cyPlayer);
  await cy.page.goto(`${suite.server.url}/live/?pin=${game.pin}`);
  await cy.page.getByRole('button', { name: 'Enter' }).click();
  await cy.page.getByRole('button', { name: 'Join as Cy Signed' }).click();
  await phase(cy.page, 'playing.lobby');

  try {
    const phones = [ana.page, bo.page, cy.page];
    // Question 1: shown as "get ready", then the tiles with their texts.
    await hostCall('live_next', game.id);
    await Promise.all(phones.map((p) => phase(p, 'playing.answering')));
    expect(await ana.page.getByRole('group', { name: 'Answers' }).getByRole('button').count()).toBeGreaterThanOrEqual(2);
    expect(await seriousA11yViolations(ana.page)).toEqual([]);
    await answerRight(ana.page);
    await phase(ana.page, 'playing.locked');
    await ana.page.getByText('Answer locked').waitFor();

    // Bo reloads during the question: the same player, still to answer.
    await bo.page.reload();
    await phase(bo.page, 'playing.answering');
    await answerRight(bo.page);
    await phase(bo.page, 'playing.locked');
    // Cy answers wrong.
    const text = (await cy.page.locator('#live-question').innerText()).trim();
    await cy.page.getByRole('group', { name: 'Answers' }).getByRole('button').filter({ hasNotText: ANSWERS.get(text)! }).first().click();

    // Everyone answered: the question closes at once.
    await Promise.all(phones.map((p) => phase(p, 'playing.result')));
    await ana.page.getByText('Right!').waitFor();
    await cy.page.getByText('Wrong').waitFor();
    await cy.page.getByText(/^The answer: /).waitFor();
    expect(await seriousA11yViolations(cy.page)).toEqual([]);

    await hostCall('live_next', game.id);
    await Promise.all(phones.map((p) => phase(p, 'playing.standings')));
    await cy.page.getByText("You're in place 3").waitFor();

    // Question 2: nobody answers; the host ends the question, shows the standings, then the podium.
    await hostCall('live_next', game.id);
    await Promise.all(phones.map((p) => phase(p, 'playing.answering')));
    await hostCall('live_next', game.id);
    await phase(ana.page, 'playing.result');
    await ana.page.getByText('No answer').waitFor();
    await hostCall('live_next', game.id);
    await hostCall('live_next', game.id);
    await Promise.all(phones.map((p) => phase(p, 'playing.final')));
    await cy.page.getByText('You finished in place 3').waitFor();
    expect(await seriousA11yViolations(ana.page)).toEqual([]);
    // The seat is forgotten at the end: a reload starts at the PIN.
    await ana.page.reload();
    await phase(ana.page, 'pin');
  } finally {
    await Promise.all([ana, bo, cy].map((p) => p.context.close()));
  }
});
