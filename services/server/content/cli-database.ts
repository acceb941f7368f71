import type { ServerConfig } from '@/services/server/config';
import { migrateDatabase, openDatabase, type Database } from '@/services/server/db/client';
import { acquireDataDirLock, type DataDirLock } from '@/services/server/db/lock';

/**
 * Opens the configured database for a command-line tool (seed, import) and applies the migrations.
 * The embedded database is locked first, so the tool refuses to run beside the server that holds
 * it open; a PostgreSQL server needs no lock.
 */
export async function openDatabaseForCli(config: ServerConfig): Promise<{ database: Database; close(): Promise<void> }> {
  const usesPglite = !(config.databaseUrl && /^postgres(ql)?:\/\//.test(config.databaseUrl));
  const lock: DataDirLock | null = usesPglite ? acquireDataDirLock(config.dataDir) : null;
  try {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
    await migrateDatabase(database);
    return {
      database,
      async close() {
        try {
          await database.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}
