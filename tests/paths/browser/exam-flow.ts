import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { EventObject } from 'xstate';
import { EXAM_MODEL_CONFIGS, EXAM_MODEL_EVENTS, examModel, type ExamModelConfigName, type ExamModelEvent } from '@/machines/exam/exam.model';
import { BLUR_SETTLE_MS } from '@/machines/exam/violation-watcher.machine';
import { callApi } from '@/tests/e2e/support/player';
import { type BrowserFlow, browserPaths, type FlowRun, type ModelStep, press, shows, visible } from '@/tests/paths/browser/flow';

/**
 * The exam flow in the browser: two exams made for the model (two questions, marks 1 and 2, key
 * 2468), one whose answers can be changed and one whose answers are final and which asks for
 * fullscreen — the model's two configurations — each twice: once not started, once started on
 * another page before the path (the model's running exam). Loaded with the operator's
 * `import:schedule` before the paths run, on a server that does not shuffle questions.
 *
 * Played for real: the list, the key (empty, too short, right), the rules, answers, moving between
 * the questions, submit and confirm, violations (the page hidden and shown again, a window
 * switch, leaving fullscreen, the screenshot key, copy, paste, the context menu) and the
 * warning's dismissal; the list, the opening, each save, the submit and the result wait at the
 * network until the path says whether they go through or fail.
 *
 * Not drawn (no real way to cause them on demand): the server's refusals of a right key, an exam
 * already sat or over, an answer locked or saved after the end, the exam's time or the hidden
 * limit running out, the exam opened on another device, and the list's tabs (the model's exam is
 * on both, the real one on Today only).
 */

const TITLES: Record<ExamModelConfigName, string> = { changeable: 'Path exam: answers can change', final_fullscreen: 'Path exam: final answers, fullscreen' };
/** The model's list has an exam not started and one already running (started on another page): two exams per configuration. */
const RUNNING = ' (running)';
const titleOf = (config: string, status: 'not_started' | 'in_exam') => `${TITLES[config as ExamModelConfigName]}${status === 'in_exam' ? RUNNING : ''}`;
const KEY = '2468';

const SUPPORTED = new Set<ExamModelEvent['type']>([
  'api.list_loaded',
  'api.list_failed',
  'user.retry',
  'user.open',
  'user.enter_key',
  'user.start',
  'user.back',
  'user.cancel',
  'api.opened',
  'api.start_failed',
  'user.answer',
  'user.goto',
  'api.saved',
  'api.save_failed',
  'user.submit',
  'user.confirm',
  'user.dismiss',
  'page.violation',
  'page.hidden',
  'page.visible',
  'api.submitted',
  'api.submit_failed',
  'api.result_loaded',
  'api.result_failed',
]);

function scheduleFile(): string {
  const exam = (config: ExamModelConfigName, status: 'not_started' | 'in_exam') => ({
    key: `paths.${config}.${status}`,
    title: titleOf(config, status),
    starts: '-1h',
    ends: '+7d',
    duration: 60,
    exam_key: KEY,
    answer_again: EXAM_MODEL_CONFIGS[config].answerAgain,
    fullscreen: EXAM_MODEL_CONFIGS[config].fullscreen,
    questions: [
      { marks: 1, question: 'Which planet is known as the red planet?', options: ['Venus', 'Mars', 'Jupiter', 'Saturn'], answer: 1 },
      { marks: 2, question: 'Water boils at 100 °C at sea level.', type: 'boolean', options: ['True', 'False'], answer: 0 },
    ],
  });
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'qa-paths-')), 'exams.json');
  fs.writeFileSync(file, JSON.stringify({ language: 'en', contests: [], exams: (['changeable', 'final_fullscreen'] as const).flatMap((c) => [exam(c, 'not_started'), exam(c, 'in_exam')]) }));
  return file;
}

const status = (page: Page) => page.getByRole('status').filter({ hasNotText: /^$/ });
const answers = (page: Page) => page.getByRole('group', { name: 'Answers' }).getByRole('button');

async function setVisibility(page: Page, hidden: boolean) {
  // A script as text: the test's compiler would wrap a function's inner functions in a helper the page does not have.
  await page.evaluate(`(() => {
    const hidden = ${hidden};
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
    document.dispatchEvent(new Event('visibilitychange'));
  })()`);
}

async function violation(page: Page, kind: string) {
  const area = page.getByRole('group', { name: 'Answers' }).getByRole('button').first();
  switch (kind) {
    case 'window_blur':
      await page.evaluate(`window.dispatchEvent(new Event('blur'))`);
      // A blur counts once it is clear the page was not hidden with it.
      await page.waitForTimeout(BLUR_SETTLE_MS + 150);
      return;
    case 'fullscreen_exit':
      await page.evaluate(`document.dispatchEvent(new Event('fullscreenchange'))`);
      return;
    case 'screenshot_key':
      await page.keyboard.press('PrintScreen');
      return;
    case 'context_menu':
      // The options may be off (an answer being saved): a right click reaches them all the same.
      await area.click({ button: 'right', force: true });
      return;
    default:
      await area.dispatchEvent(kind === 'paste' ? 'paste' : 'copy', {}, { timeout: 2000 });
  }
}

