/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { ExamView } from '@/components/exam/exam-view';
import { renderWithApp, resetApp } from '@/components/testing/test-app';
import { EXAM_MODEL_CONFIGS, examModelPaths, type ExamModelConfigName } from '@/machines/exam/exam.model';
import { pathRows } from '@/machines/testing/paths';
import { startExam, type ExamHarness } from '@/tests/fakes/fake-exam-server';
import { examViewPaths, runExamPath, type ExamPlayer, type ExamViewChecks } from '@/tests/paths/exam-paths';

/**
 * Exam model paths played through the real views: the player's events are clicks and typing,
 * and every state of every path is also checked on the screen. One path per state value of the
 * model (the shortest through it), in both configurations.
 */

const TITLES: Record<number, { title: string; action: string }> = {
  1: { title: 'Science basics', action: 'Start the exam' },
  2: { title: 'Running', action: 'Resume the exam' },
  3: { title: 'Done', action: 'See the result' },
};

function screenPlayer(h: ExamHarness): ExamPlayer {
  const click = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));
  const inDialog = () => within(screen.getByRole('alertdialog'));
  return {
    tab: () => fireEvent.click(screen.getByRole('tab', { name: h.context().listType === 'today' ? 'Upcoming' : 'Today' })),
    open: (examId) => fireEvent.click(within(screen.getByRole('article', { name: TITLES[examId]!.title })).getByRole('button', { name: TITLES[examId]!.action })),
    enterKey: (key) => {
      fireEvent.change(screen.getByRole('textbox', { name: 'Exam key' }), { target: { value: key } });
      click('Continue');
    },
    start: (agreed) => {
      const box = screen.getByRole('checkbox', { name: 'I have read and agree to the exam rules' }) as HTMLInputElement;
      if (box.checked !== agreed) fireEvent.click(box);
      click('Start now');
    },
    answer: (key) => {
      const question = h.context().session!.questions[h.context().index]!;
      const position = question.options.findIndex((o) => o.key === key);
      fireEvent.click(within(screen.getByRole('group', { name: 'Answers' })).getAllByRole('button')[position]!);
    },
    goto: (index) => click(new RegExp(`^Question ${index + 1},`)),
    submit: () => click('Submit the exam'),
    confirm: () => fireEvent.click(inDialog().getByRole('button', { name: 'Submit the exam' })),
    cancel: () => {
      const s = h.snapshot();
      if (s.matches({ inExam: { work: 'confirming' } })) fireEvent.click(inDialog().getByRole('button', { name: 'Cancel' }));
      else if (s.matches({ inExam: { work: 'answerFailed' } })) click('Cancel');
      else click('Back to the exams');
    },
    dismiss: () => click('I understand'),
    retry: () => click('Try again'),
    back: () => click(h.snapshot().matches('rules') ? 'Back' : 'Back to the exams'),
  };
}

const status = () => screen.getByRole('status');

