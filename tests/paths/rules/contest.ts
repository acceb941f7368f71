/**
 * Contest scoring and prizes as rules.md (Contests) and docs/contests.md state them, written again
 * here apart from the server's code (services/domain/contests.ts, scoring.ts): +4 / −4 per answer;
 * prizes by rank from the contest's table, paid once after the end; players on equal scores share
 * a rank and split the prizes of the positions they occupy, rounded down to whole coins.
 */

export const CONTEST_RIGHT = 4;
export const CONTEST_WRONG = 4;

export function contestScore(outcomes: readonly ('right' | 'wrong')[]): number {
  return outcomes.reduce((sum, o) => sum + (o === 'right' ? CONTEST_RIGHT : -CONTEST_WRONG), 0);
}

/**
 * Coins each player wins: `table` is the admin's rows `[last rank of the row, coins]` (rank 1 up to
 * the first row's rank takes its coins, the next row starts after it).
 */
export function contestPrizes(scores: ReadonlyMap<number, number>, table: readonly (readonly [number, number])[]): Map<number, number> {
  const at = (position: number) => {
    let from = 1;
    for (const [to, coins] of [...table].sort((a, b) => a[0] - b[0])) {
      if (position >= from && position <= to) return coins;
      from = Math.max(from, to + 1);
    }
    return 0;
  };
  const players = [...scores.entries()].sort((a, b) => b[1] - a[1]);
  const won = new Map<number, number>();
  let position = 1;
  for (let i = 0; i < players.length; ) {
    const tied = players.filter(([, s]) => s === players[i]![1]);
    let pool = 0;
    for (let p = position; p < position + tied.length; p++) pool += at(p);
    for (const [id] of tied) won.set(id, Math.floor(pool / tied.length));
    position += tied.length;
    i += tied.length;
  }
  return won;
}
