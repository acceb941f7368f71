import type { Page } from 'playwright-core';
import type { QuizSet } from '@/services/domain/quiz-sets';
import { seriousA11yViolations } from '@/tests/e2e/support/axe';
import { callApi, signInPage, signUpPlayer } from '@/tests/e2e/support/player';
import { browserSuite } from '@/tests/e2e/support/suite';
import { livePhone } from '@/tests/e2e/support/live';

// Self-paced assignments in Chromium (docs/live.md, "Assignments"): a host assigns a set of every
// question kind from the assignments page (answers shown after each question); three pupils play it
// at different times on their own phones — one finishes, one starts, leaves, and resumes on a
// second browser context with the resume code, one stops halfway — and the host's page follows:
// the pupils' progress, who has not finished, and the report of every answer. axe on every new screen.

const suite = browserSuite({ env: { DEV_OUTBOX: '1' } }, { width: 1280, height: 800 });

const SET = [
  { type: 'multiple', text: 'Two and two?', options: ['3', '4', '5'], answer: [1], time_limit: 60, points: 1000 },
  { type: 'type', text: 'Capital of France?', options: ['Paris'], match: 'tolerant', time_limit: 60, points: 1000 },
  { type: 'slider', text: 'Degrees in a right angle?', slider: { min: 0, max: 180, step: 1, correct: 90, tolerance: 5, scoring: 'exact' }, time_limit: 60, points: 1000 },
  { type: 'poll', text: 'Tea or coffee?', options: ['Tea', 'Coffee'], time_limit: 60 },
  { type: 'wordcloud', text: 'One word for today?', time_limit: 60 },
];

const phase = (page: Page, name: string) => page.locator(`[data-assignment-phase="${name}"]`).waitFor({ timeout: 15_000 });
const a11y = async (page: Page) => expect(await seriousA11yViolations(page)).toEqual([]);
const send = (page: Page) => page.getByRole('button', { name: 'Send my answer' }).click();

/** Answers the question on screen right (the poll and the word cloud: anything), then waits for what it earned. */
async function answerRight(page: Page) {
  await phase(page, 'seated.answering');
  const text = await page.locator('#live-question').innerText();
  if (text === 'Two and two?') await page.getByRole('group', { name: 'Answers' }).getByRole('button', { name: /4$/ }).click();
  else if (text === 'Capital of France?') {
    await page.getByLabel('Your answer').fill('paris');
    await send(page);
  } else if (text === 'Degrees in a right angle?') {
    await page.locator('output[for="live-slider"]').getByText('90').waitFor();
    await send(page);
  } else if (text === 'Tea or coffee?') await page.getByRole('group', { name: 'Answers' }).getByRole('button', { name: /Tea$/ }).click();
  else {
    await page.getByLabel('A word or two').fill('Sunny');
    await send(page);
  }
  await phase(page, 'seated.feedback');
}

async function join(page: Page, pin: string, nickname: string) {
  await page.goto(`${suite.server.url}/live/assignment/?pin=${pin}`);
  await phase(page, 'nickname');
  await page.getByLabel('Nickname').fill(nickname);
  await page.getByRole('button', { name: 'Join', exact: true }).click();
  await phase(page, 'seated.ready');
}

