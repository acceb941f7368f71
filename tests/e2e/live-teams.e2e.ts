import type { Page } from 'playwright-core';
import { seriousA11yViolations } from '@/tests/e2e/support/axe';
import { demoAnswers } from '@/tests/e2e/support/demo-answers';
import { signInPage, signUpPlayer } from '@/tests/e2e/support/player';
import { browserSuite } from '@/tests/e2e/support/suite';
import { liveHostPhase, livePhase, livePhone, pressHostKey } from '@/tests/e2e/support/live';

// A team game with generated names (docs/live.md, "Names and teams"), in Chromium: the host sets
// it up in the form (every player named by the server, two teams the players pick); three phones
// join — none types a name, each picks a team (one tries to join without) — and get names from the
// word lists; the lobby counts each team; after a question the leaderboard ranks the teams by the
// mean of their members' points, and each phone says its team's place; the podium is the teams'.

const suite = browserSuite({ env: { DEV_OUTBOX: '1' } }, { width: 1280, height: 720 });
const ANSWERS = demoAnswers('en');

const phone = () => livePhone(suite);
const phase = livePhase;
const hostPhase = liveHostPhase;
const a11y = async (page: Page) => expect(await seriousA11yViolations(page)).toEqual([]);
const next = (page: Page) => pressHostKey(page, 'n');
async function answer(page: Page, right: boolean) {
  const text = (await page.locator('#live-question').innerText()).trim();
  const want = ANSWERS.get(text);
  if (!want) throw new Error(`no demo answer for "${text}"`);
  const tiles = page.getByRole('group', { name: 'Answers' }).getByRole('button');
  await (right ? tiles.filter({ hasText: want }) : tiles.filter({ hasNotText: want })).first().click();
}

test('a team game of generated names: set up in the form, teams picked on the phones, ranked by their mean', async () => {
  const hostPlayer = await signUpPlayer(suite.server, 'Team Host');
  const host = suite.page;
  await signInPage(host, hostPlayer);
  await host.goto(`${suite.server.url}/live/host/`);
  await host.getByLabel('Category').selectOption('science');
  await host.getByLabel('Questions').selectOption('3');
  await host.getByLabel('Give everyone a generated name').check();
  await host.getByLabel('Teams').selectOption('2');
  await host.getByLabel('Each player picks a team').check();
  await a11y(host);
  await host.getByRole('button', { name: 'Create the game' }).click();
  await host.locator('[data-live-host="lobby"]').waitFor();
  const pin = (await host.locator('[data-live-pin]').innerText()).replace(/\s/g, '');

  const phones = [await phone(), await phone(), await phone()];
  try {
    const names: string[] = [];
    for (const [i, p] of phones.entries()) {
      await p.page.goto(`${suite.server.url}/live/?pin=${pin}`);
      await p.page.getByRole('button', { name: 'Enter' }).click();
      await p.page.getByText('The host gives everyone a name: you get yours when you join.').waitFor();
      expect(await p.page.getByLabel('Nickname').count()).toBe(0);
      if (i === 0) {
        await a11y(p.page);
        await p.page.getByRole('button', { name: 'Join', exact: true }).click();
        await p.page.getByText('Choose a team first.').waitFor();
      }
      // Ana and Bo in the red team, Cy alone in the blue one.
      await p.page.getByLabel(i < 2 ? 'Red team' : 'Blue team').check();
      await p.page.getByRole('button', { name: 'Join', exact: true }).click();
      await phase(p.page, 'playing.lobby');
      await p.page.getByText(`Your team: ${i < 2 ? 'Red team' : 'Blue team'}`).waitFor();
      const line = await p.page.getByText(/^Look for .+ on the big screen\.$/).innerText();
      names.push(line.replace(/^Look for (.+) on the big screen\.$/, '$1'));
    }
    expect(new Set(names).size).toBe(3);
    expect(names.every((n) => /^[A-Z][a-z]+ [A-Z][a-z]+$/.test(n))).toBe(true);
    await host.locator('[data-team="1"]').getByText('Red team · 2').waitFor();
    await host.locator('[data-team="2"]').getByText('Blue team · 1').waitFor();
    await a11y(host);

    // One question: in the red team one right, one wrong; the blue team's one player right.
    await next(host);
    await Promise.all(phones.map((p) => phase(p.page, 'playing.answering')));
    await answer(phones[0]!.page, true);
    await answer(phones[1]!.page, false);
    await answer(phones[2]!.page, true);
    await hostPhase(host, 'reveal');
    await next(host);
    await hostPhase(host, 'leaderboard');
    // Blue's one right answer beats red's mean of a right and a wrong one.
    const rows = host.locator('[data-team-rank]');
    expect(await rows.nth(0).getAttribute('data-team-rank')).toBe('2');
    expect(await rows.nth(1).getAttribute('data-team-rank')).toBe('1');
    await a11y(host);
    await phones[2]!.page.getByText('Blue team is in place 1').waitFor();
    await phones[0]!.page.getByText('Red team is in place 2').waitFor();
    // The two questions left are skipped by the host (nobody answers): the places stand.
    for (let q = 0; q < 2; q += 1) {
      await next(host);
      await hostPhase(host, 'open');
      await next(host);
      await hostPhase(host, 'reveal');
      await next(host);
      await hostPhase(host, 'leaderboard');
    }
    await next(host);
    await hostPhase(host, 'podium');
    await host.locator('[data-podium="1"]').getByText('Blue team').waitFor();
    await phase(phones[1]!.page, 'playing.final');
    await phones[1]!.page.getByText('Red team is in place 2').waitFor();
    await a11y(phones[1]!.page);
  } finally {
    await Promise.all(phones.map((p) => p.context.close()));
  }
});
