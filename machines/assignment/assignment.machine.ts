import { assign, fromPromise, not, setup } from 'xstate';
import type { CallOutcome } from '@/services/domain/play-session';
import { checkNickname, isLivePin } from '@/services/domain/live';
import { assignmentPhase, readResumeCode, type AssignmentEntry, type AssignmentPupilView } from '@/services/domain/assignments';
import { notProvided } from '@/machines/not-provided';

/**
 * A pupil's screen in a self-paced assignment (docs/live.md, "Assignments"): the PIN (or the
 * link's), then a nickname (a signed-in player may join under their name) or the resume code
 * carried from another device, then the assignment as the server's view says — waiting for the
 * opening, ready to begin an attempt, a question with its clock, what the answer earned (when the
 * assignment shows it after each question), the results. The device's token is kept by the page
 * (`keepSeat`), so a reload comes back to the same place (`assignmentId` and `token` in the input).
 *
 * Every screen after the join is routed by the server's view (`assignmentPhase`): the machine
 * never decides a question's time. When the page's countdown (from the server's `deadline_at`)
 * runs out it sends `timer.expired`, and the machine sends the question unanswered; the server
 * decides whether anything was still in time.
 *
 * Actors (a page provides them), each answering a `CallOutcome`:
 * - `entry` — input `{ pin }` (`assignment_entry`);
 * - `join` — input `{ pin, nickname? }` (`assignment_join`), output `{ assignment_id, token, view }`;
 * - `resume` — input `{ pin, code }` (`assignment_resume`), the same output;
 * - `load` — input `{ assignment_id, token }` (`assignment_state`): the view, the question's clock started;
 * - `begin` — input `{ assignment_id, token }` (`assignment_start`);
 * - `answer` — input `{ assignment_id, token, position, answer, screen_ms }` (`assignment_answer`).
 * Actions the page provides: `keepSeat` (store `{ assignmentId, token }`), `forgetSeat`.
 */

export interface AssignmentJoined {
  readonly assignment_id: number;
  readonly token: string;
  readonly view: AssignmentPupilView;
}

export interface AssignmentInput {
  /** From the link or QR code (`/live/assignment/?pin=…`). */
  readonly pin?: string;
  /** A signed-in player's name: offered to join under it. */
  readonly name?: string | null;
  /** A seat kept by the browser: come back to it. */
  readonly assignmentId?: number;
  readonly token?: string;
}

export interface AssignmentContext {
  readonly pin: string;
  readonly nickname: string;
  readonly code: string;
  readonly name: string | null;
  readonly entry: AssignmentEntry | null;
  readonly assignmentId: number | null;
  readonly token: string | null;
  readonly view: AssignmentPupilView | null;
  /** The answer being sent ('' : the time ran out or the pupil passed), and what the screen measured for it. */
  readonly pick: string;
  readonly screenMs: number | null;
  /** The last refusal to show: a code (`assignment_pin_unknown`, `nickname_taken`, …, `pin_required`, `nickname_invalid`, `code_invalid`, `network`). */
  readonly error: string | null;
}

export type AssignmentEvent =
  | { type: 'user.pin'; pin: string }
  | { type: 'user.nickname'; nickname: string }
  | { type: 'user.code'; code: string }
  | { type: 'user.submit' }
  | { type: 'user.join_as_me' }
  /** From the nickname form: "I started on another device". */
  | { type: 'user.resume' }
  | { type: 'user.back' }
  | { type: 'user.start' }
  | { type: 'user.answer'; answer: string; screenMs: number | null }
  | { type: 'user.next' }
  /** The page's countdown reached the question's deadline. */
  | { type: 'timer.expired' }
  /** The page asks the server again (the opening came, a retry after a failure). */
  | { type: 'user.refresh' };

const fresh = { assignmentId: null, token: null, view: null, entry: null, pick: '', screenMs: null, code: '' } as const;
const ok = ({ event }: { event: { output: CallOutcome<unknown> } }) => event.output.ok;
const code = (out: CallOutcome<unknown>): string | null => (out.ok ? null : out.code);
const refusalOf = (out: CallOutcome<unknown>): Partial<AssignmentContext> => ({ error: out.ok ? null : (out.code ?? 'network') });
const viewOf = (out: CallOutcome<AssignmentPupilView>): Partial<AssignmentContext> => (out.ok ? { view: out.data, error: null } : {});
const joinedFrom = (out: CallOutcome<AssignmentJoined>): Partial<AssignmentContext> =>
  out.ok ? { assignmentId: out.data.assignment_id, token: out.data.token, view: out.data.view, code: '', error: null } : {};
/** Refusals that mean the seat is gone for good (another device took it, or the assignment was deleted). */
const seatGone = (out: CallOutcome<unknown>) => code(out) === 'assignment_token_unknown' || code(out) === '102';