test('a host assigns a set of every kind; three pupils play at different times, one resuming on another device; the report follows', async () => {
  const hostPlayer = await signUpPlayer(suite.server, 'Ms Host');
  const saved = await callApi<QuizSet>(suite.server, 'quiz_set_save', { title: 'Week 1 homework', questions: JSON.stringify(SET) }, hostPlayer.token);
  expect(saved.error).toBe(false);

  // The host assigns it from the assignments page.
  const host = suite.page;
  await signInPage(host, hostPlayer);
  await host.goto(`${suite.server.url}/live/assignments/`);
  await host.getByText('No assignments yet').waitFor();
  await host.getByRole('button', { name: 'New assignment' }).click();
  // Nothing chosen yet: the form says what is missing, and nothing is created.
  await host.getByRole('button', { name: 'Create assignment' }).click();
  await host.getByText('Choose one of your quizzes').waitFor();
  await host.getByLabel('Quiz', { exact: true }).selectOption({ label: 'Week 1 homework (5 questions)' });
  await host.getByLabel('After each question').check();
  // In the set's order, so that the pupils below meet the questions as written.
  await host.getByLabel('Shuffle questions and answers').uncheck();
  await a11y(host);
  await host.getByRole('button', { name: 'Create assignment' }).click();
  const pinBox = host.locator('[data-assignment-pin]');
  await pinBox.waitFor({ timeout: 15_000 });
  const pin = (await pinBox.getAttribute('data-assignment-pin'))!;
  expect(pin).toMatch(/^[1-9]\d{5}$/);
  expect(await host.locator('[data-qr-text]').getAttribute('data-qr-text')).toBe(`${suite.server.url}/live/assignment/?pin=${pin}`);
  await host.getByText('Nobody has joined yet').waitFor();
  await a11y(host);

  // Ana plays it through on her phone: each answer's result, then her score and every answer.
  const ana = await livePhone(suite);
  const bo = await livePhone(suite);
  const boElsewhere = await livePhone(suite);
  const cy = await livePhone(suite);
  try {
    await join(ana.page, pin, 'Ana');
    await a11y(ana.page);
    await ana.page.getByRole('button', { name: 'Start' }).click();
    for (let position = 0; position < SET.length; position += 1) {
      await answerRight(ana.page);
      if (position === 0) {
        await ana.page.getByText('Right!').waitFor();
        await a11y(ana.page);
      }
      await ana.page.getByRole('button', { name: position === SET.length - 1 ? 'See your results' : 'Next question' }).click();
    }
    await phase(ana.page, 'seated.finished');
    expect(Number(await ana.page.locator('[data-assignment-score]').getAttribute('data-assignment-score'))).toBeGreaterThan(2500);
    await ana.page.getByText('3 of 5 right').waitFor();
    await a11y(ana.page);

    // Bo answers two questions, then his phone goes away; on another device he types his resume code.
    await join(bo.page, pin, 'Bo');
    const code = (await bo.page.locator('[data-resume-code]').getAttribute('data-resume-code'))!;
    expect(code).toMatch(/^[2-9A-Z]{8}$/);
    await bo.page.getByRole('button', { name: 'Start' }).click();
    await answerRight(bo.page);
    await bo.page.getByRole('button', { name: 'Next question' }).click();
    await answerRight(bo.page);
    await bo.context.close();

    await boElsewhere.page.goto(`${suite.server.url}/live/assignment/?pin=${pin}`);
    await phase(boElsewhere.page, 'nickname');
    await boElsewhere.page.getByRole('button', { name: 'I started on another device' }).click();
    await boElsewhere.page.getByLabel('Resume code').fill('ZZZZ-ZZZZ');
    await boElsewhere.page.getByRole('button', { name: 'Continue' }).click();
    await boElsewhere.page.getByText('No pupil of this assignment has this code').waitFor();
    await a11y(boElsewhere.page);
    await boElsewhere.page.getByLabel('Resume code').fill(`${code.slice(0, 4).toLowerCase()}-${code.slice(4)}`);
    await boElsewhere.page.getByRole('button', { name: 'Continue' }).click();
    // He goes on at the third question, where he left off.
    await phase(boElsewhere.page, 'seated.answering');
    await boElsewhere.page.getByText('Question 3 of 5').waitFor();
    for (let position = 2; position < SET.length; position += 1) {
      await answerRight(boElsewhere.page);
      await boElsewhere.page.getByRole('button', { name: position === SET.length - 1 ? 'See your results' : 'Next question' }).click();
    }
    await phase(boElsewhere.page, 'seated.finished');

    // Cy answers the first question and stops there.
    await join(cy.page, pin, 'Cy');
    await cy.page.getByRole('button', { name: 'Start' }).click();
    await phase(cy.page, 'seated.answering');
    await cy.page.getByRole('group', { name: 'Answers' }).getByRole('button', { name: /5$/ }).click();
    await phase(cy.page, 'seated.feedback');
    await cy.page.getByText('Wrong').waitFor();
    await cy.page.getByText('The answer: 4').waitFor();

    // The host's page: every pupil's progress, who has not finished, and the report.
    await host.reload();
    await host.locator('[data-pupil="Ana"]').getByText('Finished (1 attempt)').waitFor({ timeout: 15_000 });
    await host.locator('[data-pupil="Bo"]').getByText('Finished (1 attempt)').waitFor();
    await host.locator('[data-pupil="Cy"]').getByText('1 of 5 answered').waitFor();
    expect(await host.locator('[data-not-finished]').getAttribute('data-not-finished')).toBe('Cy');
    await host.getByText('67% right').first().waitFor();
    await host.getByRole('button', { name: 'By pupil' }).click();
    await host.getByText('Ana', { exact: true }).first().waitFor();
    await a11y(host);

    // The reports page lists it beside the host's live games.
    await host.goto(`${suite.server.url}/live/reports/`);
    await host.getByRole('link', { name: /Week 1 homework/ }).waitFor();
  } finally {
    await Promise.all([ana.context.close(), boElsewhere.context.close(), cy.context.close()]);
  }
});

test('the countdown runs out on the phone: the question goes unanswered and the next one comes with its own clock', async () => {
  const hostPlayer = await signUpPlayer(suite.server, 'Mr Clock');
  const saved = await callApi<QuizSet>(
    suite.server,
    'quiz_set_save',
    {
      title: 'Quick one',
      questions: JSON.stringify([
        { type: 'multiple', text: 'Too slow?', options: ['Yes', 'No'], answer: [0], time_limit: 5, points: 1000 },
        { type: 'multiple', text: 'Next?', options: ['Yes', 'No'], answer: [0], time_limit: 5, points: 1000 },
      ]),
    },
    hostPlayer.token,
  );
  const made = await callApi<{ pin: string }>(suite.server, 'assignment_create', { set_id: saved.data.id, closes_at: Date.now() + 86_400_000, show_answers: 'each' }, hostPlayer.token);
  expect(made.error).toBe(false);
  const pupil = await livePhone(suite);
  try {
    await join(pupil.page, made.data.pin, 'Dee');
    await pupil.page.getByRole('button', { name: 'Start' }).click();
    await phase(pupil.page, 'seated.answering');
    await pupil.page.getByLabel(/seconds? left/).waitFor();
    // Nobody taps: at the deadline the page sends the question unanswered.
    await pupil.page.locator('[data-assignment-result="none"]').waitFor({ timeout: 15_000 });
    await pupil.page.getByText('+0 points').waitFor();
    await pupil.page.getByRole('button', { name: 'Next question' }).click();
    await phase(pupil.page, 'seated.answering');
    await pupil.page.getByText('Next?').waitFor();
  } finally {
    await pupil.context.close();
  }
});
