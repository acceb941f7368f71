import fs from 'node:fs';
import jsQR from 'jsqr';
import type { Page } from 'playwright-core';
import { seriousA11yViolations } from '@/tests/e2e/support/axe';
import { demoAnswers } from '@/tests/e2e/support/demo-answers';
import { callApi, signInPage, signUpPlayer } from '@/tests/e2e/support/player';
import { browserSuite } from '@/tests/e2e/support/suite';
import { liveHostPhase, livePhase, livePhone, pressHostKey } from '@/tests/e2e/support/live';

// A live game hosted from the host's page (docs/live.md) on a 16:9 screen, in Chromium against the
// built app: the host sets the game up in the form; three phones join — a guest by scanning the
// QR code on the host's screen, a guest typing the PIN, a signed-in player under their name; the
// host removes a fourth player, locks and unlocks the game, starts it with a key, sees the answers
// counted, the chart, the leaderboard, pauses, reloads the page in the middle of the game and
// comes back to it, sees "Podium" after the last question, and ends on the podium; one phone reloads mid-question and stays the same
// player; the host's report then shows every answer and gives its CSV. axe on every screen.

// The host's screen and the phones with their animations, as players have them (decision 050).
const suite = browserSuite({ env: { DEV_OUTBOX: '1' } }, { width: 1280, height: 720 }, 'full');
const ANSWERS = demoAnswers('en');

const phone = () => livePhone(suite);

const phase = livePhase;
const hostPhase = liveHostPhase;
const pressKey = pressHostKey;
const a11y = async (page: Page) => expect(await seriousA11yViolations(page)).toEqual([]);

async function answerOnPhone(page: Page, right: boolean) {
  const text = (await page.locator('#live-question').innerText()).trim();
  const answer = ANSWERS.get(text);
  if (!answer) throw new Error(`no demo answer for "${text}"`);
  const tiles = page.getByRole('group', { name: 'Answers' }).getByRole('button');
  await (right ? tiles.filter({ hasText: answer }) : tiles.filter({ hasNotText: answer })).first().click();
}

/** Reads the QR code on the host's screen as a phone's camera would: its pixels, decoded. */
async function scanQr(page: Page): Promise<string> {
  const pixels = await page.locator('svg[data-qr-text]').evaluate(async (svg) => {
    const side = 400;
    const image = new Image();
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(svg))}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = side;
    canvas.height = side;
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(image, 0, 0, side, side);
    return { side, data: Array.from(ctx.getImageData(0, 0, side, side).data) };
  });
  const code = jsQR(Uint8ClampedArray.from(pixels.data), pixels.side, pixels.side);
  if (!code) throw new Error('the QR code on the host screen could not be read');
  return code.data;
}

