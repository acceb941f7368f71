import type { RoomDocument } from '@/services/domain/rooms';

/**
 * The battle rules as rules.md states them (Battles), written again here, apart from the server's
 * code (services/domain/rooms.ts): a path that reaches the server checks what the server decided
 * against what these say, so a wrong rule on either side fails it. Only the document's shape is
 * shared; no number and no rule is.
 */

/** rules.md: "4 per correct answer, +2 if answered within 2 s, +1 within 4 s" (operator settings). */
export interface BattlePointRules {
  readonly correct: number;
  readonly within2s: number;
  readonly within4s: number;
}

export const BATTLE_POINTS: BattlePointRules = { correct: 4, within2s: 2, within4s: 1 };

/** What one answer is worth: nothing when wrong or missing; the quick bonus counts to the millisecond (2,000 ms is within 2 s). */
export function battleAnswerPoints(correct: boolean, elapsedMs: number, rules: BattlePointRules = BATTLE_POINTS): number {
  if (!correct) return 0;
  if (elapsedMs <= 2000) return rules.correct + rules.within2s;
  if (elapsedMs <= 4000) return rules.correct + rules.within4s;
  return rules.correct;
}

export interface ExpectedEntry {
  readonly user_id: number;
  readonly outcome: string;
  readonly points: number;
  readonly correct: number;
  readonly coins_won: number;
}

/**
 * The result rules.md gives for a battle played to its end: 1v1 (random, friend): more points
 * wins 2 × fee, equal points draw and both get the fee back; a member who left loses. Group:
 * everyone still in tied for the most right answers wins ⌊fee × payers / winners⌋. Against the
 * bot no coin moves.
 */
export function expectedBattleResult(doc: RoomDocument, totals: ReadonlyMap<number, { points: number; correct: number }>): { winners: number[]; entries: ExpectedEntry[] } {
  const fee = doc.entry_fee;
  const members = doc.players.map((p) => ({ id: p.user_id, left: p.left, bot: p.is_bot, ...(totals.get(p.user_id) ?? { points: 0, correct: 0 }) }));
  const coins = (n: number) => (doc.vs_bot ? 0 : n);
  if (doc.type !== 'group') {
    const [a, b] = members;
    let winners: number[] = [];
    if (a && b && a.left !== b.left) winners = [a.left ? b.id : a.id];
    else if (a && b && a.points !== b.points) winners = [a.points > b.points ? a.id : b.id];
    return {
      winners,
      entries: members.map((m) => {
        const outcome = winners.length === 0 ? 'draw' : winners.includes(m.id) ? 'win' : 'lose';
        return { user_id: m.id, outcome, points: m.points, correct: m.correct, coins_won: coins(outcome === 'win' ? 2 * fee : outcome === 'draw' ? fee : 0) };
      }),
    };
  }
  const inGame = members.filter((m) => !m.left);
  const most = Math.max(...inGame.map((m) => m.correct));
  const winners = inGame.filter((m) => m.correct === most).map((m) => m.id);
  const payers = members.filter((m) => !m.bot).length;
  const share = Math.floor((fee * payers) / winners.length);
  return {
    winners,
    entries: members.map((m) => {
      const won = winners.includes(m.id);
      return { user_id: m.id, outcome: won ? (winners.length > 1 ? 'tie' : 'victory') : 'defeat', points: m.points, correct: m.correct, coins_won: coins(won ? share : 0) };
    }),
  };
}

/**
 * Every way a finished battle's document departs from the rules, one line each (none: it follows
 * them). `right` is each question's right option, as the question bank holds it.
 */
export function battleRuleBreaks(doc: RoomDocument, right: ReadonlyMap<number, string>, rules: BattlePointRules = BATTLE_POINTS): string[] {
  const breaks: string[] = [];
  const totals = new Map<number, { points: number; correct: number }>(doc.players.map((p) => [p.user_id, { points: 0, correct: 0 }]));
  for (const q of doc.questions) {
    if (!q.closed) continue;
    const key = right.get(q.id);
    if (q.correct_answer !== key) breaks.push(`question ${q.index}: shows ${q.correct_answer} as the right answer, the bank has ${key}`);
    for (const a of q.answers) {
      const correct = a.answered && a.answer === key;
      if (a.answered ? a.correct !== correct : a.correct === true) breaks.push(`question ${q.index}, player ${a.user_id}: marked ${a.correct ? 'right' : 'wrong'}, answered ${a.answer}`);
      const elapsed = a.elapsed_ms ?? Number.POSITIVE_INFINITY;
      if (a.answered && !(elapsed >= 0 && elapsed <= doc.seconds_per_question * 1000)) breaks.push(`question ${q.index}, player ${a.user_id}: answered ${elapsed} ms after the opening, outside its ${doc.seconds_per_question} s`);
      const points = a.answered ? battleAnswerPoints(correct, elapsed, rules) : 0;
      if ((a.points ?? 0) !== points) breaks.push(`question ${q.index}, player ${a.user_id}: ${a.points} points for a ${correct ? 'right' : 'wrong'} answer at ${elapsed} ms, the rules give ${points}`);
      const t = totals.get(a.user_id);
      if (t) {
        t.points += points;
        t.correct += correct ? 1 : 0;
      }
    }
  }
  for (const p of doc.players) {
    const t = totals.get(p.user_id)!;
    if (p.points !== t.points || p.correct !== t.correct) breaks.push(`player ${p.user_id}: ${p.points} points and ${p.correct} right, the answers add up to ${t.points} and ${t.correct}`);
  }
  if (doc.status === 'finished' && doc.result && doc.result.reason !== 'aborted') {
    const expected = expectedBattleResult(doc, totals);
    const winners = [...doc.result.winners].sort((x, y) => x - y);
    if (JSON.stringify(winners) !== JSON.stringify([...expected.winners].sort((x, y) => x - y))) breaks.push(`winners ${JSON.stringify(winners)}, the rules give ${JSON.stringify(expected.winners)}`);
    for (const e of expected.entries) {
      const got = doc.result.entries.find((x) => x.user_id === e.user_id);
      const shown = got && { user_id: got.user_id, outcome: got.outcome, points: got.points, correct: got.correct, coins_won: got.coins_won };
      if (JSON.stringify(shown) !== JSON.stringify(e)) breaks.push(`result of player ${e.user_id}: ${JSON.stringify(shown)}, the rules give ${JSON.stringify(e)}`);
    }
  }
  return breaks;
}
