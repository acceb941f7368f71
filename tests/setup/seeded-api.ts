import { seedDatabase } from '@/services/server/content/seed';
import type { Db } from '@/services/server/db/client';
import { closeTestDatabase, getTestDatabase, resetDatabase } from '@/tests/setup/db';
import type { AppServiceOptions } from '@/services/server/app-services';
import { startTestApi, type TestApi } from '@/tests/setup/api';

/**
 * The harness of an API test file on the demo content: before the file, the worker's database is
 * reset and seeded and an API is started on it; before each test the settings cache is dropped
 * (tests write settings straight to the database); after the file both are closed. `api` stands
 * for the running API once the file's tests run. `options.services` passes test seams (a clock).
 */
export function seededApiSuite(options: { services?: AppServiceOptions } = {}): { api: TestApi; db: () => Promise<Db> } {
  let running: TestApi | null = null;
  const api = new Proxy({} as TestApi, {
    get(_target, key) {
      if (!running) throw new Error('the API starts in beforeAll: use it inside a test or a hook');
      return Reflect.get(running, key) as unknown;
    },
  });

  beforeAll(async () => {
    const database = await getTestDatabase();
    await resetDatabase(database);
    await seedDatabase(database.db, { rootDir: process.cwd() });
    running = await startTestApi(database, undefined, {}, { services: options.services });
  });

  beforeEach(() => running!.app.settings.invalidate());

  afterAll(async () => {
    await running?.close();
    await closeTestDatabase();
  });

  return { api, db: async () => (await getTestDatabase()).db };
}
