import { hash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '@/services/server/db/client';
import { sessions } from '@/services/server/db/schema';
import { preparedStatement, runPrepared } from '@/services/server/db/prepared';

/** The player behind a valid api_token. */
export interface AuthUser {
  readonly id: number;
  readonly firebaseId: string;
  readonly name: string;
  /** An operator's role, or null for a player (docs/operators.md). */
  readonly role: OperatorRole | null;
  /** false when an admin deactivated the account. */
  readonly active: boolean;
  /** The session the call was made with (the token's hash): what `logout` revokes. */
  readonly sessionId: string;
}

/** Operator roles: `admin` may do everything, `editor` the content only. */
export const OPERATOR_ROLES = ['admin', 'editor'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];
export const isOperatorRole = (value: unknown): value is OperatorRole => (OPERATOR_ROLES as readonly unknown[]).includes(value);

/** A session lasts 30 days from sign-in; signing in again starts a new one. */
export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

/** Tokens are stored only as their SHA-256, so a leaked table does not leak sessions. */
export function hashToken(token: string): string {
  // The one-shot form: the same digest as createHash(...).update(...).digest('hex'), without a Hash object per call.
  return hash('sha256', token, 'hex');
}

/**
 * A token not in the gateway's session cache (session-cache.ts) is looked up, so the statement is
 * prepared once per connection (services/server/db/prepared.ts): a join planned anew each time
 * costs several times its run.
 */
const sessionUserStatement = preparedStatement<{ id: number; firebase_id: string; name: string; role: string | null; status: boolean; expires_at: Date | string }>(
  'session_user_expiry',
  `select u.id, u.firebase_id, u.name, u.role, u.status, s.expires_at
     from sessions s join users u on u.id = s.user_id
    where s.token_hash = $1::text and s.revoked_at is null and s.expires_at > $2::timestamptz and u.deleted_at is null
    limit 1`,
);

/** Looks a token up; null when it is unknown, revoked, expired or its account was deleted. */
export async function findSessionUser(db: Db, token: string, now: Date = new Date()): Promise<AuthUser | null> {
  return (await findSession(db, hashToken(token), now))?.user ?? null;
}

/** A session by its token's hash, with when it expires; null when unknown, revoked, expired or its account was deleted. */
export async function findSession(db: Db, tokenHash: string, now: Date = new Date()): Promise<{ user: AuthUser; expiresAt: number } | null> {
  const [row] = await runPrepared(db, sessionUserStatement, [tokenHash, now]);
  if (!row) return null;
  return {
    user: { id: Number(row.id), firebaseId: row.firebase_id, name: row.name, role: isOperatorRole(row.role) ? row.role : null, active: row.status, sessionId: tokenHash },
    expiresAt: new Date(row.expires_at).getTime(),
  };
}

/** Starts a session: an opaque 32-byte random token, of which only the hash is stored. */
export async function createSession(
  db: Db | Tx,
  userId: number,
  now: Date = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId, createdAt: now, expiresAt });
  return { token, expiresAt };
}

/** Ends one session (logout). Revoking twice changes nothing. */
export async function revokeSession(db: Db | Tx, sessionId: string, now: Date = new Date()): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.tokenHash, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every session of a player (account deleted, signed out everywhere). Returns how many. */
export async function revokeAllSessions(db: Db | Tx, userId: number, now: Date = new Date()): Promise<number> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ tokenHash: sessions.tokenHash });
  return revoked.length;
}
