import { assign, emit, fromPromise, setup } from 'xstate';
import { canUse, type Lifeline, type LifelineRefusal } from '@/services/domain/lifelines';
import type { CallOutcome, LifelineData, LifelineDataMap, LifelineOffer, QuestionType, UseLifelinePayload } from '@/services/domain/play-session';

/**
 * The lifelines of one play session: which are still available, which were used on the open
 * question (50/50 and audience poll exclude each other there), and one request at a time to the
 * server, which grants or refuses. What the rules already refuse is refused here at once,
 * without a call: the server would refuse it too.
 */

export interface OpenQuestion {
  readonly id: number;
  readonly type: QuestionType;
  /** How many options it shows (50/50 needs four or more); four when not said. */
  readonly options?: number;
}

export interface LifelinesInput {
  readonly sessionId: string;
  /** Whether the session's mode offers lifelines. */
  readonly enabled: boolean;
  /** The session's offers; one with `available: false` was used before (e.g. before a reload). */
  readonly offers: readonly LifelineOffer[];
  readonly question: OpenQuestion | null;
  /** Lifelines already used on that question (a reload after 50/50 or the poll). */
  readonly usedOnQuestion?: readonly Lifeline[];
}

/** A granted lifeline with what the server answered for it. */
export type LifelineGrant = { [K in Lifeline]: { readonly lifeline: K; readonly data: LifelineDataMap[K] } }[Lifeline];

export interface LifelineRefusalNotice {
  readonly lifeline: Lifeline;
  /** A rule's refusal, or the server's code (`not_enough_coins`, …); null when the call failed. */
  readonly code: LifelineRefusal | string | null;
}

export interface LifelinesContext {
  readonly sessionId: string;
  readonly enabled: boolean;
  readonly used: readonly Lifeline[];
  readonly usedOnQuestion: readonly Lifeline[];
  readonly question: OpenQuestion | null;
  /** The request in flight (which lifeline, on which question), while `requesting`. */
  readonly request: { readonly lifeline: Lifeline; readonly questionId: number } | null;
  /** Why the last request was refused, while `ready.refused`. */
  readonly refusal: LifelineRefusalNotice | null;
}

export type LifelinesEvent =
  | { type: 'user.lifeline'; lifeline: Lifeline }
  /** The play moved to another question. */
  | { type: 'play.question'; question: OpenQuestion };

export type LifelinesEmitted = ({ type: 'lifeline.granted' } & LifelineGrant) | ({ type: 'lifeline.refused' } & LifelineRefusalNotice);

const add = (list: readonly Lifeline[], l: Lifeline): Lifeline[] => (list.includes(l) ? [...list] : [...list, l]);

/** Whether a lifeline may be asked for now (null), or the rule that refuses it. */
export function lifelineRefusal(context: LifelinesContext, lifeline: Lifeline): LifelineRefusal | null {
  if (!context.question) return 'lifeline_not_allowed';
  return canUse(context, lifeline, context.question.type, context.question.options);
}

export const lifelinesMachine = setup({
  types: {
    context: {} as LifelinesContext,
    events: {} as LifelinesEvent,
    input: {} as LifelinesInput,
    emitted: {} as LifelinesEmitted,
  },
  actors: {
    useLifeline: fromPromise<CallOutcome<LifelineData>, UseLifelinePayload>(async () => {
      throw new Error('useLifeline was not provided');
    }),
  },
  guards: {
    refusedByRules: ({ context, event }) => event.type === 'user.lifeline' && lifelineRefusal(context, event.lifeline) !== null,
  },
  actions: {
    // The same question again (the play re-entering it) keeps what was used on it.
    openQuestion: assign(({ context, event }) =>
      event.type === 'play.question' && event.question.id !== context.question?.id ? { question: event.question, usedOnQuestion: [], refusal: null } : {},
    ),
    refuseByRules: assign(({ context, event }) =>
      event.type === 'user.lifeline' ? { refusal: { lifeline: event.lifeline, code: lifelineRefusal(context, event.lifeline) } } : {},
    ),
    startRequest: assign(({ context, event }) =>
      event.type === 'user.lifeline' && context.question ? { request: { lifeline: event.lifeline, questionId: context.question.id }, refusal: null } : {},
    ),
    recordGrant: assign(({ context }) => {
      const request = context.request!;
      return {
        used: add(context.used, request.lifeline),
        usedOnQuestion: context.question?.id === request.questionId ? add(context.usedOnQuestion, request.lifeline) : context.usedOnQuestion,
        request: null,
      };
    }),
    recordRefusal: assign(({ context }, params: { code: string | null }) => {
      const request = context.request!;
      // The server knows best: a lifeline it says was used is used, whatever this machine thought.
      return {
        used: params.code === 'lifeline_used' ? add(context.used, request.lifeline) : context.used,
        refusal: { lifeline: request.lifeline, code: params.code },
        request: null,
      };
    }),
    /** Tells whoever owns the lifelines; the quiz-play machine provides `sendParent` here. */
    notifyGranted: emit((_, grant: LifelineGrant) => ({ type: 'lifeline.granted' as const, ...grant }) as LifelinesEmitted),
    notifyRefused: emit((_, notice: LifelineRefusalNotice) => ({ type: 'lifeline.refused' as const, ...notice })),
  },
}).createMachine({
  id: 'lifelines',
  context: ({ input }) => ({
    sessionId: input.sessionId,
    enabled: input.enabled,
    used: input.offers.filter((o) => !o.available).map((o) => o.key),
    usedOnQuestion: input.usedOnQuestion ?? [],
    question: input.question,
    request: null,
    refusal: null,
  }),
  initial: 'ready',
  states: {
    ready: {
      initial: 'idle',
      on: {
        'play.question': { target: '.idle', actions: 'openQuestion' },
        'user.lifeline': [
          {
            guard: 'refusedByRules',
            target: '.refused',
            actions: ['refuseByRules', { type: 'notifyRefused', params: ({ context }) => context.refusal! }],
          },
          { target: 'requesting', actions: 'startRequest' },
        ],
      },
      states: {
        idle: {},
        granted: {},
        refused: {},
      },
    },
    requesting: {
      on: {
        // The answer still counts for the question it was asked on; the new question starts clean.
        'play.question': { actions: 'openQuestion' },
        // One request at a time. Only reachable when a question closed while its request was in
        // flight and the player asks again before the server answered the first.
        'user.lifeline': { actions: { type: 'notifyRefused', params: ({ event }) => ({ lifeline: event.lifeline, code: 'lifeline_busy' }) } },
      },
      invoke: {
        src: 'useLifeline',
        input: ({ context }) => ({ session_id: context.sessionId, question_id: context.request!.questionId, lifeline: context.request!.lifeline }),
        onDone: [
          {
            guard: ({ event }) => event.output.ok,
            target: 'ready.granted',
            actions: [
              {
                type: 'notifyGranted',
                params: ({ context, event }) => ({ lifeline: context.request!.lifeline, data: (event.output as { data: LifelineData }).data }) as LifelineGrant,
              },
              'recordGrant',
            ],
          },
          {
            target: 'ready.refused',
            actions: [
              { type: 'recordRefusal', params: ({ event }) => ({ code: event.output.ok ? null : event.output.code }) },
              { type: 'notifyRefused', params: ({ context }) => context.refusal! },
            ],
          },
        ],
        onError: {
          target: 'ready.refused',
          actions: [{ type: 'recordRefusal', params: { code: null } }, { type: 'notifyRefused', params: ({ context }) => context.refusal! }],
        },
      },
    },
  },
});
