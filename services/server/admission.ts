/**
 * Admission of requests by event-loop turn (decision 027).
 *
 * The event loop accepts one new connection per turn (libuv accepts a single connection each time
 * the listening socket is polled). A turn in which every ready request runs to completion lasts
 * as long as all their work together: under a burst of calls that is a hundred milliseconds or
 * more, and a player whose connection is still waiting to be accepted waits for hundreds of such
 * turns (20 s measured with 200 players starting at once). Admission bounds the work a turn
 * starts: once the requests started in this turn have used `budgetMs`, later ones wait in a
 * first-in first-out queue, and the queue is served in the check phase of the following turns,
 * `budgetMs` at a time. Turns stay short, a new connection is accepted every few milliseconds,
 * and no request overtakes an earlier one.
 *
 * It engages only once a turn has run `engageAfterMs` or longer (an overload, not a burst: a busy
 * battle server's longest turns are 20-35 ms, and holding its answers back a turn lengthened their
 * tail), and lets go at the end of the first turn in which it held nothing back. Disengaged, every
 * request starts at once, as without it.
 */

export interface Admission {
  /** Runs `start` now if this turn's budget allows and nobody is waiting; otherwise queues it. */
  admit(start: () => void): void;
  /** Requests waiting now (for stats and tests). */
  waiting(): number;
  /** Whether turns are being bounded now. */
  engaged(): boolean;
}

export interface AdmissionOptions {
  /** Work (ms of wall time, the requests' own microtasks included) a turn may start. */
  budgetMs: number;
  /** A turn at least this long engages admission; ADMISSION_ENGAGE_AFTER_MS by default. */
  engageAfterMs?: number;
  /** Clock in ms; `performance.now` by default. */
  now?: () => number;
  /** Schedules a callback in the check phase of the loop; `setImmediate` by default. */
  schedule?: (callback: () => void) => void;
}

/** A turn this long is an overload: it engages admission (a busy battle server's longest turns are 20-35 ms). */
export const ADMISSION_ENGAGE_AFTER_MS = 50;

/** At most this many queued requests are offered to one turn (each gets its own check-phase slot). */
const SLOTS_PER_TURN = 64;

export function createAdmission(options: AdmissionOptions): Admission {
  const budget = options.budgetMs;
  const engageAfter = options.engageAfterMs ?? ADMISSION_ENGAGE_AFTER_MS;
  let engaged = false;
  /** This turn held a request back. */
  let heldBack = false;
  const now = options.now ?? (() => performance.now());
  const schedule = options.schedule ?? ((callback: () => void) => void setImmediate(callback));
  const queue: (() => void)[] = [];
  /** When this turn began spending (its first admitted request); -1 when no turn is open. */
  let turnStart = -1;
  /** Check-phase slots scheduled and not run yet: one round, run in one check phase. */
  let slotsPending = 0;
  /** When the current round of slots began; -1 until its first slot runs. */
  let roundStart = -1;

  const endTurn = () => {
    const spent = now() - turnStart;
    if (spent >= engageAfter) engaged = true;
    else if (!heldBack && queue.length === 0) engaged = false;
    turnStart = -1;
    heldBack = false;
  };

  // One slot per queued request (up to SLOTS_PER_TURN), each its own check-phase callback: Node
  // runs a callback's microtasks before the next callback, so each slot sees the time the earlier
  // ones really took.
  const addSlots = () => {
    const want = Math.min(queue.length, SLOTS_PER_TURN);
    if (slotsPending === 0) roundStart = -1;
    while (slotsPending < want) {
      slotsPending++;
      schedule(slot);
    }
  };
  const slot = () => {
    slotsPending--;
    const t = now();
    if (roundStart < 0) roundStart = t;
    if (queue.length > 0 && t - roundStart < budget) queue.shift()!();
    // The round's last slot: what still waits gets a round in the next turn's check phase
    // (callbacks scheduled now run then).
    if (slotsPending === 0 && queue.length > 0) addSlots();
  };

  return {
    admit(start) {
      const t = now();
      if (turnStart < 0) {
        turnStart = t;
        schedule(endTurn);
      }
      if (!engaged || (queue.length === 0 && t - turnStart < budget)) {
        start();
        return;
      }
      heldBack = true;
      queue.push(start);
      addSlots();
    },
    waiting: () => queue.length,
    engaged: () => engaged,
  };
}
