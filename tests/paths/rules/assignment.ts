/**
 * Self-paced assignments' timing and scoring as docs/live.md states them ("Assignments"), written
 * again here apart from the server's code (services/domain/assignments.ts and the live points it
 * reuses), so that a walk reaching the server checks its verdicts and points against these.
 */

/** The network allowance: 2 seconds. */
export const ALLOWANCE_MS = 2000;

/** A question's time for a pupil: its limit in seconds stretched by their extended time, rounded to a whole second and never below the limit; none without a clock. */
export function pupilTimeRule(limitSeconds: number, percent: number, clock: boolean): number {
  if (!clock || limitSeconds === 0) return 0;
  const stretched = Math.round((limitSeconds * percent) / 100);
  return 1000 * (stretched < limitSeconds ? limitSeconds : stretched);
}

/** Whether an answer that reached the server `serverMs` after the question was sent is taken. */
export function takenRule(serverMs: number, timeMs: number): boolean {
  if (timeMs === 0) return true;
  return serverMs - timeMs <= ALLOWANCE_MS;
}

/**
 * The time an answer counts: the phone's measure if it is no more than the server's and no less
 * than the server's minus the allowance; otherwise the nearer of those two; then at most the
 * question's time. Without the phone's measure, the server's.
 */
export function countedRule(serverMs: number, screenMs: number | null, timeMs: number): number {
  let counted = serverMs;
  if (screenMs !== null) {
    const low = serverMs - ALLOWANCE_MS;
    counted = screenMs > serverMs ? serverMs : screenMs < low ? low : screenMs;
  }
  if (counted < 0) counted = 0;
  return timeMs > 0 && counted > timeMs ? timeMs : counted;
}

/** A right answer's points: all of them without a clock; else from P down to P / 2 at the end of the pupil's time. */
export function pupilPointsRule(points: number, timeMs: number, countedMs: number, correct: boolean): number {
  if (!correct || points <= 0) return 0;
  if (timeMs === 0) return points;
  return Math.round(points - (points * countedMs) / timeMs / 2);
}

/** The streak bonus of a right answer making `inRow` in a row: 100 for each after the first, at most 500. */
export function pupilBonusRule(inRow: number, points: number): number {
  return points > 0 && inRow >= 2 ? 100 * Math.min(5, inRow - 1) : 0;
}
