/**
 * The live game's scoring as docs/live.md states it (Points), written again here apart from the
 * server's code (services/domain/live.ts), so that a path reaching the server checks the server's
 * scores against these and a wrong rule on either side fails it.
 */

/** A right answer's points fall in a straight line from P at the opening to P / 2 at the deadline. */
export function livePointsRule(points: number, limitMs: number, elapsedMs: number, correct: boolean): number {
  if (!correct || points <= 0) return 0;
  const t = Math.min(limitMs, Math.max(0, elapsedMs));
  return Math.round(points * (1 - t / limitMs / 2));
}

/**
 * A right answer that makes `n` right answers in a row (n ≥ 2) adds min(n − 1, 5) × 100; a wrong or
 * missing answer breaks the streak; a question worth 0 points gives no bonus and keeps the streak.
 */
export function liveStreakBonusRule(inRow: number, points: number): number {
  if (points <= 0 || inRow < 2) return 0;
  return Math.min(inRow - 1, 5) * 100;
}

/** One player's answer to one question as a path plays it: `null` for none. */
export interface PlannedAnswer {
  readonly correct: boolean;
  readonly elapsedMs: number;
}

export interface LiveQuestionRule {
  readonly points: number;
  readonly limitMs: number;
}

export interface ExpectedLiveStanding {
  /** Per question: what the answer earned and its streak bonus. */
  readonly results: { points: number; bonus: number; correct: boolean }[];
  readonly score: number;
  readonly streak: number;
  /** Answer times summed; a question not answered counts its whole limit (the tie-break). */
  readonly timeMs: number;
}

/** A player's score, streak and answer time after `answers` (one per question, null: none). */
export function liveStanding(questions: readonly LiveQuestionRule[], answers: readonly (PlannedAnswer | null)[]): ExpectedLiveStanding {
  let score = 0;
  let streak = 0;
  let timeMs = 0;
  const results: ExpectedLiveStanding['results'] = [];
  answers.forEach((a, i) => {
    const q = questions[i]!;
    const correct = a?.correct ?? false;
    const points = a ? livePointsRule(q.points, q.limitMs, a.elapsedMs, correct) : 0;
    if (q.points > 0) streak = correct ? streak + 1 : 0;
    const bonus = correct ? liveStreakBonusRule(streak, q.points) : 0;
    score += points + bonus;
    timeMs += a ? Math.min(q.limitMs, a.elapsedMs) : q.limitMs;
    results.push({ points, bonus, correct });
  });
  return { results, score, streak, timeMs };
}

/** Places: higher score first; a tie goes to the smaller answer time; equal on both share the place (1, 2, 2, 4). */
export function livePlaces(players: readonly { id: number; score: number; timeMs: number }[]): Map<number, number> {
  const sorted = [...players].sort((a, b) => b.score - a.score || a.timeMs - b.timeMs);
  const places = new Map<number, number>();
  sorted.forEach((p, i) => {
    const prev = sorted[i - 1];
    places.set(p.id, prev && prev.score === p.score && prev.timeMs === p.timeMs ? places.get(prev.id)! : i + 1);
  });
  return places;
}
