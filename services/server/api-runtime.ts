import type { Logger } from 'pino';
import type { ServerConfig } from '@/services/server/config';
import { migrateDatabase, openDatabase, type Database } from '@/services/server/db/client';
import { acquireDataDirLockWaiting } from '@/services/server/db/lock';
import { createAppServices, type AppServices } from '@/services/server/app-services';
import { createGateway, type Gateway } from '@/services/server/gateway/gateway';
import { createRegistry } from '@/services/server/endpoints/registry';

export interface ApiRuntime {
  readonly app: AppServices;
  readonly gateway: Gateway;
  close(): Promise<void>;
}

/** Wires the gateway to an open, migrated database. Used by server.ts and the API tests. */
export function createApiRuntime(database: Database, config: ServerConfig, log: Logger): ApiRuntime {
  const app = createAppServices(database, config, log);
  const gateway = createGateway(createRegistry(), app, log);
  app.sessions.start().catch((err) => log.error({ err }, 'the session cache could not listen for changes; every call looks its token up'));
  // Unfinished rooms go on from where they were: the sweep advances what fell due meanwhile.
  app.rooms.start().catch((err) => log.error({ err }, 'the room service could not start'));
  app.exams.start();
  app.contestPrizes.start();
  // Sends left half-delivered by a stop go on from their cursor.
  app.notificationDelivery.start();
  return {
    app,
    gateway,
    async close() {
      // Streams first (their presence is recorded as closed), then the room store's connection.
      try {
        await gateway.close();
        await app.exams.close();
        await app.contestPrizes.close();
        await app.notificationDelivery.close();
        await app.notificationBus.close();
        await app.rooms.close();
        await app.roomStore.close();
        await app.sessions.close();
      } finally {
        await database.close();
      }
    },
  };
}

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
