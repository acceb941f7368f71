import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { EventObject } from 'xstate';
import { MODEL_CONFIGS, QUIZ_PLAY_MODEL_EVENTS, quizPlayModel, type ModelConfigName, type QuizPlayModelContext, type QuizPlayModelEvent } from '@/machines/quiz-play/quiz-play.model';
import type { Lifeline } from '@/services/domain/lifelines';
import { type BrowserFlow, browserPaths, buttonsOf, type FlowRun, type ModelStep, press, shows, visible } from '@/tests/paths/browser/flow';
import type { PathLike } from '@/tests/paths/registry';

/**
 * Solo play in the browser: a quiz-zone level made for the model — a multiple-choice question,
 * then a true/false one — imported with the operator's `npm run import`, on a server that does
 * not shuffle the questions (`question_shuffle_mode` off), so the page plays the model's session.
 *
 * Played for real: loading, answering right or wrong (the right option is known from the file
 * written here, never from the page), every lifeline, next, the result, the review, back and play
 * again; the opening, each answer, each lifeline, the finish and the review wait at the network
 * until the path says whether they go through or fail.
 *
 * Not drawn: the clock running out (the question's 30 s in real time), late answers, a server
 * without questions, a lifeline refused for want of coins, and the modes with hints or audio
 * (their configurations). Nor a path that reloads the play after a failed answer once the play
 * had moved on (the model starts such a reload from a fresh session; the real server resumes the
 * session where it stood — the unit tests cover resuming).
 */

const CATEGORY = 'Path quiz';
const SUBCATEGORY = 'Two questions';
const QUESTIONS = [
  { type: 'multiple', question: 'Which planet is closest to the Sun?', options: ['Venus', 'Mercury', 'Mars', 'Earth'], answer: 'b', right: 'Mercury' },
  { type: 'boolean', question: 'The Moon gives off its own light.', options: [], answer: 'false', right: 'False' },
] as const;

/** The right answer of each question this flow imports, by its text (other flows' paths may meet them: one server plays every flow). */
export const QUIZ_FLOW_ANSWERS: ReadonlyMap<string, string> = new Map(QUESTIONS.map((q) => [q.question, q.right]));

const LIFELINE_NAMES: Record<Lifeline, string> = { fifty_fifty: '50/50', audience_poll: 'Audience poll', reset_timer: 'Reset timer', skip: 'Skip' };

const SUPPORTED = new Set<QuizPlayModelEvent['type']>([
  'api.loaded',
  'api.failed',
  'user.retry',
  'user.answer',
  'api.answered',
  'api.submit_failed',
  'user.next',
  'user.lifeline',
  'api.lifeline_granted',
  'api.finished',
  'api.finish_failed',
  'user.review',
  'api.reviewed',
  'api.review_failed',
  'user.back',
  'user.play_again',
]);

function csvFile(): string {
  const cell = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  const lines = ['language,category,subcategory,type,level,question,option_a,option_b,option_c,option_d,answer'];
  for (const q of QUESTIONS) {
    const options = [...q.options, '', '', '', ''].slice(0, 4);
    lines.push(['en', CATEGORY, SUBCATEGORY, q.type, '1', q.question, ...options, q.answer].map(cell).join(','));
  }
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'qa-paths-')), 'quiz.csv');
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

/** A reload after a failed answer, once the play had moved on (see above). */
function reloadsAfterProgress(p: PathLike): boolean {
  let progressed = false;
  let failedSubmit = false;
  for (const { event, state } of p.steps) {
    const c = state.context as QuizPlayModelContext | undefined;
    if (event.type === 'user.play_again') progressed = false;
    if (event.type === 'api.submit_failed' && progressed) failedSubmit = true;
    if (event.type === 'api.loaded' && failedSubmit) return true;
    if (c && (c.index > 0 || c.used.length > 0)) progressed = true;
  }
  return false;
}

const answers = (page: Page) => page.getByRole('region', { name: 'Answers' }).getByRole('button');
/** Each server's level page, as a player found it (two servers play at once). */
const levelUrls = new Map<string, string>();

