import type { Page } from 'playwright-core';
import type { LiveGameView } from '@/services/domain/live';
import type { QuizSet } from '@/services/domain/quiz-sets';
import { seriousA11yViolations } from '@/tests/e2e/support/axe';
import { callApi, signInPage, signUpPlayer } from '@/tests/e2e/support/player';
import { browserSuite } from '@/tests/e2e/support/suite';
import { liveHostPhase, livePhase, livePhone, pressHostKey } from '@/tests/e2e/support/live';

// The question kinds beyond choosing and a question without a clock (docs/live.md, "Question
// kinds"), in Chromium: a host's set of a type answer, a slider, a poll, a word cloud and a
// timer-less question, hosted from the host's page on a 16:9 screen; two phones answer each kind
// with its own input (a text field, a slider with steps, tiles, a word); the host's screen shows
// the accepted answers and what was typed, the slider's chart, the poll's bars, the cloud — the
// host hides a word of it with one click — and the question with no countdown, which stays open
// until the host moves on. axe on every new screen.

const suite = browserSuite({ env: { DEV_OUTBOX: '1' } }, { width: 1280, height: 720 });

const SET = [
  { type: 'type', text: 'Capital of France?', options: ['Paris'], match: 'tolerant', time_limit: 60, points: 1000 },
  { type: 'slider', text: 'Degrees in a right angle?', slider: { min: 0, max: 180, step: 1, correct: 90, tolerance: 5, scoring: 'closeness' }, time_limit: 60, points: 1000 },
  { type: 'poll', text: 'Tea or coffee?', options: ['Tea', 'Coffee'], time_limit: 60 },
  { type: 'wordcloud', text: 'One word for today?', time_limit: 60 },
  { type: 'boolean', text: 'Take your time: the Earth orbits the Sun.', options: ['True', 'False'], answer: [0], time_limit: 0, points: 1000 },
];

const phone = () => livePhone(suite);
const phase = livePhase;
const hostPhase = liveHostPhase;
const a11y = async (page: Page) => expect(await seriousA11yViolations(page)).toEqual([]);
const next = (page: Page) => pressHostKey(page, 'n');

