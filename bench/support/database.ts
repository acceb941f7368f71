import pg from 'pg';

/**
 * A database of a benchmark's own on the PostgreSQL server `base` points at: `<prefix>_<pid>`,
 * dropped first if a run that died left it behind. `reuse` names one loaded by an earlier run
 * instead (it is neither created nor dropped). Answers its URL, its name and how to drop it
 * (`with (force)`: a server the bench started may still hold connections).
 */
export async function freshBenchDatabase(base: string, prefix: string, reuse?: string): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const name = reuse || `${prefix}_${process.pid}`;
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  };
  if (!reuse) {
    await admin(`drop database if exists ${name} with (force)`);
    await admin(`create database ${name}`);
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), name, drop: () => admin(`drop database if exists ${name} with (force)`) };
}
