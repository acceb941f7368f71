import pg from 'pg';

/** Drops the PostgreSQL databases this run created (tests/setup/db.ts names them). */
export default async function globalTeardown(): Promise<void> {
  const base = process.env.TEST_DATABASE_URL;
  const runId = process.env.QA_TEST_RUN_ID;
  if (process.env.QA_TEST_DB !== 'postgres' || !base || !runId) return;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    const found = await admin.query<{ datname: string }>('select datname from pg_database where datname like $1', [`qa_test_${runId}_%`]);
    for (const { datname } of found.rows) await admin.query(`drop database if exists ${datname} with (force)`);
  } finally {
    await admin.end();
  }
}
