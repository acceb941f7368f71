/**
 * Operator command for settings (the admin console does the same from the browser):
 *   npm run settings -- list
 *   npm run settings -- get <key>
 *   npm run settings -- set <key> <value>      e.g. set maintenance_mode 1
 * With the embedded database, stop the server first (it holds the database open).
 */
import { ALL_SETTINGS, settingDef } from '@/services/domain/settings';
import { readConfig } from '@/services/server/config';
import { openConfiguredDatabase } from '@/services/server/api-runtime';
import { createSettingsService } from '@/services/server/settings/service';
import { isApiError } from '@/services/server/gateway/api-error';

async function main() {
  const [command, key, value] = process.argv.slice(2);
  if (!command || !['list', 'get', 'set'].includes(command) || (command !== 'list' && !key) || (command === 'set' && value === undefined)) {
    console.error('usage: npm run settings -- list | get <key> | set <key> <value>');
    process.exit(2);
  }
  if (key && !settingDef(key)) {
    console.error(`unknown setting "${key}". Known settings: ${ALL_SETTINGS.map((d) => d.key).join(', ')}`);
    process.exit(2);
  }
  const database = await openConfiguredDatabase(readConfig());
  try {
    const service = createSettingsService(database.db);
    if (command === 'list') {
      const current = await service.current();
      for (const def of ALL_SETTINGS) console.log(`${def.key}=${current[def.key]}    # ${def.description}`);
    } else if (command === 'get') {
      console.log((await service.current())[key!]);
    } else {
      const updated = await service.update(key!, value!);
      console.log(`${key}=${updated[key!]}`);
    }
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(isApiError(err) ? `refused: ${err.detail}` : err instanceof Error ? err.message : err);
  process.exit(1);
});