export const examFlow: BrowserFlow = {
  flow: 'exam',
  machine: 'exam',
  configs: Object.keys(EXAM_MODEL_CONFIGS),
  paths: (config) => browserPaths(examModel, EXAM_MODEL_EVENTS, EXAM_MODEL_CONFIGS[config as ExamModelConfigName], (e) => examFlow.supports(e)),
  supports: (event: EventObject) => {
    const e = event as ExamModelEvent;
    // An exam sat to the end leaves Today for the Completed list, which the model does not have.
    if (e.type === 'user.open') return e.status !== 'completed';
    return SUPPORTED.has(e.type);
  },
  gated: ['get_exam_module', 'get_exam_module_questions', 'set_exam_answer', 'set_exam_module_result', 'get_exam_module_result'],
  // The model's questions in the model's order (marks 1, then 2).
  settings: { question_shuffle_mode: '0' },
  setup: () => [{ script: 'import-schedule', args: [scheduleFile()] }],
  // Once an exam was opened, the model's list still offers exams in their first status; the real one has moved on.
  playable: (p) => {
    const opened = p.steps.findIndex((s) => s.event.type === 'api.opened');
    return opened < 0 || !p.steps.slice(opened).some((s) => s.event.type === 'user.open');
  },
  async open({ page, server, player, config }) {
    // The running exam: started by this player on another page before this one opens.
    const list = await callApi<{ id: number; title: string }[]>(server, 'get_exam_module', { type: 1, timezone: 'UTC', offset: 0, limit: 50 }, player.token);
    const running = list.data.find((x) => x.title === titleOf(config, 'in_exam'));
    if (!running) throw new Error(`no exam "${titleOf(config, 'in_exam')}" on the list: ${JSON.stringify(list)}`);
    const opened = await callApi(server, 'get_exam_module_questions', { exam_module_id: running.id, exam_key: KEY, rules_agreed: 1, client_id: 'another-page' }, player.token);
    if (opened.error) throw new Error(`the running exam could not be started: ${JSON.stringify(opened)}`);
    await page.goto(`${server.url}/exam-module/`);
  },
  async send(event, run) {
    const { page, gate, config } = run;
    const e = event as ExamModelEvent;
    const exam = (status: 'not_started' | 'in_exam') => page.getByRole('article', { name: titleOf(config, status) });
    const click = (name: string | RegExp) => page.getByRole('button', { name }).first().click();
    switch (e.type) {
      case 'api.list_loaded':
        return gate.release('get_exam_module');
      case 'api.list_failed':
        return gate.fail('get_exam_module');
      case 'api.opened':
        return gate.release('get_exam_module_questions');
      case 'api.start_failed':
        return gate.fail('get_exam_module_questions');
      case 'api.saved':
        return gate.release('set_exam_answer');
      case 'api.save_failed':
        return gate.fail('set_exam_answer');
      case 'api.submitted':
        return gate.release('set_exam_module_result');
      case 'api.submit_failed':
        return gate.fail('set_exam_module_result');
      case 'api.result_loaded':
        return gate.release('get_exam_module_result');
      case 'api.result_failed':
        return gate.fail('get_exam_module_result');
      case 'user.retry':
        return click('Try again');
      case 'user.open':
        if (e.status === 'in_exam') return exam('in_exam').getByRole('button', { name: 'Resume the exam' }).click();
        return exam('not_started').getByRole('button', { name: 'Start the exam' }).click();
      case 'user.enter_key':
        await page.getByRole('textbox', { name: 'Exam key' }).fill(e.key);
        return click('Continue');
      case 'user.start': {
        const box = page.getByRole('checkbox', { name: 'I have read and agree to the exam rules' });
        if ((await box.isChecked()) !== e.agreed) await box.click();
        return click('Start now');
      }
      case 'user.back':
        return click((await visible(page.getByRole('heading', { name: 'Exam rules' }))) ? /^Back$/ : 'Back to the exams');
      case 'user.cancel':
        if (await visible(page.getByRole('alertdialog'))) return page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
        if (await visible(page.getByText(/Your answer could not be saved/))) return click('Cancel');
        return click('Back to the exams');
      case 'user.answer': {
        // The first option not chosen yet: an answer that changes (or a first one).
        const index = Number(run.memo.index ?? 0);
        const chosen = (run.memo.chosen as Record<number, number> | undefined) ?? {};
        const pick = chosen[index] === 0 ? 1 : 0;
        run.memo.chosen = { ...chosen, [index]: pick };
        // A final answer leaves the other options off: the press goes nowhere, as the model says.
        return press(answers(page).nth(pick));
      }
      case 'user.goto': {
        const to = 1 - Number(run.memo.index ?? 0);
        run.memo.index = to;
        return click(new RegExp(`^Question ${to + 1},`));
      }
      case 'user.submit':
        return click('Submit the exam');
      case 'user.confirm':
        return page.getByRole('alertdialog').getByRole('button', { name: 'Submit the exam' }).click();
      case 'user.dismiss':
        return click('I understand');
      case 'page.violation':
        return violation(page, e.kind);
      case 'page.hidden':
        return setVisibility(page, true);
      case 'page.visible':
        return setVisibility(page, false);
      default:
        throw new Error(`the exam flow cannot cause ${e.type} in the browser`);
    }
  },
  async check(state: ModelStep['state'], run: FlowRun) {
    const { page, config } = run;
    const s = state as unknown as { matches(v: unknown): boolean; context: { index: number; answered: readonly boolean[]; error: string | null; answerAgain: boolean } };
    if (!s.matches('inExam')) run.memo.index = 0;
    if (s.matches({ list: 'loading' })) return shows(status(page).filter({ hasText: 'Loading' }), '"Loading" while the list loads');
    if (s.matches({ list: 'failed' }) || s.matches('submitFailed') || s.matches('resultFailed')) return shows(page.getByRole('alert').filter({ hasText: 'Try again' }), 'an alert with "Try again"');
    if (s.matches({ list: 'ready' })) {
      return (await shows(page.getByRole('article', { name: titleOf(config, 'not_started') }), `the exam "${titleOf(config, 'not_started')}" on the list`)) ?? shows(page.getByRole('article', { name: titleOf(config, 'in_exam') }), 'the running exam on the list');
    }
    if (s.matches('keyEntry')) {
      const error = { exam_key_required: 'please enter the exam key', exam_key_invalid: 'invalid exam key' }[s.context.error ?? ''];
      return (await shows(page.getByRole('textbox', { name: 'Exam key' }), 'the exam key field')) ?? (error ? shows(page.getByText(error), `"${error}"`) : null);
    }
    if (s.matches('rules')) {
      const heading = await shows(page.getByRole('heading', { name: 'Exam rules' }), 'the exam rules');
      return heading ?? (s.context.error ? shows(page.getByText('please agree to the exam rules'), '"please agree to the exam rules"') : null);
    }
    if (s.matches('starting')) return shows(status(page).filter({ hasText: 'Opening the exam…' }), '"Opening the exam…"');
    if (s.matches('startFailed')) return shows(page.getByText('The exam could not start'), '"The exam could not start"');
    if (s.matches('submitting') || s.matches('loadingResult')) return shows(status(page).filter({ hasText: 'Grading your exam…' }), '"Grading your exam…"');
    if (s.matches('result')) return shows(page.getByRole('heading', { name: /^Result: Path exam/ }), 'the result heading');
    if (!s.matches('inExam')) return `no check for ${JSON.stringify(state.value)}`;
    const { index, answered } = s.context;
    const problems = [
      await shows(page.getByText(`Question ${index + 1} of 2 · Marks: ${index + 1}`), `question ${index + 1} of 2`),
      await shows(page.getByText(`${answered.filter(Boolean).length} of 2 answered`), `${answered.filter(Boolean).length} of 2 answered`),
      await shows(page.getByRole('timer', { name: /^Time left in the exam: / }), 'the exam timer'),
    ];
    const warning = s.matches({ inExam: { alert: 'warning' } });
    if ((await visible(page.getByRole('button', { name: 'I understand' }))) !== warning) problems.push(warning ? 'expected the violation warning' : 'a violation warning the model does not expect');
    const confirming = s.matches({ inExam: { work: 'confirming' } });
    if ((await visible(page.getByRole('alertdialog'))) !== confirming) problems.push(confirming ? 'expected the submit confirmation' : 'a submit confirmation the model does not expect');
    if (s.matches({ inExam: { work: 'saving' } })) problems.push(await shows(page.getByText('Saving your answer…'), '"Saving your answer…"'));
    if (s.matches({ inExam: { work: 'answerFailed' } })) problems.push(await shows(page.getByText(/Your answer could not be saved/), '"Your answer could not be saved"'));
    if (s.matches({ inExam: { work: 'answering' } }) && !s.context.answerAgain && answered[index]) {
      problems.push(await shows(page.getByText('Your answer is saved and cannot be changed.'), '"Your answer is saved and cannot be changed."'));
    }
    return problems.filter(Boolean).join('; ') || null;
  },
};