export const quizFlow: BrowserFlow = {
  flow: 'quiz',
  machine: 'quiz-play',
  configs: ['quiz_zone'],
  paths: (config) => browserPaths(quizPlayModel, QUIZ_PLAY_MODEL_EVENTS, MODEL_CONFIGS[config as ModelConfigName], (e) => SUPPORTED.has(e.type as QuizPlayModelEvent['type'])),
  playable: (p) => !reloadsAfterProgress(p),
  supports: (event: EventObject) => SUPPORTED.has(event.type as QuizPlayModelEvent['type']),
  gated: ['get_questions_by_level', 'submit_answer', 'use_lifeline', 'finish_play', 'get_play_review'],
  settings: { question_shuffle_mode: '0' },
  setup: () => [{ script: 'import', args: [csvFile()] }],
  async open({ page, server }) {
    const levelUrl = levelUrls.get(server.url);
    if (!levelUrl) {
      // Found once per server, as a player finds it.
      await page.goto(`${server.url}/quiz-zone/`);
      await page.getByRole('link', { name: new RegExp(CATEGORY) }).click();
      await page.getByRole('link', { name: new RegExp(SUBCATEGORY) }).click();
      await page.getByRole('link', { name: /Level 1/ }).click();
      await page.waitForURL(/\/level\/1\/$/);
      levelUrls.set(server.url, page.url());
      return;
    }
    await page.goto(levelUrl);
  },
  async send(event, run) {
    const { page, gate } = run;
    const e = event as QuizPlayModelEvent;
    const click = (name: string | RegExp) => page.getByRole('button', { name }).first().click();
    switch (e.type) {
      case 'api.loaded':
        return gate.release('get_questions_by_level');
      case 'api.failed':
        return gate.fail('get_questions_by_level');
      case 'api.answered':
        return gate.release('submit_answer');
      case 'api.submit_failed':
        return gate.fail('submit_answer');
      case 'api.lifeline_granted':
        return gate.release('use_lifeline');
      case 'api.finished':
        return gate.release('finish_play');
      case 'api.finish_failed':
        return gate.fail('finish_play');
      case 'api.reviewed':
        return gate.release('get_play_review');
      case 'api.review_failed':
        return gate.fail('get_play_review');
      case 'user.retry':
        return click('Try again');
      case 'user.answer': {
        // Right or wrong as the next step says; the right option's text comes from the file written here.
        const heading = ((await page.locator('h1#question-text').textContent()) ?? '').trim();
        const question = QUESTIONS.find((q) => q.question === heading);
        if (!question) throw new Error(`not a question of the path quiz: "${heading}"`);
        const next = run.next?.event as QuizPlayModelEvent | undefined;
        const wantRight = next?.type === 'api.answered' ? next.correct : true;
        const shown = await buttonsOf(page.getByRole('region', { name: 'Answers' }));
        const at = shown.texts.findIndex((text, i) => shown.on[i] && text.split('\n').map((t) => t.trim()).includes(question.right) === wantRight);
        if (at >= 0) return answers(page).nth(at).click();
        throw new Error(`no open ${wantRight ? 'right' : 'wrong'} option to press (${shown.enabled} open)`);
      }
      case 'user.next':
        return click(/^(Next question|See the result)$/);
      case 'user.lifeline':
        // A lifeline used already (or not for this question) is off on the page: the press changes nothing, as the model says.
        return press(page.getByRole('region', { name: 'Lifelines' }).getByRole('button', { name: new RegExp(LIFELINE_NAMES[e.lifeline].replace('/', '\\/')) }));
      case 'user.review':
        return click(/^Review answers/);
      case 'user.back':
        return click('Back to the result');
      case 'user.play_again':
        return click('Play again');
      default:
        throw new Error(`the quiz flow cannot cause ${e.type} in the browser`);
    }
  },
  async check(state: ModelStep['state'], run: FlowRun) {
    const { page } = run;
    const s = state as unknown as { value: unknown; matches(v: unknown): boolean; context: QuizPlayModelContext };
    const status = (text: string) => shows(page.getByRole('status').filter({ hasText: text }), `"${text}"`);
    if (s.value === 'loading') return status('Loading questions…');
    if (s.value === 'finishing') return status('Counting your result…');
    if (s.value === 'reviewing') return status('Loading the review…');
    if (s.value === 'failed') return shows(page.getByText('The quiz could not start'), '"The quiz could not start"');
    if (s.value === 'finishFailed' || s.value === 'reviewFailed') {
      return (await shows(page.getByRole('alert').filter({ hasText: 'Something went wrong' }), 'an alert "Something went wrong"')) ?? shows(page.getByRole('button', { name: 'Try again' }), '"Try again"');
    }
    if (s.value === 'result') return shows(page.getByRole('heading', { name: 'Quiz finished' }), 'the result ("Quiz finished")');
    if (s.value === 'review') return shows(page.getByRole('heading', { name: 'Review answers' }), 'the review');
    if (!s.matches('playing')) return `no check for ${JSON.stringify(s.value)}`;
    const { index, onQuestion } = s.context;
    const problems: (string | null)[] = [await shows(page.getByText(`Question ${index + 1} of 2`), `question ${index + 1} of 2`)];
    const shown = await buttonsOf(page.getByRole('region', { name: 'Answers' }));
    if (s.matches({ playing: { question: 'answering' } })) {
      const want = shown.total - (onQuestion === 'fifty_fifty' ? 2 : 0);
      if (shown.enabled !== want) problems.push(`expected ${want} options open, found ${shown.enabled}`);
      if (onQuestion === 'audience_poll' && !/%/.test(shown.texts[0] ?? '')) problems.push("expected the audience poll's percentages");
    } else if (shown.enabled !== 0) problems.push(`expected no option open, found ${shown.enabled}`);
    if (s.matches({ playing: { question: 'submitting' } })) problems.push(await shows(page.getByText('Checking your answer…'), '"Checking your answer…"'));
    if (s.matches({ playing: 'feedback' })) {
      problems.push(await shows(page.getByRole('button', { name: s.context.finished ? 'See the result' : 'Next question' }), `"${s.context.finished ? 'See the result' : 'Next question'}"`));
    }
    if ((await visible(page.getByRole('region', { name: 'Lifelines' }))) !== MODEL_CONFIGS.quiz_zone.lifelines) problems.push('the lifelines are not where the model has them');
    return problems.filter(Boolean).join('; ') || null;
  },
};
