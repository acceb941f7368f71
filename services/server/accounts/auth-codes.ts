import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull, lt } from 'drizzle-orm';
import type { Db, Tx } from '@/services/server/db/client';
import { authCodes } from '@/services/server/db/schema';
import { hashToken } from '@/services/server/accounts/sessions';

/**
 * One-time links (email verification, password reset) and phone codes (OTP), kept in
 * `auth_codes` as hashes only: a copy of the table lets nobody verify a mailbox or sign in.
 */

export type LinkPurpose = 'verify_email' | 'reset_password';

export const OTP_LIFETIME_MS = 10 * 60 * 1000;
/** The 5th wrong code locks the code it was tried against. */
export const OTP_MAX_ATTEMPTS = 5;

type Executor = Db | Tx;

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Stores a new link and returns its token, `<row id>.<32 random bytes>`: the id finds the row
 * without an index on the hash, the random part is what proves possession.
 */
export async function issueLinkToken(db: Executor, purpose: LinkPurpose, target: string, lifetimeMs: number, now: Date = new Date()): Promise<string> {
  const secret = randomBytes(32).toString('base64url');
  const [row] = await db
    .insert(authCodes)
    .values({ purpose, target, codeHash: hashToken(secret), expiresAt: new Date(now.getTime() + lifetimeMs), createdAt: now })
    .returning({ id: authCodes.id });
  if (Math.random() < 0.02) await sweepAuthCodes(db, now);
  return `${row!.id}.${secret}`;
}

/**
 * Uses a link once: answers the address it was sent to, or null when the token is unknown,
 * forged, expired or already used. Call it inside the transaction that acts on the link: the row
 * is locked, so two clicks cannot both succeed.
 */
export async function consumeLinkToken(tx: Tx, purpose: LinkPurpose, token: string, now: Date = new Date()): Promise<string | null> {
  const row = await findLiveLink(tx, purpose, token, now, true);
  if (!row) return null;
  await tx.update(authCodes).set({ usedAt: now }).where(eq(authCodes.id, row.id));
  return row.target;
}

/**
 * Whether a link is live, without using it: lets a caller refuse a dead link before doing costly
 * work (hashing a new password), then consume it in its transaction.
 */
export async function peekLinkToken(db: Executor, purpose: LinkPurpose, token: string, now: Date = new Date()): Promise<string | null> {
  const row = await findLiveLink(db, purpose, token, now, false);
  return row?.target ?? null;
}

async function findLiveLink(db: Executor, purpose: LinkPurpose, token: string, now: Date, lock: boolean) {
  const match = /^(\d{1,10})\.([A-Za-z0-9_-]{20,100})$/.exec(token);
  if (!match) return null;
  const id = Number(match[1]);
  if (id > 2_147_483_647) return null;
  const query = db
    .select()
    .from(authCodes)
    .where(and(eq(authCodes.id, id), eq(authCodes.purpose, purpose)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row || row.usedAt || row.expiresAt <= now || !sameHash(row.codeHash, hashToken(match[2]!))) return null;
  return row;
}

/** Marks every unused code of this purpose and target as used (replaced or no longer needed). */
export async function invalidateCodes(db: Executor, purpose: LinkPurpose | 'otp', target: string, now: Date = new Date()): Promise<void> {
  await db
    .update(authCodes)
    .set({ usedAt: now })
    .where(and(eq(authCodes.purpose, purpose), eq(authCodes.target, target), isNull(authCodes.usedAt)));
}

/** Six digits from the crypto generator, leading zeros kept. */
export function newOtpCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/** Stores a new code for a phone, invalidating the earlier unused ones, and returns it. */
export async function issueOtp(db: Db, phone: string, hashCode: (code: string) => string, now: Date = new Date()): Promise<string> {
  const code = newOtpCode();
  await db.transaction(async (tx) => {
    await invalidateCodes(tx, 'otp', phone, now);
    await tx.insert(authCodes).values({
      purpose: 'otp',
      target: phone,
      codeHash: hashCode(code),
      expiresAt: new Date(now.getTime() + OTP_LIFETIME_MS),
      createdAt: now,
    });
  });
  if (Math.random() < 0.02) await sweepAuthCodes(db, now);
  return code;
}

export type OtpCheck =
  | { readonly outcome: 'accepted' }
  | { readonly outcome: 'invalid'; readonly attemptsLeft: number | null }
  | { readonly outcome: 'expired' }
  | { readonly outcome: 'locked' };

/**
 * Checks a code against the latest one sent to the phone, inside the caller's transaction with
 * that row locked, so parallel guesses are counted one after another and never pass 5. A wrong
 * code counts an attempt (the caller must commit, not roll back, before refusing); the 5th wrong
 * one locks the code; a right code is used up.
 */
export async function checkOtp(tx: Tx, phone: string, code: string, hashCode: (code: string) => string, now: Date = new Date()): Promise<OtpCheck> {
  const [row] = await tx
    .select()
    .from(authCodes)
    .where(and(eq(authCodes.purpose, 'otp'), eq(authCodes.target, phone)))
    .orderBy(desc(authCodes.id))
    .limit(1)
    .for('update');
  if (!row || row.usedAt) return { outcome: 'invalid', attemptsLeft: null };
  if (row.attempts >= OTP_MAX_ATTEMPTS) return { outcome: 'locked' };
  if (row.expiresAt <= now) return { outcome: 'expired' };
  if (sameHash(row.codeHash, hashCode(code))) {
    await tx.update(authCodes).set({ usedAt: now }).where(eq(authCodes.id, row.id));
    return { outcome: 'accepted' };
  }
  const attempts = row.attempts + 1;
  await tx.update(authCodes).set({ attempts }).where(eq(authCodes.id, row.id));
  return attempts >= OTP_MAX_ATTEMPTS ? { outcome: 'locked' } : { outcome: 'invalid', attemptsLeft: OTP_MAX_ATTEMPTS - attempts };
}

/** Deletes codes that expired more than a day ago. */
export async function sweepAuthCodes(db: Executor, now: Date = new Date()): Promise<void> {
  await db.delete(authCodes).where(lt(authCodes.expiresAt, new Date(now.getTime() - 24 * 60 * 60 * 1000)));
}
