import { createHash } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '@/services/server/db/client';
import { sessions, users } from '@/services/server/db/schema';

/** The player behind a valid api_token. */
export interface AuthUser {
  readonly id: number;
  readonly firebaseId: string;
  readonly name: string;
  readonly isAdmin: boolean;
  /** false when an admin deactivated the account. */
  readonly active: boolean;
}

/** Tokens are stored only as their SHA-256, so a leaked table does not leak sessions. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Looks a token up; null when it is unknown, revoked or expired. */
export async function findSessionUser(db: Db, token: string, now: Date = new Date()): Promise<AuthUser | null> {
  const rows = await db
    .select({
      id: users.id,
      firebaseId: users.firebaseId,
      name: users.name,
      isAdmin: users.isAdmin,
      active: users.status,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .limit(1);
  return rows[0] ?? null;
}
