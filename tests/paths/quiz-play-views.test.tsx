/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { showRefusalToast } from '@/components/quiz-play/quiz-play';
import { QuizPlayView } from '@/components/quiz-play/quiz-play-view';
import { renderWithApp, resetApp } from '@/components/testing/test-app';
import type { ModelConfigName } from '@/machines/quiz-play/quiz-play.model';
import { pathRows } from '@/machines/testing/paths';
import { i18n } from '@/services/client/i18n';
import { refusalMessageKey, type Lifeline } from '@/services/domain/lifelines';
import { wordLetters } from '@/services/domain/word';
import { audioSession, playSession, REQUESTS, RIGHT, selfChallengeSession, startQuizPlay, wordSession, type QuizPlayHarness } from '@/tests/fakes/fake-play-server';
import { firstOpenOption, runQuizPlayPath, VIEW_CONFIGS, viewPaths, type PlayerDriver, type ViewChecks } from '@/tests/paths/quiz-play-paths';

// A new question takes the focus once the browser has drawn it (components/ui/after-paint.ts, tested
// there); these checks run right after each step, so here it moves at once.
jest.mock('@/components/ui/after-paint', () => ({
  afterNextPaint: (fn: () => void) => {
    fn();
    return () => {};
  },
}));

/**
 * Model paths played through the real views: the player's events are clicks and key presses,
 * and every state of every path is also checked on the screen. One path per state of the model
 * (the shortest that passes through it), and the paths where each lifeline refusal first shows.
 */

const TOP_LEVEL_TEXT = {
  loading: 'Loading questions…',
  finishing: 'Counting your result…',
  reviewing: 'Loading the review…',
} as const;

const LIFELINE_NAMES: Record<Lifeline, string> = { fifty_fifty: '50/50', audience_poll: 'Audience poll', reset_timer: 'Reset timer', skip: 'Skip' };

function screenPlayer(h: QuizPlayHarness): PlayerDriver {
  const click = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));
  const audio = () => document.querySelector('audio')!;
  return {
    // The answer goes by key: the first option still open, by its number; a word is typed.
    answer: () => {
      const { session, index, hints } = h.context();
      const question = session?.questions[index];
      if (question?.question_type === 'word') {
        // The letters of the places no hint filled, typed; then Enter.
        const revealed = new Set(hints.map((x) => x.index));
        wordLetters(RIGHT[question.id]!, 'plain').forEach((letter, i) => {
          if (!revealed.has(i)) fireEvent.keyDown(window, { key: letter.toLowerCase() });
        });
        fireEvent.keyDown(window, { key: 'Enter' });
        return;
      }
      const open = screen.queryByRole('region', { name: 'Answers' });
      const buttons = open ? within(open).getAllByRole('button') : [];
      const position = buttons.findIndex((b) => !(b as HTMLButtonElement).disabled);
      fireEvent.keyDown(window, { key: String((position < 0 ? 0 : position) + 1) });
    },
    lifeline: (l) => fireEvent.click(within(screen.getByRole('region', { name: 'Lifelines' })).getByRole('button', { name: new RegExp(LIFELINE_NAMES[l]) })),
    // A hint is offered while the word is open; in other modes there is no button to press.
    hint: () => {
      const button = screen.queryByRole('button', { name: /^Hint/ });
      if (button) fireEvent.click(button);
    },
    mediaReady: () => fireEvent.canPlay(audio()),
    mediaFailed: () => fireEvent.error(audio()),
    next: () => click(/^(Next question|See the result)$/),
    retry: () => click('Try again'),
    review: () => click(/^Review answers/),
    // The review has its way back at the top and at the bottom; a failed review has one.
    back: () => fireEvent.click(screen.getAllByRole('button', { name: 'Back to the result' })[0]!),
    playAgain: () => click('Play again'),
  };
}