test('a host runs a game from the host page with three phones (QR code, typed PIN, signed in) to the podium; the report shows every answer', async () => {
  const hostPlayer = await signUpPlayer(suite.server, 'Quiz Host');
  const host = suite.page;
  await signInPage(host, hostPlayer);

  // The setup form: a category is required, then the game is created.
  await host.goto(`${suite.server.url}/live/host/`);
  await host.getByLabel('Category').waitFor();
  await a11y(host);
  await host.getByRole('button', { name: 'Create the game' }).click();
  await host.getByText('Choose a category for the questions.').waitFor();
  await host.getByLabel('Category').selectOption('science');
  await host.getByLabel('Questions').selectOption('3');
  await host.getByLabel('Time per question').selectOption('30');
  await host.getByRole('button', { name: 'Create the game' }).click();
  await host.locator('[data-live-host="lobby"]').waitFor();
  expect(new URL(host.url()).searchParams.get('game')).toMatch(/^\d+$/);
  const gameId = Number(new URL(host.url()).searchParams.get('game'));
  const pin = (await host.locator('[data-live-pin]').innerText()).replace(/\s/g, '');
  expect(pin).toMatch(/^[1-9]\d{5}$/);
  // The join address is read from the back of the room, as the PIN is (it was 19 px at 720p).
  const addressPx = await host.locator('[data-live-join-address]').evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  expect(addressPx).toBeGreaterThanOrEqual(40);
  await host.getByText('Waiting for players…').waitFor();
  await a11y(host);

  // The QR code, scanned, is the join link with the PIN.
  const link = await scanQr(host);
  expect(link).toBe(`${suite.server.url}/live/?pin=${pin}`);

  const ana = await phone();
  const bo = await phone();
  const cy = await phone();
  try {
    await ana.page.goto(link);
    await ana.page.getByRole('button', { name: 'Enter' }).click();
    await ana.page.getByLabel('Nickname').fill('Ana');
    await ana.page.getByRole('button', { name: 'Join', exact: true }).click();
    await phase(ana.page, 'playing.lobby');
    // In the game the phone is immersive: no app bar or tabs to leave it by; its close button asks.
    expect(await ana.page.locator('[data-app-bar]').count()).toBe(0);
    expect(await ana.page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    await ana.page.getByRole('button', { name: 'Leave the game' }).click();
    await ana.page.getByRole('alertdialog', { name: 'Leave the game?' }).waitFor();
    await ana.page.getByRole('button', { name: 'Keep playing' }).click();
    await phase(ana.page, 'playing.lobby');

    await bo.page.goto(`${suite.server.url}/live/`);
    await bo.page.getByLabel('Game PIN').fill(pin);
    await bo.page.getByRole('button', { name: 'Enter' }).click();
    await bo.page.getByLabel('Nickname').fill('Bo');
    await bo.page.getByRole('button', { name: 'Join', exact: true }).click();
    await phase(bo.page, 'playing.lobby');

    const cyPlayer = await signUpPlayer(suite.server, 'Cy Signed');
    await signInPage(cy.page, cyPlayer);
    await cy.page.goto(`${suite.server.url}/live/?pin=${pin}`);
    await cy.page.getByRole('button', { name: 'Enter' }).click();
    await cy.page.getByRole('button', { name: 'Join as Cy Signed' }).click();
    await phase(cy.page, 'playing.lobby');

    // A fourth player joins and the host removes them; locking keeps newcomers out.
    const zed = await callApi(suite.server, 'live_join', { pin, nickname: 'Zed' });
    expect(zed.error).toBe(false);
    const players = host.getByRole('list', { name: 'Players in the game' });
    for (const name of ['Ana', 'Bo', 'Cy Signed', 'Zed']) await players.getByText(name, { exact: true }).waitFor();
    await host.getByRole('heading', { name: '4 players' }).waitFor();
    await host.getByRole('button', { name: 'Remove Zed' }).click();
    await players.getByText('Zed', { exact: true }).waitFor({ state: 'detached' });
    await host.getByRole('heading', { name: '3 players' }).waitFor();
    expect((await callApi(suite.server, 'live_join', { pin, nickname: 'Zed' })).message).toBe('live_removed');
    await host.getByRole('button', { name: 'Lock' }).click();
    await host.getByText('Locked: nobody new can join').waitFor();
    expect((await callApi(suite.server, 'live_join', { pin, nickname: 'Late' })).message).toBe('live_locked');
    await pressKey(host, 'l');
    await host.getByText('Locked: nobody new can join').waitFor({ state: 'detached' });
    await a11y(host);

    // Question 1, started by its key: "get ready", then the tiles, the countdown and the count.
    await pressKey(host, 'n');
    await hostPhase(host, 'get-ready');
    await hostPhase(host, 'open');
    const phones = [ana.page, bo.page, cy.page];
    await Promise.all(phones.map((p) => phase(p, 'playing.answering')));
    expect(await host.getByRole('list', { name: 'Answers' }).getByRole('listitem').count()).toBeGreaterThanOrEqual(2);
    await host.getByRole('timer').waitFor();
    await a11y(host);
    await answerOnPhone(ana.page, true);
    await phase(ana.page, 'playing.locked');
    await host.locator('[data-live-answered]').getByText('1', { exact: true }).waitFor();
    // Bo reloads in the middle of the question: the same player, still to answer.
    await bo.page.reload();
    await phase(bo.page, 'playing.answering');
    await answerOnPhone(bo.page, true);
    await phase(bo.page, 'playing.locked');
    await answerOnPhone(cy.page, false);

    // Everyone answered: the reveal on every screen; the chart counts the picks, the right one marked.
    await hostPhase(host, 'reveal');
    await Promise.all(phones.map((p) => phase(p, 'playing.result')));
    // Each phone's result has the play screen's weight: a full tile of colour with a large mark.
    expect(await ana.page.locator('[data-live-result="right"]').count()).toBe(1);
    expect(await cy.page.locator('[data-live-result="wrong"]').count()).toBe(1);
    const mark = (await ana.page.locator('[data-live-result] svg').first().boundingBox())!;
    expect(mark.height).toBeGreaterThanOrEqual(96);
    await host.getByText('2 of 3 right').waitFor();
    const bars = await host.locator('[data-bar]').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-count'))));
    expect(bars.reduce((a, b) => a + b, 0)).toBe(3);
    expect(await host.locator('[data-option][data-state="right"]').count()).toBe(1);
    await a11y(host);

    // The host's page reloads: back in the same game, on the same screen.
    await host.reload();
    await hostPhase(host, 'reveal');
    await host.getByRole('button', { name: 'Leaderboard' }).click();
    await hostPhase(host, 'leaderboard');
    await Promise.all(phones.map((p) => phase(p, 'playing.standings')));
    const top = await host.locator('[data-live-host-phase="leaderboard"] ol > li span[dir="auto"]').allInnerTexts();
    expect(top).toEqual(['Ana', 'Bo', 'Cy Signed']);
    await a11y(host);

    // Paused by its key, on every screen, then resumed.
    await pressKey(host, 'p');
    await hostPhase(host, 'paused');
    await Promise.all(phones.map((p) => phase(p, 'playing.paused')));
    await a11y(host);
    await host.getByRole('button', { name: 'Resume' }).click();
    await hostPhase(host, 'leaderboard');

    // Question 2: Cy answers, wrong again; the others do not; the host skips to the reveal.
    await host.getByRole('button', { name: 'Next question' }).click();
    await Promise.all(phones.map((p) => phase(p, 'playing.answering')));
    await answerOnPhone(cy.page, false);
    await host.locator('[data-live-answered]').getByText('1', { exact: true }).waitFor();
    await host.getByRole('button', { name: 'Skip' }).click();
    await hostPhase(host, 'reveal');
    await pressKey(host, 'n');
    await hostPhase(host, 'leaderboard');
    // Question 3, the last: nobody answers; after its leaderboard the next step is the podium, and
    // the button says so. The host ends the game there instead.
    await pressKey(host, 'n');
    await hostPhase(host, 'open');
    await host.getByRole('button', { name: 'Skip' }).click();
    await hostPhase(host, 'reveal');
    await pressKey(host, 'n');
    await hostPhase(host, 'leaderboard');
    await host.getByRole('button', { name: 'Podium' }).waitFor();
    expect(await host.getByRole('button', { name: 'Next question' }).count()).toBe(0);
    await host.getByRole('button', { name: 'End' }).click();
    await host.getByRole('alertdialog', { name: 'End the game now?' }).waitFor();
    await a11y(host);
    await host.getByRole('button', { name: 'End the game' }).click();
    await hostPhase(host, 'ended');
    await Promise.all(phones.map((p) => phase(p, 'playing.final')));
    const podium = await host.locator('[data-podium]').evaluateAll((els) => els.map((e) => [e.getAttribute('data-podium'), e.querySelector('span[dir="auto"]')?.textContent]));
    expect(podium.sort()).toEqual([
      ['1', 'Ana'],
      ['2', 'Bo'],
      ['3', 'Cy Signed'],
    ]);
    await ana.page.getByText('You finished in place 1').waitFor();
    await a11y(host);

    // The report: every question played, every player's every answer, and its CSV.
    await host.getByRole('link', { name: 'See the report' }).click();
    await host.getByRole('heading', { name: 'Science' }).waitFor();
    await host.getByText('3 of 3', { exact: true }).waitFor();
    const questions = host.getByRole('tabpanel').getByRole('listitem');
    expect(await questions.count()).toBe(3);
    await questions.nth(0).getByText('67% right').waitFor();
    await questions.nth(0).getByText('3 answered · 2 right', { exact: false }).waitFor();
    await questions.nth(2).getByText('0 answered', { exact: false }).waitFor();
    await a11y(host);
    await host.getByRole('tab', { name: 'By player' }).click();
    const rows = host.getByRole('tabpanel').locator('details');
    expect(await rows.count()).toBe(4);
    await rows.nth(0).getByText('Ana').waitFor();
    await rows.nth(3).getByText('removed by the host').waitFor();
    await rows.nth(2).locator('summary').click();
    const cyAnswers = rows.nth(2).getByRole('list', { name: 'Answers of Cy Signed' }).getByRole('listitem');
    expect(await cyAnswers.count()).toBe(3);
    await cyAnswers.nth(0).getByText('Wrong').waitFor();
    await cyAnswers.nth(1).getByText('Wrong').waitFor();
    await cyAnswers.nth(2).getByText('No answer').waitFor();
    await a11y(host);
    const [download] = await Promise.all([host.waitForEvent('download'), host.getByRole('button', { name: 'Every answer (CSV)' }).click()]);
    expect(download.suggestedFilename()).toBe(`live-${gameId}-answers.csv`);
    const csv = fs.readFileSync((await download.path())!, 'utf8').replace(/^\ufeff/, '').trimEnd().split('\r\n');
    expect(csv[0]).toBe('rank,nickname,signed_in,question,question_text,answer,answer_text,correct,points,bonus,time_s');
    expect(csv).toHaveLength(1 + 4 * 3);
    // Four answers were given (Ana, Bo and Cy to the first question, Cy to the second): four rows end with them.
    expect(csv.filter((line) => /,(yes|no),\d+,\d+,\d+\.\d$/.test(line))).toHaveLength(4);

    // The list of the host's games leads to it.
    await host.getByRole('link', { name: 'All my live games' }).click();
    await host.getByRole('link', { name: /Science/ }).first().waitFor();
    await a11y(host);
  } finally {
    await Promise.all([ana, bo, cy].map((p) => p.context.close()));
  }
});