test('a set of every new kind and a timer-less question, hosted on a big screen and answered on two phones', async () => {
  const hostPlayer = await signUpPlayer(suite.server, 'Kinds Host');
  const saved = await callApi<QuizSet>(suite.server, 'quiz_set_save', { title: 'Every kind', questions: JSON.stringify(SET) }, hostPlayer.token);
  expect(saved.error).toBe(false);
  const created = await callApi<LiveGameView>(suite.server, 'live_create', { set_id: saved.data.id }, hostPlayer.token);
  expect(created.error).toBe(false);
  const game = created.data;

  const host = suite.page;
  await signInPage(host, hostPlayer);
  await host.goto(`${suite.server.url}/live/host/?game=${game.id}`);
  await host.getByText(game.pin.slice(0, 3)).first().waitFor();

  const ana = await phone();
  const bo = await phone();
  try {
    for (const [p, name] of [
      [ana, 'Ana'],
      [bo, 'Bo'],
    ] as const) {
      await p.page.goto(`${suite.server.url}/live/?pin=${game.pin}`);
      await p.page.getByRole('button', { name: 'Enter' }).click();
      await p.page.getByLabel('Nickname').fill(name);
      await p.page.getByRole('button', { name: 'Join', exact: true }).click();
      await phase(p.page, 'playing.lobby');
    }
    const phones = [ana.page, bo.page];

    // Type answer: a text field on the phone; one typo forgiven; the host's screen names the accepted answer.
    await next(host);
    await host.locator('[data-live-host-input="type"]').waitFor({ timeout: 15_000 });
    await host.getByText('Type your answer on your phone').waitFor();
    await a11y(host);
    await Promise.all(phones.map((p) => phase(p, 'playing.answering')));
    await a11y(ana.page);
    await ana.page.getByLabel('Your answer').fill('PARIS');
    await ana.page.getByRole('button', { name: 'Send my answer' }).click();
    await phase(ana.page, 'playing.locked');
    await bo.page.getByLabel('Your answer').fill('Lyon');
    await bo.page.keyboard.press('Enter');
    await Promise.all(phones.map((p) => phase(p, 'playing.result')));
    await ana.page.getByText('Right!').waitFor();
    await bo.page.getByText('Wrong').waitFor();
    await bo.page.getByText('The answer: Paris').waitFor();
    await hostPhase(host, 'reveal');
    expect(await host.locator('[data-live-right-text]').innerText()).toContain('Paris');
    await host.locator('[data-typed="PARIS"]').waitFor();
    await host.locator('[data-typed="Lyon"]').waitFor();
    await host.getByText('1 of 2 right').waitFor();
    await a11y(host);

    // Slider: it starts in the middle of the range (90); Bo steps up twice, still within ±5.
    await next(host);
    await next(host);
    await host.locator('[data-live-host-input="slider"]').waitFor({ timeout: 15_000 });
    await Promise.all(phones.map((p) => phase(p, 'playing.answering')));
    await ana.page.locator('output[for="live-slider"]').getByText('90').waitFor();
    await a11y(ana.page);
    await bo.page.getByRole('button', { name: 'One step up' }).click();
    await bo.page.getByRole('button', { name: 'One step up' }).click();
    await bo.page.locator('output[for="live-slider"]').getByText('92').waitFor();
    await ana.page.getByRole('button', { name: 'Send my answer' }).click();
    await bo.page.getByRole('button', { name: 'Send my answer' }).click();
    await Promise.all(phones.map((p) => phase(p, 'playing.result')));
    await bo.page.getByText('Right!').waitFor();
    await hostPhase(host, 'reveal');
    await host.getByText('2 of 2 right').waitFor();
    expect(await host.locator('[data-bin="5"]').getAttribute('data-count')).toBe('2');
    await a11y(host);

    // Poll: tiles on the phone, bars on the big screen, nobody right or wrong.
    await next(host);
    await next(host);
    await host.getByText('No right answer: vote on your phone.').waitFor({ timeout: 15_000 });
    await Promise.all(phones.map((p) => phase(p, 'playing.answering')));
    await ana.page.getByRole('group', { name: 'Answers' }).getByRole('button', { name: 'Coffee' }).click();
    await bo.page.getByRole('group', { name: 'Answers' }).getByRole('button', { name: 'Coffee' }).click();
    await Promise.all(phones.map((p) => phase(p, 'playing.result')));
    await ana.page.getByText('Answer counted').waitFor();
    await ana.page.getByText('Your answer: Coffee').waitFor();
    await a11y(ana.page);
    await hostPhase(host, 'reveal');
    expect(await host.locator('[data-bar="b"]').getAttribute('data-count')).toBe('2');
    await host.getByText('2 answers', { exact: true }).waitFor();

    // Word cloud: two spellings of one word make one word of 2; the host hides it with one click.
    await next(host);
    await next(host);
    await host.locator('[data-live-host-input="wordcloud"]').waitFor({ timeout: 15_000 });
    await Promise.all(phones.map((p) => phase(p, 'playing.answering')));
    await ana.page.getByLabel('A word or two').fill('Sunny');
    await ana.page.getByRole('button', { name: 'Send my answer' }).click();
    await bo.page.getByLabel('A word or two').fill('sunny!');
    await bo.page.getByRole('button', { name: 'Send my answer' }).click();
    await hostPhase(host, 'reveal');
    const word = host.locator('[data-word="Sunny"]');
    expect(await word.getAttribute('data-count')).toBe('2');
    await a11y(host);
    await host.getByRole('button', { name: 'Hide Sunny (2 players)' }).click();
    await word.waitFor({ state: 'detached' });
    await host.getByText('No words yet.').waitFor();

    // No time limit: no countdown anywhere; after a wait, still open; the host moves on.
    await next(host);
    await next(host);
    await host.locator('[data-live-no-limit]').waitFor({ timeout: 15_000 });
    await Promise.all(phones.map((p) => phase(p, 'playing.answering')));
    await ana.page.getByRole('img', { name: 'No time limit' }).waitFor();
    await a11y(host);
    await ana.page.getByRole('group', { name: 'Answers' }).getByRole('button', { name: 'True' }).click();
    await phase(ana.page, 'playing.locked');
    await host.waitForTimeout(1500);
    await phase(bo.page, 'playing.answering');
    await next(host);
    await Promise.all(phones.map((p) => phase(p, 'playing.result')));
    // The whole 1,000 however long it took, and 200 for a third right answer in a row (the poll and the cloud kept the streak).
    await ana.page.getByText('+1,200 points').waitFor();
    await ana.page.getByText('3 in a row: +200 bonus').waitFor();
    await bo.page.getByText('No answer').waitFor();
  } finally {
    await Promise.all([ana, bo].map((p) => p.context.close()));
  }
});