const checks: ExamViewChecks = {
  check(expected, h) {
    if (expected.matches({ list: 'loading' })) expect(status()).toHaveTextContent('Loading');
    else if (expected.matches({ list: 'failed' }) || expected.matches('submitFailed') || expected.matches('resultFailed')) {
      expect(screen.getByRole('alert')).toHaveTextContent('Try again');
    } else if (expected.matches({ list: 'ready' })) expect(screen.getByRole('article', { name: 'Science basics' })).toBeInTheDocument();
    else if (expected.matches('keyEntry')) {
      expect(screen.getByRole('textbox', { name: 'Exam key' })).toBeInTheDocument();
      const error = { exam_key_required: 'please enter the exam key', exam_key_invalid: 'invalid exam key' }[expected.context.error ?? ''];
      if (error) expect(screen.getByText(error)).toBeInTheDocument();
    } else if (expected.matches('rules')) {
      expect(screen.getByRole('heading', { name: 'Exam rules' })).toBeInTheDocument();
      if (expected.context.error) expect(screen.getByText('please agree to the exam rules')).toBeInTheDocument();
    } else if (expected.matches('starting')) expect(status()).toHaveTextContent('Opening the exam…');
    else if (expected.matches('startFailed')) expect(screen.getByText('The exam could not start')).toBeInTheDocument();
    else if (expected.matches('refused')) expect(screen.getByText(/this exam is over|this exam goes on in another tab or device/)).toBeInTheDocument();
    else if (expected.matches('submitting') || expected.matches('loadingResult')) expect(status()).toHaveTextContent('Grading your exam…');
    else if (expected.matches('result')) expect(screen.getByRole('heading', { name: 'Result: Science basics' })).toBeInTheDocument();
    else {
      const { index, answered } = expected.context;
      expect(screen.getByText(`Question ${index + 1} of 2 · Marks: ${index + 1}`)).toBeInTheDocument();
      expect(screen.getByText(`${answered.filter(Boolean).length} of 2 answered`)).toBeInTheDocument();
      expect(screen.getByRole('timer', { name: /^Time left in the exam: / })).toBeInTheDocument();
      const warning = expected.matches({ inExam: { alert: 'warning' } });
      expect(screen.queryByRole('button', { name: 'I understand' }) !== null).toBe(warning);
      if (warning && h.context().warning === 'screenshot_key') expect(screen.getByText('screen recording is prohibited')).toBeInTheDocument();
      // The warning is announced: it is the text of the page's assertive live region (role alert).
      const announced = [...document.querySelectorAll('[role="alert"][aria-live="assertive"]')].map((n) => n.textContent ?? '').join(' ');
      if (warning) expect(announced).toMatch(/This was recorded\.|screen recording is prohibited/);
      else expect(announced).not.toMatch(/This was recorded\./);
      expect(screen.queryByRole('alertdialog') !== null).toBe(expected.matches({ inExam: { work: 'confirming' } }));
      if (expected.matches({ inExam: { work: 'saving' } })) expect(screen.getByText('Saving your answer…')).toBeInTheDocument();
      if (expected.matches({ inExam: { work: 'answerFailed' } })) expect(screen.getByText(/Your answer could not be saved/)).toBeInTheDocument();
      // An answer that cannot be changed shows so, and its other options are off.
      if (expected.matches({ inExam: { work: 'answering' } }) && !expected.context.answerAgain && answered[index]) {
        expect(screen.getByText('Your answer is saved and cannot be changed.')).toBeInTheDocument();
      }
    }
  },
};

beforeEach(async () => {
  await resetApp();
});

describe.each(Object.keys(EXAM_MODEL_CONFIGS) as ExamModelConfigName[])('exam model paths through the views (%s)', (config) => {
  test.each(pathRows('exam', config, examViewPaths(examModelPaths(config))))('%s', async (_name, path) => {
    const h = startExam();
    const { unmount } = renderWithApp(<ExamView actorRef={h.actor} hiddenLimitSeconds={5} resumeMinutes={5} />);
    await runExamPath(path, h, { player: screenPlayer(h), view: checks, wrap: (step) => act(async () => void (await step())) });
    unmount();
    h.actor.stop();
  });
});

describe('the exam result', () => {
  test('counts by marks as one block per mark (no table to cut on a phone), and violation times to the second', async () => {
    const h = startExam();
    renderWithApp(<ExamView actorRef={h.actor} hiddenLimitSeconds={5} resumeMinutes={5} />);
    await act(() => h.server.answer.list());
    fireEvent.click(within(screen.getByRole('article', { name: 'Done' })).getByRole('button', { name: 'See the result' }));
    await act(() =>
      h.server.answer.result({
        violations: [
          { kind: 'page_hidden', at: '2026-01-01T10:00:07.000Z', duration_ms: 2100, question_id: 11 },
          { kind: 'copy', at: '2026-01-01T10:00:43.000Z', duration_ms: null, question_id: 12 },
        ],
      }),
    );
    expect(screen.getByRole('heading', { name: 'Result: Science basics' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const blocks = within(screen.getByRole('list', { name: 'By marks per question' })).getAllByRole('listitem');
    expect(blocks.map((b) => b.querySelector('h3')?.textContent)).toEqual(['Worth 1 per question', 'Worth 2 per question']);
    const counts = (block: HTMLElement) => [...block.querySelectorAll('dt')].map((dt) => `${dt.textContent}=${dt.nextElementSibling?.textContent ?? dt.parentElement?.querySelector('dd')?.textContent}`);
    expect(counts(blocks[1]!)).toEqual(['Questions=1', 'Right answers=0', 'Wrong answers=1', 'Not answered=0']);
    const times = within(screen.getByRole('list', { name: 'Violations recorded: 2' })).getAllByRole('listitem').map((li) => li.querySelector('time')!.textContent);
    const second = (iso: string) => new Intl.DateTimeFormat('en', { timeStyle: 'medium' }).format(new Date(iso));
    expect(times).toEqual([second('2026-01-01T10:00:07.000Z'), second('2026-01-01T10:00:43.000Z')]);
    expect(times[0]).toMatch(/:07\b/);
  });
});
