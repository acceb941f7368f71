/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { QuizPlay, showRefusalToast } from '@/components/quiz-play/quiz-play';
import { QuizPlayView } from '@/components/quiz-play/quiz-play-view';
import { renderWithApp, resetApp } from '@/components/testing/test-app';
import { createQuizPlayMachine } from '@/machines/quiz-play/quiz-play.machine';
import { i18n } from '@/services/client/i18n';
import { flushPromises } from '@/tests/fakes/controllable-actor';
import { playResult, playReview, playSession, REQUESTS, selfChallengeSession, startQuizPlay, type StartOptions } from '@/tests/fakes/fake-play-server';

beforeEach(async () => {
  await resetApp();
});

async function showPlay(options: StartOptions = {}, load = true) {
  const h = startQuizPlay({ onRefusal: (n) => showRefusalToast(n, i18n.t), ...options });
  renderWithApp(<QuizPlayView actorRef={h.actor} />);
  if (load) await act(() => h.server.answer.load(options.session));
  const step = (fn: () => unknown) => act(async () => void (await fn()));
  const options$ = () => within(screen.getByRole('region', { name: 'Answers' })).getAllByRole('button');
  const lifeline = (name: string) => within(screen.getByRole('region', { name: 'Lifelines' })).getByRole('button', { name: new RegExp(name) });
  return { h, step, options: options$, lifeline };
}