const phaseIs =
  (...phases: ReturnType<typeof assignmentPhase>[]) =>
  ({ context }: { context: AssignmentContext }) =>
    context.view !== null && phases.includes(assignmentPhase(context.view));

export const assignmentMachine = setup({
  types: {
    context: {} as AssignmentContext,
    events: {} as AssignmentEvent,
    input: {} as AssignmentInput,
  },
  actors: {
    entry: fromPromise<CallOutcome<AssignmentEntry>, { pin: string }>(notProvided('entry')),
    join: fromPromise<CallOutcome<AssignmentJoined>, { pin: string; nickname?: string }>(notProvided('join')),
    resume: fromPromise<CallOutcome<AssignmentJoined>, { pin: string; code: string }>(notProvided('resume')),
    load: fromPromise<CallOutcome<AssignmentPupilView>, { assignment_id: number; token: string }>(notProvided('load')),
    begin: fromPromise<CallOutcome<AssignmentPupilView>, { assignment_id: number; token: string }>(notProvided('begin')),
    answer: fromPromise<CallOutcome<AssignmentPupilView>, { assignment_id: number; token: string; position: number; answer: string; screen_ms: number | null }>(notProvided('answer')),
  },
  actions: {
    keepSeat: () => {},
    forgetSeat: () => {},
  },
  guards: {
    pinOk: ({ context }) => isLivePin(context.pin.trim()),
    nicknameOk: ({ context }) => checkNickname(context.nickname).ok,
    codeOk: ({ context }) => readResumeCode(context.code) !== null,
    signedIn: ({ context }) => context.name !== null,
    hasSeat: ({ context }) => context.assignmentId !== null && context.token !== null,
    scheduled: phaseIs('scheduled'),
    ready: phaseIs('ready'),
    answering: phaseIs('answering'),
    finished: phaseIs('finished'),
    /** The answer's reply tells right or wrong (the assignment shows them after each question). */
    graded: ({ context }) => context.view?.last?.correct != null,
    /** The attempt goes on: the next question is asked for. */
    more: ({ context }) => context.view?.attempt?.finished === false,
  },
}).createMachine({
  id: 'assignment',
  context: ({ input }) => ({
    pin: input.pin ?? '',
    nickname: '',
    code: '',
    name: input.name ?? null,
    entry: null,
    assignmentId: input.assignmentId ?? null,
    token: input.token ?? null,
    view: null,
    pick: '',
    screenMs: null,
    error: null,
  }),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'hasSeat', target: 'loading' }, { guard: 'pinOk', target: 'checking' }, { target: 'pin' }],
    },
    pin: {
      on: {
        'user.pin': { actions: assign(({ event }) => ({ pin: event.pin.replace(/\D/g, '').slice(0, 6), error: null })) },
        'user.submit': [
          { guard: 'pinOk', target: 'checking', actions: assign({ error: null }) },
          { actions: assign({ error: 'pin_required' }) },
        ],
      },
    },
    checking: {
      invoke: {
        src: 'entry',
        input: ({ context }) => ({ pin: context.pin }),
        onDone: [
          { guard: ok, target: 'nickname', actions: assign(({ event }) => (event.output.ok ? { entry: event.output.data, error: null } : {})) },
          { target: 'pin', actions: assign(({ event }) => refusalOf(event.output)) },
        ],
        onError: { target: 'pin', actions: assign({ error: 'network' }) },
      },
    },
    nickname: {
      on: {
        'user.nickname': { actions: assign(({ event }) => ({ nickname: event.nickname, error: null })) },
        'user.submit': [{ guard: not('nicknameOk'), actions: assign({ error: 'nickname_invalid' }) }, { target: 'joining' }],
        'user.join_as_me': { guard: 'signedIn', target: 'joiningAsMe' },
        'user.resume': { target: 'code', actions: assign({ error: null }) },
        'user.back': { target: 'pin', actions: assign({ error: null, entry: null }) },
      },
    },
    code: {
      on: {
        'user.code': { actions: assign(({ event }) => ({ code: event.code.toUpperCase().slice(0, 12), error: null })) },
        'user.submit': [{ guard: 'codeOk', target: 'resuming' }, { actions: assign({ error: 'code_invalid' }) }],
        'user.back': { target: 'nickname', actions: assign({ error: null }) },
      },
    },
    joining: {
      invoke: {
        src: 'join',
        input: ({ context }) => ({ pin: context.pin, nickname: context.nickname.trim() }),
        onDone: [
          { guard: ok, target: 'seated', actions: [assign(({ event }) => joinedFrom(event.output)), 'keepSeat'] },
          { guard: ({ event }) => code(event.output) === 'assignment_pin_unknown', target: 'pin', actions: assign(({ event }) => refusalOf(event.output)) },
          { target: 'nickname', actions: assign(({ event }) => refusalOf(event.output)) },
        ],
        onError: { target: 'nickname', actions: assign({ error: 'network' }) },
      },
    },
    joiningAsMe: {
      invoke: {
        src: 'join',
        input: ({ context }) => ({ pin: context.pin }),
        onDone: [
          { guard: ok, target: 'seated', actions: [assign(({ event }) => joinedFrom(event.output)), 'keepSeat'] },
          { target: 'nickname', actions: assign(({ event }) => refusalOf(event.output)) },
        ],
        onError: { target: 'nickname', actions: assign({ error: 'network' }) },
      },
    },
    resuming: {
      invoke: {
        src: 'resume',
        input: ({ context }) => ({ pin: context.pin, code: readResumeCode(context.code) ?? context.code }),
        onDone: [
          // Resumed: the view of the join may be a question waiting; it is asked for again so its clock runs.
          { guard: ok, target: 'loading', actions: [assign(({ event }) => joinedFrom(event.output)), 'keepSeat'] },
          { target: 'code', actions: assign(({ event }) => refusalOf(event.output)) },
        ],
        onError: { target: 'code', actions: assign({ error: 'network' }) },
      },
    },
    /** Asks the server where the pupil stands (the question under way is sent, its clock started). */
    loading: {
      invoke: {
        src: 'load',
        input: ({ context }) => ({ assignment_id: context.assignmentId!, token: context.token! }),
        onDone: [
          { guard: ok, target: 'seated', actions: assign(({ event }) => viewOf(event.output)) },
          { guard: ({ event }) => seatGone(event.output), target: 'pin', actions: ['forgetSeat', assign(({ event }) => ({ ...fresh, ...refusalOf(event.output) }))] },
          { target: 'offline', actions: assign(({ event }) => refusalOf(event.output)) },
        ],
        onError: { target: 'offline', actions: assign({ error: 'network' }) },
      },
    },
    /** The server could not be asked: the pupil tries again (nothing is lost: the server kept every answer). */
    offline: {
      on: { 'user.refresh': { target: 'loading', actions: assign({ error: null }) } },
    },
    seated: {
      initial: 'route',
      states: {
        route: {
          always: [
            { guard: 'answering', target: 'answering' },
            { guard: 'scheduled', target: 'scheduled' },
            { guard: 'ready', target: 'ready' },
            { guard: 'finished', target: 'finished' },
            { target: 'closed' },
          ],
        },
        scheduled: { on: { 'user.refresh': { target: '#assignment.loading' } } },
        /** An attempt may begin (the first, or another after the last one's results). */
        ready: { on: { 'user.start': { target: 'starting', actions: assign({ error: null }) } } },
        starting: {
          invoke: {
            src: 'begin',
            input: ({ context }) => ({ assignment_id: context.assignmentId!, token: context.token! }),
            onDone: [
              { guard: ok, target: 'route', actions: assign(({ event }) => viewOf(event.output)) },
              // Refused (closed meanwhile, no attempt left, one already running on another device): the server's view decides.
              { guard: ({ event }) => code(event.output) !== null, target: '#assignment.loading', actions: assign(({ event }) => refusalOf(event.output)) },
              { target: 'ready', actions: assign({ error: 'network' }) },
            ],
            onError: { target: 'ready', actions: assign({ error: 'network' }) },
          },
        },
        answering: {
          on: {
            'user.answer': { guard: ({ event }) => event.answer.trim() !== '', target: 'sending', actions: assign(({ event }) => ({ pick: event.answer, screenMs: event.screenMs, error: null })) },
            'timer.expired': { target: 'sending', actions: assign({ pick: '', screenMs: null, error: null }) },
          },
        },
        sending: {
          invoke: {
            src: 'answer',
            input: ({ context }) => ({ assignment_id: context.assignmentId!, token: context.token!, position: context.view!.question!.position, answer: context.pick, screen_ms: context.screenMs }),
            onDone: [
              { guard: ok, target: 'answered', actions: assign(({ event }) => viewOf(event.output)) },
              // Too late, closed, answered on another device: the server's view says where the pupil is.
              { guard: ({ event }) => code(event.output) !== null, target: '#assignment.loading', actions: assign(({ event }) => refusalOf(event.output)) },
              // Not sent (offline): the question stays, to send again.
              { target: 'answering', actions: assign({ error: 'network' }) },
            ],
            onError: { target: 'answering', actions: assign({ error: 'network' }) },
          },
        },
        /** The reply to an answer: what it earned when the assignment shows it, else on to the next. */
        answered: {
          always: [{ guard: 'graded', target: 'feedback' }, { guard: 'more', target: '#assignment.loading' }, { target: 'route' }],
        },
        feedback: {
          on: {
            'user.next': [{ guard: 'more', target: '#assignment.loading' }, { target: 'route' }],
          },
        },
        /** No attempt left (or the assignment closed after the pupil played): the results, as far as the assignment shows them. */
        finished: { on: { 'user.refresh': { target: '#assignment.loading' } } },
        closed: { on: { 'user.refresh': { target: '#assignment.loading' } } },
      },
    },
  },
});
