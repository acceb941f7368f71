import type { Logger } from 'pino';
import type { Database } from '@/services/server/db/client';
import type { ServerConfig } from '@/services/server/config';
import { createSettingsService, type SettingsService } from '@/services/server/settings/service';

/** The services every handler can reach through its request context. */
export interface AppServices {
  readonly database: Database;
  readonly config: ServerConfig;
  readonly log: Logger;
  readonly settings: SettingsService;
}

export function createAppServices(database: Database, config: ServerConfig, log: Logger): AppServices {
  return {
    database,
    config,
    log,
    settings: createSettingsService(database.db),
  };
}
