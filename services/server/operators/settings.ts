import { eq } from 'drizzle-orm';
import type { SettingGroupItems } from '@/services/domain/console-types';
import { ALL_SETTINGS, SETTING_GROUPS, settingDef, validateSetting } from '@/services/domain/settings';
import type { Db } from '@/services/server/db/client';
import { settings } from '@/services/server/db/schema';
import { ApiError } from '@/services/server/gateway/api-error';
import { writeAudit, type AuditActor } from '@/services/server/operators/audit';
import type { SettingsService } from '@/services/server/settings/service';

/**
 * Settings as the console edits them (docs/settings.md): the catalogue, grouped, with the current
 * values. A change is checked against its rule, written with its audit entry in one transaction,
 * and read by every instance within the settings cache's time-to-live (2 s).
 */

export async function settingsForConsole(service: SettingsService): Promise<SettingGroupItems[]> {
  const current = await service.current();
  return (Object.keys(SETTING_GROUPS) as (keyof typeof SETTING_GROUPS)[]).map((group) => ({
    group,
    title: SETTING_GROUPS[group],
    settings: ALL_SETTINGS.filter((d) => d.group === group).map((d) => ({
      key: d.key,
      kind: d.kind,
      min: d.min ?? null,
      max: d.max ?? null,
      default: d.default,
      description: d.description,
      value: current[d.key] ?? d.default,
    })),
  }));
}

export async function updateSetting(db: Db, service: SettingsService, actor: AuditActor, key: string, value: string): Promise<{ key: string; value: string; changed: boolean }> {
  const def = settingDef(key);
  if (!def) throw new ApiError('103', { field: 'key', detail: `key: there is no setting ${key}` });
  const refused = validateSetting(key, value);
  if (refused) throw new ApiError('103', { field: 'value', detail: `value: ${refused}` });
  const changed = await db.transaction(async (tx) => {
    const [row] = await tx.select({ value: settings.value }).from(settings).where(eq(settings.key, key)).for('update');
    const before = row?.value ?? def.default;
    if (before === value) return false;
    await tx
      .insert(settings)
      .values({ key, value })
      .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
    await writeAudit(tx, actor, { action: 'setting.update', targetType: 'setting', targetId: key, before: { value: before }, after: { value } });
    return true;
  });
  service.invalidate();
  return { key, value, changed };
}
