import { createTestModel } from '@xstate/graph';
import { assign, setup } from 'xstate';
import { LIFELINES, type Lifeline } from '@/services/domain/lifelines';
import type { QuestionType } from '@/services/domain/play-session';

/**
 * What a tester expects of the lifelines of a quiz-zone session, without invoke: the server's
 * answers are events (`api.granted`, `api.refused` with its code, `api.failed`). The rules are
 * written out here again on purpose, from rules.md, rather than imported: the model is the
 * second opinion the machine is checked against.
 *
 * The context keeps only what decides what happens next (used lifelines, 50/50 or poll on this
 * question, the question type, the request in flight), so that the paths grow with the
 * combinations that matter; what each step reports is checked by the test from `expectedOutcome`.
 */

export const SERVER_REFUSALS = ['not_enough_coins', 'lifeline_used'] as const;
export type ServerRefusal = (typeof SERVER_REFUSALS)[number];

export type LifelinesModelEvent =
  | { type: 'user.lifeline'; lifeline: Lifeline }
  | { type: 'api.granted' }
  | { type: 'api.refused'; code: ServerRefusal }
  | { type: 'api.failed' }
  | { type: 'play.question'; questionType: QuestionType; options?: number };

export interface LifelinesModelContext {
  readonly questionType: QuestionType;
  /** Options of the open question: a two-option multiple-choice one has nothing for 50/50 to remove. */
  readonly options: number;
  readonly used: readonly Lifeline[];
  /** 50/50 or audience poll when used on the open question (the others do not matter here). */
  readonly onQuestion: Lifeline | null;
  readonly requested: Lifeline | null;
}

export const LIFELINES_MODEL_EVENTS: LifelinesModelEvent[] = [
  ...LIFELINES.map((lifeline) => ({ type: 'user.lifeline' as const, lifeline })),
  ...SERVER_REFUSALS.map((code) => ({ type: 'api.refused' as const, code })),
  { type: 'play.question', questionType: 'multiple' },
  { type: 'play.question', questionType: 'boolean' },
  { type: 'play.question', questionType: 'multiple', options: 2 },
];

const sorted = (list: readonly Lifeline[]) => LIFELINES.filter((l) => list.includes(l));
const onOptions = (l: Lifeline) => l === 'fifty_fifty' || l === 'audience_poll';

/** The rules of rules.md, in the order a refusal is reported (null: ask the server). */
export function ruleRefusal(c: { questionType: QuestionType; options?: number; used: readonly Lifeline[]; onQuestion: Lifeline | null }, l: Lifeline, enabled = true): string | null {
  if (!enabled) return 'lifeline_not_allowed';
  if (onOptions(l) && c.questionType === 'boolean') return 'lifeline_not_allowed';
  if (l === 'fifty_fifty' && (c.options ?? 4) < 4) return 'lifeline_not_allowed';
  if (c.used.includes(l)) return 'lifeline_used';
  if (onOptions(l) && c.onQuestion && c.onQuestion !== l) return 'lifeline_conflict';
  return null;
}

const asked = (event: LifelinesModelEvent) => (event.type === 'user.lifeline' ? event.lifeline : 'skip');

export const lifelinesModel = setup({
  types: { context: {} as LifelinesModelContext, events: {} as LifelinesModelEvent },
  guards: {
    refused: ({ context, event }) => ruleRefusal(context, asked(event)) !== null,
  },
  actions: {
    newQuestion: assign(({ event }) => ({
      questionType: event.type === 'play.question' ? event.questionType : 'multiple',
      options: event.type === 'play.question' ? (event.options ?? (event.questionType === 'boolean' ? 2 : 4)) : 4,
      onQuestion: null,
    })),
    request: assign(({ event }) => ({ requested: asked(event) })),
    grant: assign(({ context }) => ({
      used: sorted([...context.used, context.requested!]),
      onQuestion: onOptions(context.requested!) ? context.requested : context.onQuestion,
      requested: null,
    })),
    serverRefuses: assign(({ context, event }) => ({
      used: event.type === 'api.refused' && event.code === 'lifeline_used' ? sorted([...context.used, context.requested!]) : context.used,
      requested: null,
    })),
  },
}).createMachine({
  id: 'lifelinesModel',
  context: { questionType: 'multiple', options: 4, used: [], onQuestion: null, requested: null },
  initial: 'ready',
  states: {
    ready: {
      initial: 'idle',
      on: {
        'play.question': { target: '.idle', actions: 'newQuestion' },
        'user.lifeline': [{ guard: 'refused', target: '.refused' }, { target: 'requesting', actions: 'request' }],
      },
      states: { idle: {}, granted: {}, refused: {} },
    },
    requesting: {
      on: {
        'api.granted': { target: 'ready.granted', actions: 'grant' },
        'api.refused': { target: 'ready.refused', actions: 'serverRefuses' },
        'api.failed': { target: 'ready.refused', actions: 'serverRefuses' },
      },
    },
  },
});

/** The shortest path to every state of the model (every combination of used lifelines). */
export function lifelinesModelPaths() {
  return createTestModel(lifelinesModel, { events: LIFELINES_MODEL_EVENTS }).getShortestPaths();
}
