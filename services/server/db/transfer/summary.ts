import { ident, listSequences, listTables, type TableInfo } from '@/services/server/db/transfer/catalog';
import type { SqlSession } from '@/services/server/db/transfer/session';

/**
 * What two copies of a database are compared on (docs/deploy.md, "Moving"): every table's row
 * count and content checksum, every player's coin balance against their ledger, the leaderboards'
 * sums and their rank counts, and the sequences. Figures are text so that they compare exactly.
 */
export interface DatabaseSummary {
  readonly tables: Record<string, { rows: string; checksum: string }>;
  readonly coins: {
    players: string;
    /** The sum of every balance. */
    balances: string;
    /** The sum of every ledger entry. */
    ledger: string;
    /** Players whose balance is not the sum of their ledger entries, or not their last entry's balance after. */
    mismatched: string;
  };
  readonly leaderboards: Record<string, { rows: string; scores: string; listed: string; counted: string }>;
  readonly sequences: Record<string, string>;
}

/**
 * A table's checksum: the sum of a 64-bit hash of each row's JSON text. It does not depend on the
 * rows' order, and equal sums on two engines mean equal rows (the sessions share time zone and
 * date style, so a row is the same text on both).
 */
async function tableFigures(session: SqlSession, table: TableInfo): Promise<{ rows: string; checksum: string }> {
  const [row] = await session.query<{ rows: string; checksum: string }>(
    `SELECT count(*)::text AS rows, coalesce(sum(hashtextextended(row_to_json(t)::text, 0)::numeric), 0)::text AS checksum FROM ${ident(table.name)} t`,
  );
  return row!;
}

const BOARDS: Record<string, string> = { daily: 'leaderboard_daily', monthly: 'leaderboard_monthly', all_time: 'leaderboard_all_time' };

export async function summarize(session: SqlSession): Promise<DatabaseSummary> {
  const tables: DatabaseSummary['tables'] = {};
  for (const table of await listTables(session)) tables[table.name] = await tableFigures(session, table);

  const [coins] = await session.query<DatabaseSummary['coins']>(`
    WITH l AS (
      SELECT user_id, sum(amount) AS total,
        (array_agg(balance_after ORDER BY id DESC))[1] AS last_balance
      FROM coin_ledger GROUP BY user_id
    )
    SELECT count(*)::text AS players,
      coalesce(sum(u.coins), 0)::text AS balances,
      (SELECT coalesce(sum(amount), 0) FROM coin_ledger)::text AS ledger,
      count(*) FILTER (WHERE u.coins <> coalesce(l.total, 0) OR (l.last_balance IS NOT NULL AND u.coins <> l.last_balance))::text AS mismatched
    FROM users u LEFT JOIN l ON l.user_id = u.id`);

  const leaderboards: DatabaseSummary['leaderboards'] = {};
  for (const [board, table] of Object.entries(BOARDS)) {
    const [row] = await session.query<{ rows: string; scores: string; listed: string; counted: string }>(
      `SELECT count(*)::text AS rows, coalesce(sum(score), 0)::text AS scores,
         count(*) FILTER (WHERE visible)::text AS listed,
         (SELECT coalesce(sum(players), 0) FROM leaderboard_counts WHERE board = $1 AND tier = 1)::text AS counted
       FROM ${ident(table)}`,
      [board],
    );
    leaderboards[board] = row!;
  }

  const sequences: DatabaseSummary['sequences'] = {};
  for (const s of await listSequences(session)) sequences[s.name] = `${s.lastValue}${s.isCalled ? '' : ' (not called)'}`;

  return { tables, coins: coins!, leaderboards, sequences };
}

export interface ComparisonLine {
  readonly what: string;
  readonly source: string;
  readonly target: string;
  readonly equal: boolean;
}

export interface Comparison {
  readonly lines: readonly ComparisonLine[];
  readonly equal: boolean;
  /** Findings that are wrong even where both sides agree (a balance that is not its ledger). */
  readonly warnings: readonly string[];
}

/** Compares two summaries line by line. */
export function compareSummaries(source: DatabaseSummary, target: DatabaseSummary): Comparison {
  const lines: ComparisonLine[] = [];
  const add = (what: string, a: string | undefined, b: string | undefined) => lines.push({ what, source: a ?? '(missing)', target: b ?? '(missing)', equal: a === b });
  const tableNames = [...new Set([...Object.keys(source.tables), ...Object.keys(target.tables)])].sort();
  for (const name of tableNames) {
    add(`${name}: rows`, source.tables[name]?.rows, target.tables[name]?.rows);
    add(`${name}: checksum`, source.tables[name]?.checksum, target.tables[name]?.checksum);
  }
  add('coins: players', source.coins.players, target.coins.players);
  add('coins: sum of balances', source.coins.balances, target.coins.balances);
  add('coins: sum of ledger entries', source.coins.ledger, target.coins.ledger);
  add('coins: balances not equal to their ledger', source.coins.mismatched, target.coins.mismatched);
  for (const board of Object.keys(BOARDS)) {
    const a = source.leaderboards[board];
    const b = target.leaderboards[board];
    add(`leaderboard ${board}: rows`, a?.rows, b?.rows);
    add(`leaderboard ${board}: sum of scores`, a?.scores, b?.scores);
    add(`leaderboard ${board}: listed players`, a?.listed, b?.listed);
    add(`leaderboard ${board}: players in the rank counts`, a?.counted, b?.counted);
  }
  const sequenceNames = [...new Set([...Object.keys(source.sequences), ...Object.keys(target.sequences)])].sort();
  for (const name of sequenceNames) add(`sequence ${name}`, source.sequences[name], target.sequences[name]);

  const warnings: string[] = [];
  for (const [side, summary] of [
    ['source', source],
    ['target', target],
  ] as const) {
    if (summary.coins.mismatched !== '0') warnings.push(`${side}: ${summary.coins.mismatched} player(s) whose balance is not their ledger's`);
    for (const [board, figures] of Object.entries(summary.leaderboards)) {
      if (figures.listed !== figures.counted) warnings.push(`${side}: leaderboard ${board} lists ${figures.listed} players but its rank counts hold ${figures.counted}`);
    }
  }
  return { lines, equal: lines.every((l) => l.equal), warnings };
}

/** The comparison as a table for the terminal: every line, or only the differences. */
export function formatComparison(comparison: Comparison, options: { all?: boolean; sourceLabel?: string; targetLabel?: string } = {}): string {
  const shown = options.all ? comparison.lines : comparison.lines.filter((l) => !l.equal);
  const head = ['', options.sourceLabel ?? 'source', options.targetLabel ?? 'target', ''];
  const rows = shown.map((l) => [l.what, l.source, l.target, l.equal ? 'equal' : 'DIFFERENT']);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const fmt = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : i === 3 ? c : c.padStart(widths[i]!))).join('  ').trimEnd();
  const out = [fmt(head), ...rows.map(fmt)];
  const differing = comparison.lines.filter((l) => !l.equal).length;
  out.push(
    differing === 0
      ? `All ${comparison.lines.length} figures are equal.`
      : `${differing} of ${comparison.lines.length} figures differ.`,
  );
  for (const w of comparison.warnings) out.push(`note: ${w}`);
  return out.join('\n');
}
