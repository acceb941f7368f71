import { eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '@/services/server/db/client';
import { authCodes, localIdentities, users } from '@/services/server/db/schema';

type Executor = Db | Tx;

export type UserRow = typeof users.$inferSelect;

export async function findUser(db: Executor, userId: number): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return rows[0];
}

/** Locks the player's row for the rest of the transaction. */
export async function lockUser(tx: Tx, userId: number): Promise<UserRow | undefined> {
  const rows = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  return rows[0];
}

export type ProfilePatch = Partial<Pick<UserRow, 'name' | 'email' | 'mobile' | 'webLanguage' | 'timeExtension'>>;

export async function updateProfileFields(db: Executor, userId: number, patch: ProfilePatch): Promise<UserRow | undefined> {
  if (Object.keys(patch).length === 0) return findUser(db, userId);
  const rows = await db.update(users).set(patch).where(eq(users.id, userId)).returning();
  return rows[0];
}

export async function setProfileImage(tx: Tx, userId: number, profile: string | null): Promise<void> {
  await tx.update(users).set({ profile }).where(eq(users.id, userId));
}

/**
 * Strips a player's personal data and closes the account; the row stays because ledger entries
 * (which hold no personal data) point at it.
 */
export async function anonymiseUser(tx: Tx, userId: number, replacementFirebaseId: string, now: Date): Promise<void> {
  await tx
    .update(users)
    .set({
      name: '',
      email: null,
      mobile: null,
      profile: null,
      fcmId: null,
      referCode: null,
      friendsCode: null,
      webLanguage: null,
      firebaseId: replacementFirebaseId,
      status: false,
      deletedAt: now,
    })
    .where(eq(users.id, userId));
}

/** Deletes the built-in provider's identity of a uid; answers the email and phone it held. */
export async function deleteLocalIdentity(tx: Executor, uid: string): Promise<{ email: string | null; phone: string | null } | undefined> {
  const rows = await tx
    .delete(localIdentities)
    .where(eq(localIdentities.uid, uid))
    .returning({ email: localIdentities.email, phone: localIdentities.phone });
  return rows[0];
}

/** Deletes pending verification, reset and OTP codes sent to these addresses and numbers. */
export async function deleteAuthCodesFor(tx: Executor, targets: readonly string[]): Promise<void> {
  if (targets.length === 0) return;
  await tx.delete(authCodes).where(inArray(authCodes.target, [...targets]));
}
