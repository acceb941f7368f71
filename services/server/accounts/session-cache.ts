import type { Logger } from 'pino';
import { findSession, hashToken, type AuthUser } from '@/services/server/accounts/sessions';
import { AUTH_CHANNEL, type Database } from '@/services/server/db/client';
import { listenChannel, type StopListening } from '@/services/server/db/listen';

/**
 * The gateway's sessions, resolved without a database trip (docs/api.md, Sessions): a bounded
 * in-process map from a token's hash to its player and the session's expiry, filled by the
 * lookup of a token it does not hold.
 *
 * What makes a held session wrong is a change of its `sessions` row (logout, revocation) or of
 * its player's row (deactivated, role, name, deleted). Triggers on both tables (migration 0015)
 * NOTIFY `AUTH_CHANNEL` with what changed — whoever made the change: an endpoint, a command, an
 * operator's SQL — and every process drops what it held of it:
 * - `s:<token hash>`: one session; `u:<user id>`: every session of a player; `*`: everything
 *   (a table truncated).
 * On PGlite the notification arrives before the changing statement returns, so the very next call
 * sees the change. On PostgreSQL the process that made the change hears it before its commit
 * returns (every pooled connection listens: db/client.ts), and the other processes over their
 * LISTEN connection right after the commit; while that connection is down the cache is not used at
 * all, and it starts empty again.
 *
 * A lookup that was running when something was dropped is not kept (it may have read the row
 * before the change). Entries also expire after `ttlMs`, and with their session.
 */
export { AUTH_CHANNEL };

export interface SessionCache {
  /** The player behind a token, or null (unknown, revoked, expired, account deleted). */
  find(token: string, now?: Date): Promise<AuthUser | null>;
  /**
   * Drops what a notification names (`s:<hash>`, `u:<id>` or `*`). The endpoints that change a
   * session or a player call it after their commit too, so that on PostgreSQL this process does not
   * depend on its own notification coming back before the next call.
   */
  invalidate(payload: string): void;
  /** Starts listening for changes; until then (and after close) every call is looked up. */
  start(): Promise<void>;
  close(): Promise<void>;
  /** Lookups answered from memory and from the database, changes heard from the database, sessions held. */
  stats(): { hits: number; misses: number; heard: number; size: number };
}

export interface SessionCacheOptions {
  readonly database: Database;
  readonly log: Logger;
  /** Sessions held at most (the oldest looked up is dropped first). */
  readonly maxEntries?: number;
  /** How long a held session is trusted without a change heard (a bound in case one is missed). */
  readonly ttlMs?: number;
  readonly clock?: () => number;
}

interface Entry {
  readonly user: AuthUser;
  readonly expiresAt: number;
  readonly heldUntil: number;
}

export const SESSION_CACHE_MAX_ENTRIES = 50_000;
export const SESSION_CACHE_TTL_MS = 5 * 60_000;

export function createSessionCache(options: SessionCacheOptions): SessionCache {
  const { database, log } = options;
  const maxEntries = options.maxEntries ?? SESSION_CACHE_MAX_ENTRIES;
  const ttlMs = options.ttlMs ?? SESSION_CACHE_TTL_MS;
  const clock = options.clock ?? Date.now;
  const entries = new Map<string, Entry>();
  const byUser = new Map<number, Set<string>>();
  /** Bumped by every drop: a lookup that saw it bumped while it ran is not kept. */
  let generation = 0;
  let listening = false;
  let stop: StopListening | null = null;
  let hits = 0;
  let misses = 0;
  let heard = 0;

  function forget(hash: string): void {
    const entry = entries.get(hash);
    if (!entry) return;
    entries.delete(hash);
    const hashes = byUser.get(entry.user.id);
    hashes?.delete(hash);
    if (hashes?.size === 0) byUser.delete(entry.user.id);
  }

  function clear(): void {
    generation += 1;
    entries.clear();
    byUser.clear();
  }

  function invalidate(payload: string): void {
    generation += 1;
    if (payload.startsWith('s:')) forget(payload.slice(2));
    else if (payload.startsWith('u:')) {
      for (const hash of [...(byUser.get(Number(payload.slice(2))) ?? [])]) forget(hash);
    } else clear();
  }

  function keep(hash: string, user: AuthUser, expiresAt: number, now: number): void {
    forget(hash);
    if (entries.size >= maxEntries) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) forget(oldest);
    }
    entries.set(hash, { user, expiresAt, heldUntil: now + ttlMs });
    let hashes = byUser.get(user.id);
    if (!hashes) byUser.set(user.id, (hashes = new Set()));
    hashes.add(hash);
  }

  return {
    async find(token, at) {
      const now = at?.getTime() ?? clock();
      const hash = hashToken(token);
      if (listening) {
        const entry = entries.get(hash);
        if (entry && entry.expiresAt > now && entry.heldUntil > now) {
          hits += 1;
          return entry.user;
        }
        if (entry) forget(hash);
      }
      misses += 1;
      const seen = generation;
      const found = await findSession(database.db, hash, new Date(now));
      if (found && listening && seen === generation) keep(hash, found.user, found.expiresAt, now);
      return found?.user ?? null;
    },
    invalidate,
    async start() {
      if (stop) return;
      stop = await listenChannel(
        database,
        AUTH_CHANNEL,
        {
          payload(payload) {
            heard += 1;
            invalidate(payload);
          },
          up() {
            clear();
            listening = true;
          },
          down() {
            listening = false;
            clear();
          },
        },
        log.child({ component: 'sessions' }),
      );
    },
    async close() {
      const stopping = stop;
      stop = null;
      listening = false;
      clear();
      await stopping?.();
    },
    stats: () => ({ hits, misses, heard, size: entries.size }),
  };
}
