/**
 * Writes several settings in one process, before a browser test's server starts (the operator
 * command `scripts/settings.ts` does one per run, and each run opens the database again):
 *   tsx tests/e2e/support/apply-settings.ts '{"random_battle_duration":"15"}'
 * Each value is checked as the admin console would (an out-of-range value fails the run).
 */
import { readConfig } from '@/services/server/config';
import { openConfiguredDatabase } from '@/services/server/api-runtime';
import { createSettingsService } from '@/services/server/settings/service';
import { isApiError } from '@/services/server/gateway/api-error';

async function main() {
  const settings = JSON.parse(process.argv[2] ?? '{}') as Record<string, string>;
  const database = await openConfiguredDatabase(readConfig());
  try {
    const service = createSettingsService(database.db);
    for (const [key, value] of Object.entries(settings)) await service.update(key, value);
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(isApiError(err) ? `refused: ${err.detail}` : err instanceof Error ? err.message : err);
  process.exit(1);
});
