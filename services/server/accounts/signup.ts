import { randomBytes } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { SettingsMap } from '@/services/domain/settings';
import type { Db, Tx } from '@/services/server/db/client';
import { users } from '@/services/server/db/schema';
import { grantSignupBonuses } from '@/services/server/economy/bonuses';
import { ApiError } from '@/services/server/gateway/api-error';
import type { VerifiedIdentity } from '@/services/server/identity/provider';
import { createSession } from '@/services/server/accounts/sessions';
import { awardBadges } from '@/services/server/badges/engine';
import { toUserData, type UserData } from '@/services/server/accounts/user-data';

export type LoginType = 'email' | 'mobile' | 'gmail';

/** What user_signup sends besides the proof; profile data the proof vouches for wins over it. */
export interface SignupRequest {
  readonly type: LoginType;
  readonly name?: string;
  readonly email?: string;
  readonly mobile?: string;
  readonly profile?: string;
  readonly fcmId?: string;
  readonly friendsCode?: string;
}

export interface SignupOutcome {
  /** true: a new player (code 104); false: an existing one signed in (code 105). */
  readonly created: boolean;
  readonly apiToken: string;
  readonly user: UserData;
}

/** 32 letters and digits without look-alikes (0/O, 1/I): easy to read out and type. */
const REFER_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const REFER_CODE_LENGTH = 8;

export function newReferCode(): string {
  const bytes = randomBytes(REFER_CODE_LENGTH);
  let code = '';
  for (const b of bytes) code += REFER_ALPHABET[b & 31];
  return code;
}

/** Spec §3: the name's first letter is capitalised at sign-up. */
export function capitaliseName(name: string): string {
  const trimmed = name.trim();
  const first = trimmed.codePointAt(0);
  if (first === undefined) return '';
  const head = String.fromCodePoint(first);
  return head.toLocaleUpperCase() + trimmed.slice(head.length);
}

/** The login type follows from how the identity was proven; the request's type is a fallback. */
function loginTypeOf(identity: VerifiedIdentity, requested: LoginType): LoginType {
  switch (identity.signInProvider) {
    case 'password':
      return 'email';
    case 'phone':
      return 'mobile';
    case 'google.com':
      return 'gmail';
    default:
      return requested;
  }
}

async function findByFirebaseId(tx: Tx, uid: string) {
  const [row] = await tx.select().from(users).where(eq(users.firebaseId, uid)).limit(1);
  return row;
}

async function findReferrer(tx: Tx, code: string, uid: string): Promise<number> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.referCode, code), eq(users.status, true), isNull(users.deletedAt), ne(users.firebaseId, uid)))
    .limit(1);
  if (!row) throw new ApiError('103', { field: 'friends_code', detail: 'friends_code: no player has this code' });
  return row.id;
}

async function signInExisting(tx: Tx, row: typeof users.$inferSelect, request: SignupRequest): Promise<SignupOutcome> {
  if (!row.status) throw new ApiError('126');
  let current = row;
  if (request.fcmId && request.fcmId !== row.fcmId) {
    const [updated] = await tx.update(users).set({ fcmId: request.fcmId }).where(eq(users.id, row.id)).returning();
    current = updated ?? row;
  }
  const session = await createSession(tx, row.id);
  return { created: false, apiToken: session.token, user: toUserData(current) };
}

/**
 * Trades a verified identity for an api_token: signs an existing player in, or creates the player
 * with their bonuses and first session in one transaction. Two concurrent calls for one uid make
 * one player (the unique firebase_id decides; the loser signs in as the winner's player).
 */
export async function signUpOrSignIn(db: Db, settings: SettingsMap, identity: VerifiedIdentity, request: SignupRequest): Promise<SignupOutcome> {
  const uid = identity.uid;
  return db.transaction(async (tx) => {
    const existing = await findByFirebaseId(tx, uid);
    if (existing && !existing.deletedAt) return signInExisting(tx, existing, request);
    if (existing) {
      // A deleted account keeps its row for the ledger; its uid is freed for a fresh start.
      await tx
        .update(users)
        .set({ firebaseId: sql`'deleted:' || ${users.id} || ':' || ${users.firebaseId}` })
        .where(eq(users.id, existing.id));
    }

    const friendsCode = request.friendsCode?.trim().toUpperCase() || undefined;
    const referrerId = friendsCode ? await findReferrer(tx, friendsCode, uid) : null;
    const values = {
      firebaseId: uid,
      name: capitaliseName(request.name ?? identity.name ?? '').slice(0, 50),
      email: identity.email ?? request.email ?? null,
      mobile: identity.phone ?? request.mobile ?? null,
      type: loginTypeOf(identity, request.type),
      profile: request.profile ?? null,
      fcmId: request.fcmId ?? null,
      friendsCode: referrerId === null ? null : friendsCode,
      referredBy: referrerId,
    };

    for (let attempt = 0; attempt < 5; attempt++) {
      // DO NOTHING on either unique column: a concurrent sign-up of this uid, or a refer code taken.
      const [created] = await tx
        .insert(users)
        .values({ ...values, referCode: newReferCode() })
        .onConflictDoNothing()
        .returning({ id: users.id });
      if (created) {
        await grantSignupBonuses(tx, settings, { newUserId: created.id, referrerId });
        // The referrer's new referral (and bonus) may earn a badge: sharing caring, elite.
        if (referrerId !== null) await awardBadges(tx, referrerId, settings, { kind: 'referral' });
        const session = await createSession(tx, created.id);
        const [row] = await tx.select().from(users).where(eq(users.id, created.id));
        return { created: true, apiToken: session.token, user: toUserData(row!) };
      }
      const raced = await findByFirebaseId(tx, uid);
      if (raced) return signInExisting(tx, raced, request);
    }
    throw new Error('no free refer code after 5 attempts');
  });
}

/** check_user_exists: a deleted account does not exist. */
export async function playerExists(db: Db, uid: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.firebaseId, uid), isNull(users.deletedAt)))
    .limit(1);
  return Boolean(row);
}
