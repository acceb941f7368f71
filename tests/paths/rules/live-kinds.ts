/**
 * The question kinds beyond choosing as docs/live.md states them ("Question kinds"), written again
 * here apart from the server's code (services/domain/live-kinds.ts): a path that reaches the server
 * checks the server's verdicts and points against these, so a wrong rule on either side fails it.
 */

/** Letters and digits only, lower case, accents dropped, every other run of characters one space. */
export function readerForm(text: string): string {
  let out = '';
  let gap = false;
  for (const ch of text.normalize('NFD')) {
    if (/\p{M}/u.test(ch)) continue;
    if (/[\p{L}\p{N}]/u.test(ch)) {
      if (gap && out !== '') out += ' ';
      out += ch.toLowerCase();
      gap = false;
    } else gap = true;
  }
  return out;
}

/** Edits between two texts, a swap of two neighbours counting as one (the optimal string alignment distance). */
export function editDistance(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  const d: number[][] = Array.from({ length: x.length + 1 }, (_, i) => Array.from({ length: y.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= x.length; i += 1) {
    for (let j = 1; j <= y.length; j += 1) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[x.length]![y.length]!;
}

/** A typed answer is right when it reads as an accepted one; tolerant matching forgives one edit in accepted answers of 4 letters or more. */
export function typedRightRule(typed: string, accepted: readonly string[], tolerant: boolean): boolean {
  const t = readerForm(typed);
  if (t === '') return false;
  return accepted.some((raw) => {
    const a = readerForm(raw);
    return a === t || (tolerant && [...a].length >= 4 && editDistance(a, t) <= 1);
  });
}

/** A slider's answer: right within the tolerance; its worth 1, or by closeness 1 − distance / tolerance ÷ 2. */
export function sliderRule(answer: number, value: number, tolerance: number, closeness: boolean): { correct: boolean; worth: number } {
  const off = Math.abs(answer - value);
  if (off > tolerance + 1e-9) return { correct: false, worth: 0 };
  return { correct: true, worth: closeness && tolerance > 0 ? 1 - off / tolerance / 2 : 1 };
}

/** Points of a right answer of worth `w`: P × w × (1 − t / T ÷ 2); with no time limit (T = 0), P × w. */
export function kindPointsRule(points: number, limitMs: number, elapsedMs: number, correct: boolean, worth = 1): number {
  if (!correct || points <= 0) return 0;
  const late = limitMs > 0 ? Math.min(limitMs, Math.max(0, elapsedMs)) / limitMs : 0;
  return Math.round(points * worth * (1 - late / 2));
}
