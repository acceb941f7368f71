import { defaultSettings, validateSetting, type SettingsMap } from '@/services/domain/settings';
import type { Db } from '@/services/server/db/client';
import { ApiError } from '@/services/server/gateway/api-error';
import { readAllSettings, writeSetting } from '@/services/server/settings/repository';

export interface SettingsService {
  /** Current settings: stored values over defaults. Cached; see `ttlMs`. */
  current(): Promise<SettingsMap>;
  /** The cached settings while they are fresh, else null (then `current()` reads them): the gateway's way without a promise. */
  held(): SettingsMap | null;
  update(key: string, value: string): Promise<SettingsMap>;
  invalidate(): void;
}

/**
 * Settings are read on every call, so they are cached in memory. Another instance (PostgreSQL
 * deployments) may change them, hence a short time-to-live instead of caching forever; changes made
 * through this instance are visible at once.
 */
export function createSettingsService(db: Db, options: { ttlMs?: number; now?: () => number } = {}): SettingsService {
  const ttlMs = options.ttlMs ?? 2000;
  const now = options.now ?? Date.now;
  const defaults = defaultSettings();
  let cached: { value: SettingsMap; at: number } | undefined;
  let loading: Promise<SettingsMap> | undefined;
  let generation = 0;

  const load = (): Promise<SettingsMap> => {
    if (loading) return loading;
    const started = generation;
    loading = readAllSettings(db)
      .then((stored) => {
        const value = Object.freeze({ ...defaults, ...stored });
        if (started === generation) cached = { value, at: now() };
        return value;
      })
      .finally(() => {
        loading = undefined;
      });
    return loading;
  };

  return {
    current() {
      if (cached && now() - cached.at < ttlMs) return Promise.resolve(cached.value);
      return load();
    },
    held() {
      return cached && now() - cached.at < ttlMs ? cached.value : null;
    },
    async update(key, value) {
      const refused = validateSetting(key, value);
      if (refused) throw new ApiError('103', { field: key, detail: refused });
      await writeSetting(db, key, value);
      generation += 1;
      cached = undefined;
      return load();
    },
    invalidate() {
      generation += 1;
      cached = undefined;
    },
  };
}
