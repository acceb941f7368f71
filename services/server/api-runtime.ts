import type { Logger } from 'pino';
import type { ServerConfig } from '@/services/server/config';
import type { Database } from '@/services/server/db/client';
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
  // Running live games go on: an open question starts again with a fresh clock.
  app.live.start().catch((err) => log.error({ err }, 'the live games could not be taken up'));
  return {
    app,
    gateway,
    async close() {
      // Streams first (their presence is recorded as closed), then the room store's connection.
      try {
        await gateway.close();
        await app.live.stop();
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

export { openConfiguredDatabase } from '@/services/server/db/open-configured';
