import { fromPromise } from 'xstate';
import { assignmentMachine } from '@/machines/assignment/assignment.machine';
import { assignmentAnswer, assignmentEntry, assignmentJoin, assignmentResume, assignmentStart, assignmentState } from '@/services/client/assignment-api';

/**
 * The pupil's machine against the real server: its calls through assignment-api.ts, and its seat
 * (assignment id, device token and PIN) kept in the browser's storage, so a reload or a closed tab
 * comes back to the same place. Another device comes back with the resume code instead.
 */

const SEAT_KEY = 'quiz-arena.assignment-seat';

export interface AssignmentSeat {
  readonly assignmentId: number;
  readonly token: string;
  readonly pin: string;
}

export function storedAssignmentSeat(): AssignmentSeat | null {
  try {
    const raw = window.localStorage.getItem(SEAT_KEY);
    const seat = raw ? (JSON.parse(raw) as Partial<AssignmentSeat>) : null;
    return seat && typeof seat.assignmentId === 'number' && typeof seat.token === 'string' && typeof seat.pin === 'string' ? { assignmentId: seat.assignmentId, token: seat.token, pin: seat.pin } : null;
  } catch {
    return null;
  }
}

function storeSeat(seat: AssignmentSeat | null): void {
  try {
    if (seat) window.localStorage.setItem(SEAT_KEY, JSON.stringify(seat));
    else window.localStorage.removeItem(SEAT_KEY);
  } catch {
    // Storage refused (private mode): a reload then starts at the PIN again, and the resume code brings the pupil back.
  }
}

/** The pupil's machine with the real calls and storage. */
export function createAssignmentMachine() {
  return assignmentMachine.provide({
    actors: {
      entry: fromPromise(({ input }) => assignmentEntry(input)),
      join: fromPromise(({ input }) => assignmentJoin(input)),
      resume: fromPromise(({ input }) => assignmentResume(input)),
      load: fromPromise(({ input }) => assignmentState(input)),
      begin: fromPromise(({ input }) => assignmentStart(input)),
      answer: fromPromise(({ input }) => assignmentAnswer(input)),
    },
    actions: {
      keepSeat: ({ context }) => storeSeat(context.assignmentId !== null && context.token ? { assignmentId: context.assignmentId, token: context.token, pin: context.pin } : null),
      forgetSeat: () => storeSeat(null),
    },
  });
}
