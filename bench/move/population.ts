import path from 'node:path';
import { openDatabase, migrateDatabase } from '@/services/server/db/client';
import { ensureSeeded } from '@/services/server/content/seed';
import { openPgliteSession, type SqlSession } from '@/services/server/db/transfer/session';

/**
 * A generated population for the move and backup benchmarks and tests: `players` players, each
 * with a coin history (a welcome bonus, then income and spending, every entry with its balance
 * after, the balance the sum of the ledger), category statistics, and places on the all-time,
 * monthly and daily leaderboards (the boards' triggers keep their rank counts). Deterministic:
 * the same count gives the same rows. Written in one statement per table, on a migrated database.
 */
export async function generatePopulation(session: SqlSession, players: number, options: { ledgerEntries?: number } = {}): Promise<void> {
  const entries = options.ledgerEntries ?? 8;
  await session.exec('BEGIN');
  try {
    await session.query(
      `INSERT INTO users (firebase_id, name, email, type, coins, created_at)
       SELECT 'gen-' || g, 'Player ' || g, 'player' || g || '@example.test', 'email', 0,
              timestamptz '2026-01-01 00:00:00+00' + (g || ' seconds')::interval
       FROM generate_series(1, $1::int) g`,
      [players],
    );
    await session.query(
      `INSERT INTO coin_ledger (user_id, amount, type, title, idempotency_key, balance_after, created_at)
       SELECT e.user_id, e.amount, e.type, e.type, 'gen-' || e.user_id || '-' || e.n,
              sum(e.amount) OVER (PARTITION BY e.user_id ORDER BY e.n), e.at
       FROM (
         SELECT u.id AS user_id, n,
           CASE WHEN n = 1 THEN 100 WHEN n % 3 = 0 THEN -((u.id + n) % 7 + 1) ELSE (u.id * n) % 20 + 1 END AS amount,
           CASE WHEN n = 1 THEN 'welcome_bonus' WHEN n % 3 = 0 THEN 'lifeline' ELSE 'level_passed' END AS type,
           u.created_at + (n || ' hours')::interval AS at
         FROM users u CROSS JOIN generate_series(1, $1::int) n
         WHERE u.firebase_id LIKE 'gen-%'
       ) e
       ORDER BY e.user_id, e.n`,
      [entries],
    );
    await session.exec(
      `UPDATE users u SET coins = l.total
       FROM (SELECT user_id, sum(amount) AS total FROM coin_ledger GROUP BY user_id) l
       WHERE l.user_id = u.id AND u.firebase_id LIKE 'gen-%'`,
    );
    await session.exec(
      `INSERT INTO user_statistics (user_id, category_id, answered, correct, updated_at)
       SELECT u.id, c.id, 10 + (u.id + c.id) % 40, (u.id + c.id) % 10, u.created_at
       FROM users u CROSS JOIN LATERAL (SELECT id FROM categories ORDER BY id LIMIT 2 OFFSET (u.id % 3)) c
       WHERE u.firebase_id LIKE 'gen-%'`,
    );
    await session.exec(
      `INSERT INTO leaderboard_all_time (user_id, score, reached_at)
       SELECT id, (id * 37) % 5000, created_at + interval '1 day' FROM users WHERE firebase_id LIKE 'gen-%';
       INSERT INTO leaderboard_monthly (period, user_id, score, reached_at)
       SELECT date '2026-11-01', id, (id * 13) % 3000, timestamptz '2026-11-02 00:00:00+00' + ((id % 5000) || ' minutes')::interval
       FROM users WHERE firebase_id LIKE 'gen-%' AND id % 2 = 0;
       INSERT INTO leaderboard_daily (period, user_id, score, reached_at)
       SELECT date '2026-11-27', id, (id * 7) % 1000, timestamptz '2026-11-27 00:00:00+00' + ((id % 1400) || ' minutes')::interval
       FROM users WHERE firebase_id LIKE 'gen-%' AND id % 5 = 0;`,
    );
    await session.exec('COMMIT');
  } catch (error) {
    await session.exec('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/**
 * An embedded data directory holding the demo content (through the server's own seeding) and
 * `players` generated players; answers an open session on it (the caller closes it).
 */
export async function populatedDataDir(dataDir: string, players: number): Promise<SqlSession> {
  const database = await openDatabase({ dataDir });
  await migrateDatabase(database);
  await ensureSeeded(database.db, { rootDir: process.cwd(), demo: true });
  await database.close();
  const session = await openPgliteSession({ dir: path.join(dataDir, 'pglite') });
  await generatePopulation(session, players);
  return session;
}