const screenChecks: ViewChecks = {
  refused(notice) {
    // The toast, in the spec's words.
    expect(screen.getByText(i18n.t(refusalMessageKey(notice.lifeline, notice.code)))).toBeInTheDocument();
  },
  check(expected, h: QuizPlayHarness) {
    const value = expected.value;
    if (value === 'loading' || value === 'finishing' || value === 'reviewing') {
      expect(screen.getByRole('status')).toHaveTextContent(TOP_LEVEL_TEXT[value]);
    } else if (value === 'failed') {
      expect(screen.getByText('The quiz could not start')).toBeInTheDocument();
    } else if (value === 'empty') {
      expect(screen.getByText('no questions found')).toBeInTheDocument();
    } else if (value === 'finishFailed' || value === 'reviewFailed') {
      expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong');
      expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    } else if (value === 'result') {
      expect(screen.getByRole('heading', { name: 'Quiz finished' })).toBeInTheDocument();
    } else if (value === 'review') {
      expect(screen.getByRole('heading', { name: 'Review answers' })).toBeInTheDocument();
      expect(screen.getByText('Iron oxide dust makes Mars look red.')).toBeInTheDocument();
    } else if (expected.context.hints > 0 && !expected.matches({ playing: 'feedback' })) {
      // A word on screen: tiles and the hint button open only while the word is.
      const { index, hintsUsed, hintRefused } = expected.context;
      expect(screen.getByText(`Question ${index + 1} of 2`)).toBeInTheDocument();
      const tiles = within(screen.getByRole('group', { name: 'Letter tiles' })).getAllByRole('button');
      const open = expected.matches({ playing: { question: 'answering' } });
      expect(tiles.some((b) => !(b as HTMLButtonElement).disabled)).toBe(open);
      const hint = screen.getByRole('button', { name: /^Hint/ });
      // Its name says the cost and what is left; the button itself shows the count.
      expect(hint).toHaveAccessibleName(new RegExp(`${2 - hintsUsed} left`));
      expect(hint).toHaveTextContent(`Hint (${2 - hintsUsed})`);
      expect((hint as HTMLButtonElement).disabled).toBe(!open || hintsUsed >= 2);
      if (open) expect(screen.queryByRole('alert') !== null).toBe(hintRefused);
      if (expected.matches({ playing: { question: 'submitting' } })) expect(screen.getByText('Checking your answer…')).toBeInTheDocument();
    } else {
      // On the question screen.
      const { index, onQuestion } = expected.context;
      expect(screen.getByText(`Question ${index + 1} of 2`)).toBeInTheDocument();
      if (expected.context.audio) {
        expect(screen.getByRole('button', { name: 'Play' })).toBeInTheDocument();
        expect(screen.queryByText(/your time starts when it is ready/) !== null).toBe(expected.matches({ playing: { question: 'waitingAudio' } }));
      }
      if (expected.matches({ playing: 'feedback' }) && expected.context.hints > 0) {
        expect(screen.getByRole('button', { name: expected.context.finished ? 'See the result' : 'Next question' })).toBeInTheDocument();
        return;
      }
      const buttons = within(screen.getByRole('region', { name: 'Answers' })).getAllByRole('button');
      const enabled = buttons.filter((b) => !(b as HTMLButtonElement).disabled);
      const open = (['answering', 'waitingAudio', 'startingClock'] as const).some((step) => expected.matches({ playing: { question: step } }));
      if (open) {
        expect(enabled).toHaveLength(buttons.length - (onQuestion === 'fifty_fifty' ? 2 : 0));
        // Each new question takes the focus: a screen reader reads it, the keys start from it.
        expect(document.activeElement).toHaveAttribute('id', 'question-text');
        if (onQuestion === 'audience_poll') expect(buttons[0]).toHaveTextContent('%');
      } else {
        expect(enabled).toHaveLength(0);
      }
      if (expected.matches({ playing: { question: 'submitting' } })) expect(screen.getByText('Checking your answer…')).toBeInTheDocument();
      if (expected.matches({ playing: 'feedback' })) {
        expect(screen.getByRole('button', { name: expected.context.finished ? 'See the result' : 'Next question' })).toBeInTheDocument();
        expect(document.querySelector('[aria-live="polite"]')?.textContent).toMatch(/Correct!|Wrong answer|Time's up/);
      }
      expect(screen.queryByRole('region', { name: 'Lifelines' }) !== null).toBe(expected.context.lifelines);
      // The machine's open option is the one the screen offers first.
      if (enabled.length) expect(enabled[0]).toHaveTextContent(h.context().session!.questions[index]!.options[firstOpenOption(h).position]!.text);
    }
  },
};

const START: Record<ModelConfigName, () => QuizPlayHarness> = {
  quiz_zone: () => startQuizPlay({ onRefusal: (n) => showRefusalToast(n, i18n.t) }),
  daily_quiz: () => startQuizPlay({ request: REQUESTS.daily_quiz, session: playSession({ mode: 'daily_quiz', lifelines: [] }), onRefusal: (n) => showRefusalToast(n, i18n.t) }),
  self_challenge: () => startQuizPlay({ request: REQUESTS.self_challenge, session: selfChallengeSession() }),
  guess_the_word: () => startQuizPlay({ request: REQUESTS.guess_the_word, session: wordSession() }),
  audio: () => startQuizPlay({ request: REQUESTS.audio, session: audioSession() }),
};

beforeEach(async () => {
  await resetApp();
});

describe.each(VIEW_CONFIGS)('model paths through the play views (%s)', (config) => {
  test.each(pathRows('quiz-play', config, viewPaths(config)))('%s', async (_name, path) => {
    const h = START[config]();
    const { unmount } = renderWithApp(<QuizPlayView actorRef={h.actor} />);
    await runQuizPlayPath(path, h, {
      player: screenPlayer(h),
      view: screenChecks,
      wrap: (step) => act(async () => void (await step())),
    });
    unmount();
    h.actor.stop();
  });
});
