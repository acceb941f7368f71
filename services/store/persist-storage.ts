import { PERSIST_STORAGE_KEY } from '@/services/store/persist-key';

/** The `_persist.version` written beside the slices. */
export const PERSIST_VERSION = 1;

/**
 * The saved slices live under one localStorage key, each slice as a JSON string inside it, with a
 * `_persist` entry: the format earlier versions of the app wrote, so a player's session and
 * choices survive an upgrade.
 */
function local(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The saved slices by name; nothing for a first visit or unreadable storage. */
export function readPersisted(): Record<string, unknown> {
  try {
    const raw = local()?.getItem(PERSIST_STORAGE_KEY);
    if (!raw) return {};
    const outer = JSON.parse(raw) as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(outer)) {
      if (key === '_persist' || typeof value !== 'string') continue;
      try {
        out[key] = JSON.parse(value);
      } catch {
        // One unreadable slice starts from its initial state; the others are kept.
      }
    }
    return out;
  } catch {
    return {};
  }
}

export function writePersisted(slices: Record<string, unknown>): void {
  const outer: Record<string, string> = {};
  for (const [key, value] of Object.entries(slices)) outer[key] = JSON.stringify(value);
  outer._persist = JSON.stringify({ version: PERSIST_VERSION, rehydrated: true });
  try {
    local()?.setItem(PERSIST_STORAGE_KEY, JSON.stringify(outer));
  } catch {
    // Quota exceeded or storage disabled (private mode): the app keeps working unpersisted.
  }
}