describe('the play screen', () => {
  test('shows one progress signal (question n of N) beside the clock as mm:ss, the score so far and the coins', async () => {
    await showPlay();
    expect(screen.getByText('Question 1 of 2')).toBeInTheDocument();
    expect(screen.getByText('Coins: 100')).toBeInTheDocument();
    expect(screen.getByText('Score: 0')).toBeInTheDocument();
    expect(screen.getByRole('timer', { name: 'Time left: 00:30' })).toBeInTheDocument();
    // No second progress bar beside the clock's.
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Which planet is known as the red planet?' })).toBeInTheDocument();
  });

  test('keeps the running score and the streak while playing, from where the session stood (a reload keeps them)', async () => {
    const { h, step } = await showPlay({ session: playSession({ progress: { score: 12, streak: 3 } }) });
    const score = () => document.querySelector('[data-play-score]')!;
    expect(score()).toHaveTextContent('Score: 12');
    expect(document.querySelector('[data-streak]')).toHaveTextContent('3 in a row');
    await step(() => fireEvent.click(screen.getByRole('button', { name: /Mars/ })));
    await step(() => h.server.answer.grade(true, 4));
    expect(score()).toHaveAttribute('data-play-score', '16');
    expect(document.querySelector('[data-streak]')).toHaveAttribute('data-streak', '4');
    await step(() => fireEvent.click(screen.getByRole('button', { name: 'Next question' })));
    await step(() => fireEvent.click(screen.getByRole('button', { name: /False/ })));
    await step(() => h.server.answer.grade(false, -4));
    expect(score()).toHaveAttribute('data-play-score', '12');
    expect(document.querySelector('[data-streak]')).toBeNull();
  });

  test('offers the options as large buttons, at least 48 px high', async () => {
    const { options } = await showPlay();
    expect(options().map((b) => b.textContent)).toEqual(['AVenus', 'BJupiter', 'CMars', 'DSaturn']);
    for (const b of options()) expect(b.className).toContain('min-h-touch');
  });

  test('counts down on the clock', async () => {
    const { h, step } = await showPlay();
    await step(() => h.clock.increment(1000));
    expect(screen.getByRole('timer', { name: 'Time left: 00:29' })).toBeInTheDocument();
  });

  test('locks the tapped option at once and disables the others', async () => {
    const { h, step, options } = await showPlay();
    await step(() => fireEvent.click(screen.getByRole('button', { name: /Mars/ })));
    expect(h.server.calls.submitAnswer.last().input.answer).toBe('c');
    expect(screen.getByRole('button', { name: /Mars/ })).toHaveTextContent('Your answer');
    for (const b of options()) expect(b).toBeDisabled();
    expect(screen.getByText('Checking your answer…')).toBeInTheDocument();
  });

  test.each([
    ['2', 'b'],
    ['4', 'd'],
    ['A', 'a'],
    ['c', 'c'],
  ])('answers with the key %s (keys 1–4 and A–D)', async (key, letter) => {
    const { h, step } = await showPlay();
    await step(() => fireEvent.keyDown(window, { key }));
    expect(h.server.calls.submitAnswer.last().input.answer).toBe(letter);
  });

  test('does not answer with a key while typing in a field, or with a key that is no option', async () => {
    const { h, step } = await showPlay();
    const input = document.createElement('input');
    document.body.appendChild(input);
    await step(() => fireEvent.keyDown(input, { key: '1' }));
    await step(() => fireEvent.keyDown(window, { key: '7' }));
    expect(h.server.calls.submitAnswer.calls).toHaveLength(0);
  });

  test('shows a right answer by icon, text and colour, and announces it', async () => {
    const { h, step } = await showPlay();
    await step(() => fireEvent.click(screen.getByRole('button', { name: /Mars/ })));
    await step(() => h.server.answer.grade(true));
    const mars = screen.getByRole('button', { name: /Mars/ });
    expect(mars.querySelector('svg.lucide-check')).not.toBeNull();
    expect(mars).toHaveTextContent('Right answer');
    expect(mars.className).toContain('border-success');
    expect(screen.getAllByText('Correct!').length).toBeGreaterThan(0);
    expect(document.querySelector('[aria-live="polite"]')).toHaveTextContent('Correct!');
  });

  test('shows a wrong answer and the right one the server returned', async () => {
    const { h, step } = await showPlay();
    await step(() => fireEvent.click(screen.getByRole('button', { name: /Venus/ })));
    await step(() => h.server.answer.grade(false));
    expect(screen.getByRole('button', { name: /Venus/ })).toHaveTextContent('Wrong');
    expect(screen.getByRole('button', { name: /Venus/ }).querySelector('svg.lucide-x')).not.toBeNull();
    expect(screen.getByRole('button', { name: /Mars/ })).toHaveTextContent('Right answer');
    expect(document.querySelector('[aria-live="polite"]')).toHaveTextContent('Wrong answer. The right answer is C. Mars.');
  });

  test('says "time\'s up" when the time runs out, then moves on with the next button', async () => {
    const { h, step } = await showPlay();
    await step(() => h.expire());
    await step(() => h.server.answer.grade(false));
    expect(document.querySelector('[aria-live="polite"]')).toHaveTextContent("Time's up. The right answer is C. Mars.");
    await step(() => fireEvent.click(screen.getByRole('button', { name: 'Next question' })));
    expect(screen.getByText('Question 2 of 2')).toBeInTheDocument();
  });

  test('announces the last five seconds', async () => {
    const { h, step } = await showPlay();
    for (let i = 0; i < 25; i++) await step(() => h.clock.increment(1000));
    expect(document.querySelector('[aria-live="polite"]')).toHaveTextContent('5 s left');
    await step(() => h.clock.increment(1000));
    expect(document.querySelector('[aria-live="polite"]')).toHaveTextContent('4 s left');
  });

  test('lists the lifelines with their cost and whether they are available', async () => {
    const { lifeline } = await showPlay();
    expect(lifeline('50/50')).toHaveAccessibleName('50/50 Cost: 10 coins, Available');
    expect(lifeline('Skip')).toHaveTextContent('Available');
  });

  test('50/50 takes two options away', async () => {
    const { h, step, lifeline } = await showPlay();
    await step(() => fireEvent.click(lifeline('50/50')));
    await step(() => h.server.answer.grantLifeline());
    expect(screen.getByRole('button', { name: /Venus/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Venus/ })).toHaveTextContent('Removed by 50/50');
    expect(screen.getByRole('button', { name: /Jupiter/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Mars/ })).toBeEnabled();
    expect(lifeline('50/50')).toHaveTextContent('Used');
    expect(lifeline('Audience poll')).toHaveTextContent('Not available now');
    expect(screen.getByText('Coins: 90')).toBeInTheDocument();
  });

  test('audience poll shows a percentage on each option', async () => {
    const { h, step, lifeline } = await showPlay();
    await step(() => fireEvent.click(lifeline('Audience poll')));
    await step(() => h.server.answer.grantLifeline());
    expect(screen.getByRole('button', { name: /Mars/ })).toHaveTextContent('70%');
    expect(screen.getByRole('button', { name: /Venus/ })).toHaveTextContent('10%');
  });

  test('a refused lifeline is a toast with the spec text', async () => {
    const { h, step, lifeline } = await showPlay();
    await step(() => fireEvent.click(lifeline('Audience poll')));
    await step(() => h.server.answer.grantLifeline());
    await step(() => fireEvent.click(lifeline('50/50')));
    expect(await screen.findByText('50/50 unavailable after audience poll')).toBeInTheDocument();
    await step(() => fireEvent.click(lifeline('Skip')));
    await step(() => h.server.answer.refuseLifeline('not_enough_coins'));
    expect(await screen.findByText("you don't have enough coins")).toBeInTheDocument();
  });

  test('reset timer fills the clock again', async () => {
    const { h, step, lifeline } = await showPlay();
    await step(() => h.clock.increment(10_000));
    await step(() => fireEvent.click(lifeline('Reset timer')));
    await step(() => h.server.answer.grantLifeline());
    expect(screen.getByRole('timer', { name: 'Time left: 00:30' })).toBeInTheDocument();
  });

  test('has no lifeline bar in a mode without lifelines', async () => {
    await showPlay({ request: REQUESTS.daily_quiz, session: playSession({ mode: 'daily_quiz', lifelines: [] }) });
    expect(screen.getByText('Question 1 of 2')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Lifelines' })).not.toBeInTheDocument();
  });

  test('shows the session clock in self challenge', async () => {
    await showPlay({ request: REQUESTS.self_challenge, session: selfChallengeSession() });
    expect(screen.getByRole('timer', { name: 'Time left: 02:00' })).toBeInTheDocument();
  });
});

describe('the other screens of a play', () => {
  test('a loading skeleton, then "no questions found" when there are none', async () => {
    const { h, step } = await showPlay({}, false);
    expect(screen.getByRole('status')).toHaveTextContent('Loading questions…');
    await step(() => h.server.answer.loadFails('102'));
    expect(screen.getByText('no questions found')).toBeInTheDocument();
  });

  test('an error says what happened and retries', async () => {
    const { h, step } = await showPlay({ request: REQUESTS.daily_quiz }, false);
    await step(() => h.server.answer.loadFails('112'));
    expect(screen.getByRole('alert')).toHaveTextContent('you have already played');
    await step(() => fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
    expect(h.server.calls.loadSession.calls).toHaveLength(2);
  });

  test('the result shows score, coins earned, percentage, right and wrong counts and the level unlocked', async () => {
    const { h, step } = await showPlay({ session: playSession({ current_index: 1 }) });
    await step(() => fireEvent.keyDown(window, { key: 'a' }));
    await step(() => h.server.answer.grade(true));
    await step(() => fireEvent.click(screen.getByRole('button', { name: 'See the result' })));
    expect(screen.getByRole('status')).toHaveTextContent('Counting your result…');
    await step(() => h.server.answer.finish(playResult({ score: 20, coins_earned: 4, percentage: 70, correct: 7, wrong: 2, unanswered: 1, level_unlocked: 3 })));
    expect(screen.getByRole('heading', { name: 'Quiz finished' })).toBeInTheDocument();
    expect(screen.getByText('Well done, you passed!')).toBeInTheDocument();
    const value = (label: string) => screen.getByText(label).nextElementSibling?.textContent;
    expect(value('Score')).toBe('20');
    expect(value('Coins earned')).toBe('+4');
    expect(value('Percentage')).toBe('70%');
    expect(value('Right answers')).toBe('7');
    expect(value('Wrong answers')).toBe('2');
    expect(value('Not answered')).toBe('1');
    expect(screen.getByText('Level 3 unlocked!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Review answers (cost: 10 coins)' })).toBeInTheDocument();
  });

  test('a pass whose score is below zero is said plainly, never praised', async () => {
    const { h, step } = await showPlay({ session: playSession({ current_index: 1 }) });
    await step(() => fireEvent.keyDown(window, { key: 'a' }));
    await step(() => h.server.answer.grade(true));
    await step(() => fireEvent.click(screen.getByRole('button', { name: 'See the result' })));
    await step(() => h.server.answer.finish(playResult({ passed: true, score: -16, coins_earned: 0, percentage: 30, correct: 3, wrong: 7, unanswered: 0, level_unlocked: 2 })));
    // One story: the headline names the level it opened and the points lost; no second, cheering unlock banner.
    expect(screen.getByText('Level 2 unlocked, but you lost points')).toBeInTheDocument();
    expect(screen.queryByText('Well done, you passed!')).not.toBeInTheDocument();
    expect(screen.queryByText('Level 2 unlocked!')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveAttribute('data-verdict', 'passed-negative');
    expect(screen.getByText(/Each wrong answer takes away/)).toBeInTheDocument();
    expect(screen.getByLabelText('1 star of 3')).toBeInTheDocument();
  });

  test('a pass below zero that opened no level, and at a high share of right answers, still gets one star at most', async () => {
    const { h, step } = await showPlay({ session: playSession({ current_index: 1 }) });
    await step(() => fireEvent.keyDown(window, { key: 'a' }));
    await step(() => h.server.answer.grade(true));
    await step(() => fireEvent.click(screen.getByRole('button', { name: 'See the result' })));
    await step(() => h.server.answer.finish(playResult({ passed: true, score: -2, coins_earned: 0, percentage: 60, correct: 6, wrong: 4, unanswered: 0, level_unlocked: null })));
    expect(screen.getByText('Passed, but you lost points')).toBeInTheDocument();
    expect(screen.getByLabelText('1 star of 3')).toBeInTheDocument();
    // Without a next level, play again is the one primary and the review the secondary.
    const actions = screen.getByRole('button', { name: 'Play again' }).closest('[data-result-actions]') as HTMLElement;
    expect(within(actions).getAllByRole('button').map((b) => b.textContent)).toEqual(['Play again', expect.stringMatching(/^Review answers/)]);
  });

  test('the review lists each question with the answer given, the right one and the note', async () => {
    const { h, step } = await showPlay({ session: playSession({ current_index: 1 }) });
    await step(() => fireEvent.keyDown(window, { key: 'a' }));
    await step(() => h.server.answer.grade(true));
    await step(() => fireEvent.click(screen.getByRole('button', { name: 'See the result' })));
    await step(() => h.server.answer.finish(playResult({ review_cost: 0 })));
    await step(() => fireEvent.click(screen.getByRole('button', { name: 'Review answers' })));
    expect(screen.getByRole('status')).toHaveTextContent('Loading the review…');
    await step(() => h.server.answer.review(playReview({ 101: 'b', 102: null })));
    const cards = screen.getAllByRole('article');
    expect(cards[0]).toHaveTextContent('Which planet is known as the red planet?');
    expect(cards[0]).toHaveAttribute('data-review-status', 'wrong');
    expect(cards[0]).toHaveTextContent('Wrong');
    // The options as the play screen's tiles: the pick marked wrong, the right one right, the rest muted; the same in words for screen readers.
    const tiles = within(cards[0]!).getAllByRole('listitem').map((li) => li.firstElementChild as HTMLElement);
    expect(tiles.map((tile) => [tile.textContent, tile.getAttribute('data-status')])).toEqual([
      ['AVenus', 'muted'],
      ['BJupiterYour answer', 'wrong'],
      ['CMarsRight answer', 'right'],
      ['DSaturn', 'muted'],
    ]);
    expect(tiles.every((tile) => tile.tagName === 'DIV')).toBe(true);
    expect(cards[0]).toHaveTextContent('Your answer:B. Jupiter');
    expect(cards[0]).toHaveTextContent('Right answer:C. Mars');
    expect(cards[0]).toHaveTextContent('Note: Iron oxide dust makes Mars look red.');
    expect(cards[1]).toHaveTextContent('Your answer:Not answered');
    // The way back is at the top as well as at the bottom.
    expect(screen.getAllByRole('button', { name: 'Back to the result' })).toHaveLength(2);
    await step(() => fireEvent.click(screen.getAllByRole('button', { name: 'Back to the result' })[0]!));
    expect(screen.getByRole('heading', { name: 'Quiz finished' })).toBeInTheDocument();
  });

  test('a review the player cannot pay for says so, and leads back to the result', async () => {
    const { h, step } = await showPlay({ session: playSession({ current_index: 1 }) });
    await step(() => fireEvent.keyDown(window, { key: 'a' }));
    await step(() => h.server.answer.grade(true));
    await step(() => fireEvent.click(screen.getByRole('button', { name: 'See the result' })));
    await step(() => h.server.answer.finish());
    await step(() => fireEvent.click(screen.getByRole('button', { name: /Review answers/ })));
    await step(() => h.server.answer.reviewFails('not_enough_coins'));
    expect(screen.getByRole('alert')).toHaveTextContent("you don't have enough coins");
    await step(() => fireEvent.click(screen.getByRole('button', { name: 'Back to the result' })));
    expect(screen.getByRole('heading', { name: 'Quiz finished' })).toBeInTheDocument();
  });
});

describe('a ranked play (a running contest)', () => {
  async function showContest() {
    const h = startQuizPlay({ session: playSession({ mode: 'contest', lifelines: [], current_index: 1 }) });
    renderWithApp(<QuizPlayView actorRef={h.actor} slots={{ ranked: true }} />);
    await act(() => h.server.answer.load());
    const step = (fn: () => unknown) => act(async () => void (await fn()));
    return { h, step };
  }

  test('a wrong answer is told without the right one, which the server keeps until the contest ends', async () => {
    const { h, step } = await showContest();
    await step(() => fireEvent.keyDown(window, { key: 'a' }));
    await step(async () => {
      h.server.calls.submitAnswer.resolve({ ok: true, data: { correct: false, correct_answer: null, timed_out: false, current_index: 2, time_left_ms: 0, finished: true } });
      await flushPromises();
    });
    expect(screen.getAllByText('Wrong answer. The right answers are shown when the contest ends.').length).toBeGreaterThan(0);
    expect(screen.queryByText(/The right answer is/)).not.toBeInTheDocument();
  });

  test('the result speaks of score and rank, never of passing; no replay; the review waits for the end, with its time', async () => {
    const { h, step } = await showContest();
    await step(() => fireEvent.keyDown(window, { key: 'a' }));
    await step(() => h.server.answer.grade(false));
    await step(() => fireEvent.click(screen.getByRole('button', { name: 'See the result' })));
    const opens = new Date(Date.now() + 3 * 86_400_000).toISOString();
    await step(() => h.server.answer.finish(playResult({ passed: false, score: -8, correct: 0, wrong: 2, coins_earned: 0, level_unlocked: null, rank: 7, review_opens_at: opens })));
    // The negative score is isolated left to right (invisible marks), so no language shows it as "8-".
    expect(screen.getByText('You are #7 with \u2066-8\u2069 points')).toBeInTheDocument();
    expect(screen.queryByText(/passed/i)).not.toBeInTheDocument();
    expect(screen.queryByText('Coins earned')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Play again' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Review answers/ })).not.toBeInTheDocument();
    expect(screen.getByText(/^The answers can be reviewed when the contest ends, on .+\.$/)).toBeInTheDocument();
  });

  test('once the contest has ended, its review is offered', async () => {
    const { h, step } = await showContest();
    await step(() => fireEvent.keyDown(window, { key: 'a' }));
    await step(() => h.server.answer.grade(true));
    await step(() => fireEvent.click(screen.getByRole('button', { name: 'See the result' })));
    await step(() => h.server.answer.finish(playResult({ rank: 1, review_opens_at: new Date(Date.now() - 1000).toISOString() })));
    expect(screen.getByRole('button', { name: 'Review answers (cost: 10 coins)' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Play again' })).not.toBeInTheDocument();
  });
});

describe('QuizPlay', () => {
  test('starts a play from the machine a page provides', async () => {
    const services = {
      loadSession: jest.fn(async () => ({ ok: true as const, data: playSession() })),
      submitAnswer: jest.fn(async () => ({ ok: false as const, code: null })),
      useLifeline: jest.fn(async () => ({ ok: false as const, code: 'not_enough_coins' })),
      finishPlay: jest.fn(async () => ({ ok: false as const, code: null })),
      loadReview: jest.fn(async () => ({ ok: false as const, code: null })),
      useHint: jest.fn(async () => ({ ok: false as const, code: null })),
      startQuestionClock: jest.fn(async () => ({ ok: false as const, code: null })),
    };
    renderWithApp(<QuizPlay machine={createQuizPlayMachine(services)} input={{ request: REQUESTS.quiz_zone }} />);
    expect(await screen.findByText('Question 1 of 2')).toBeInTheDocument();
    expect(services.loadSession).toHaveBeenCalledWith(REQUESTS.quiz_zone);
    fireEvent.click(within(screen.getByRole('region', { name: 'Lifelines' })).getByRole('button', { name: /Skip/ }));
    expect(await screen.findByText("you don't have enough coins")).toBeInTheDocument();
    await act(flushPromises);
  });
});
