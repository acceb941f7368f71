/**
 * Contests (rules.md, Contests; docs/contests.md): the contract of the contest calls and the
 * prize rule the server pays by (decision 016).
 */

export type ContestList = 'live' | 'past' | 'upcoming';

/** One line of a contest's prize table: every rank from `rank_from` to `rank_to` wins `coins`. */
export interface PrizeLine {
  readonly rank_from: number;
  readonly rank_to: number;
  readonly coins: number;
}

export interface ContestItem {
  readonly id: number;
  readonly name: string;
  readonly description: string;
  readonly image: string | null;
  readonly starts_at: string;
  readonly ends_at: string;
  readonly entry_fee: number;
  readonly total_questions: number;
  /** Players who finished it. */
  readonly participants: number;
  readonly prizes: readonly PrizeLine[];
  readonly status: ContestList;
  /** The player played it (a play opened: the fee is taken and it cannot be played again). */
  readonly played: boolean;
  readonly my_score: number | null;
  readonly my_rank: number | null;
  /** Past contests: the prizes were paid. */
  readonly prizes_paid: boolean;
  /** The prize the player won (after payment). */
  readonly my_prize: number | null;
}

/** A list of get_contest: its items, or the code that says it is empty (114 upcoming, 115 live, 117 past). */
export interface ContestListAnswer {
  readonly items: readonly ContestItem[];
  readonly message: '114' | '115' | '117' | null;
}

export type ContestLists = Readonly<Record<ContestList, ContestListAnswer>>;

export interface ContestRankRow {
  readonly user_id: number;
  readonly name: string;
  readonly profile: string | null;
  readonly score: number;
  readonly rank: number;
  /** Coins the prize job paid this player (null: none, or not paid yet). */
  readonly prize: number | null;
}

/** The code of an empty list. */
export const EMPTY_LIST_CODE: Readonly<Record<ContestList, '114' | '115' | '117'>> = { upcoming: '114', live: '115', past: '117' };

/** Prize table rows as stored (rank_to ascending, each line starting after the one above). */
export function prizeLines(rows: readonly { rankTo: number; coins: number }[]): PrizeLine[] {
  const sorted = [...rows].sort((a, b) => a.rankTo - b.rankTo);
  let from = 1;
  const out: PrizeLine[] = [];
  for (const r of sorted) {
    if (r.rankTo >= from) out.push({ rank_from: from, rank_to: r.rankTo, coins: r.coins });
    from = Math.max(from, r.rankTo + 1);
  }
  return out;
}

/** The prize of one position (1-based) in the table; 0 outside it. */
export function prizeAt(lines: readonly PrizeLine[], position: number): number {
  return lines.find((l) => position >= l.rank_from && position <= l.rank_to)?.coins ?? 0;
}

export interface Standing {
  readonly userId: number;
  readonly score: number;
}

export interface PrizeAward {
  readonly userId: number;
  /** Competition rank: 1 + the number of players with a higher score. */
  readonly rank: number;
  readonly coins: number;
}

/**
 * Who wins what (decision 016). Players are ranked by score; equal scores share a rank (1, 2, 2,
 * 4). A group of tied players occupies as many positions as it has players, and shares the
 * prizes of those positions equally, rounded down to whole coins. Players with no prize are left
 * out.
 */
export function awardPrizes(standings: readonly Standing[], lines: readonly PrizeLine[]): PrizeAward[] {
  const sorted = [...standings].sort((a, b) => b.score - a.score);
  const awards: PrizeAward[] = [];
  let position = 1;
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j < sorted.length && sorted[j]!.score === sorted[i]!.score) j++;
    const size = j - i;
    let pool = 0;
    for (let p = position; p < position + size; p++) pool += prizeAt(lines, p);
    const each = Math.floor(pool / size);
    if (each > 0) for (let k = i; k < j; k++) awards.push({ userId: sorted[k]!.userId, rank: position, coins: each });
    position += size;
    i = j;
  }
  return awards;
}
