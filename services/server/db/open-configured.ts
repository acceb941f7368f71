import type { ServerConfig } from '@/services/server/config';
import { migrateDatabase, openDatabase, type Database } from '@/services/server/db/client';
import { acquireDataDirLockWaiting } from '@/services/server/db/lock';

/**
 * Opens the configured database and applies migrations. The embedded database is opened by one
 * process at a time (the server or an operator command), guarded by a lock file. The server runs
 * it on a thread of its own (`pgliteThread`).
 */
export async function openConfiguredDatabase(config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'>, options: { pgliteThread?: boolean; pgliteSharedBuffers?: string } = {}): Promise<Database> {
  const usesServer = Boolean(config.databaseUrl);
  const lock = usesServer ? null : await acquireDataDirLockWaiting(config.dataDir);
  try {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, pgliteThread: options.pgliteThread, pgliteSharedBuffers: options.pgliteSharedBuffers });
    await migrateDatabase(database);
    if (!lock) return database;
    return {
      ...database,
      async close() {
        try {
          await database.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}
