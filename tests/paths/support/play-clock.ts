import type { PlayClock } from '@/services/server/app-services';

/**
 * The clock a server path test holds in its hands (`services.clock`): solo plays, contests and
 * exams are timed by it, so a path puts an answer at the millisecond it names and no test sleeps.
 * It starts at the wall clock's time and moves only when the test moves it.
 */
export interface HeldClock extends PlayClock {
  /** Sets the time (ms since the epoch); never backwards. */
  set(ms: number): void;
  advance(ms: number): void;
}

export function heldClock(start = Date.now()): HeldClock {
  let t = start;
  return {
    now: () => t,
    set(ms) {
      if (ms < t) throw new Error(`the held clock goes forward only: ${new Date(ms).toISOString()} is before ${new Date(t).toISOString()}`);
      t = ms;
    },
    advance(ms) {
      if (ms < 0) throw new Error('the held clock goes forward only');
      t += ms;
    },
  };
}
