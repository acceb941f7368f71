import { and, eq, sql } from 'drizzle-orm';
import { pages, settings, systemLanguages } from '@/services/server/db/schema';
import type { Conn } from '@/services/server/content/repository';

/** SQL of seeding that is not content: setting defaults, informational pages, interface languages. */

/** The settings key under which the fingerprint of the last seeded shipped files is kept. */
export const SEED_FINGERPRINT_KEY = 'seed_fingerprint';

/** Inserts the settings that are missing; a stored value (an admin's) is never overwritten. */
export async function insertMissingSettings(db: Conn, entries: readonly { key: string; value: string }[]): Promise<number> {
  if (entries.length === 0) return 0;
  const rows = await db.insert(settings).values([...entries]).onConflictDoNothing().returning({ key: settings.key });
  return rows.length;
}

export async function readSeedFingerprint(db: Conn): Promise<string | null> {
  const rows = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, SEED_FINGERPRINT_KEY)).limit(1);
  return rows[0]?.value ?? null;
}

export async function storeSeedFingerprint(db: Conn, value: string): Promise<void> {
  await db
    .insert(settings)
    .values({ key: SEED_FINGERPRINT_KEY, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
}

export interface PageInput {
  type: string;
  language: string;
  title: string;
  content: string;
  items: { question: string; answer: string }[];
}

/** Inserts the pages that are missing for their (type, language); an edited page is kept. */
export async function insertMissingPages(db: Conn, input: readonly PageInput[]): Promise<number> {
  if (input.length === 0) return 0;
  const rows = await db.insert(pages).values([...input]).onConflictDoNothing().returning({ id: pages.id });
  return rows.length;
}

export async function findSystemLanguage(db: Conn, name: string) {
  const rows = await db
    .select({ name: systemLanguages.name, version: systemLanguages.version, strings: systemLanguages.strings })
    .from(systemLanguages)
    .where(eq(systemLanguages.name, name))
    .limit(1);
  return rows[0] ?? null;
}

export async function hasDefaultSystemLanguage(db: Conn): Promise<boolean> {
  const rows = await db.select({ name: systemLanguages.name }).from(systemLanguages).where(eq(systemLanguages.isDefault, true)).limit(1);
  return rows.length > 0;
}

/** Inserts an interface language; false when it already exists. */
export async function insertSystemLanguage(
  db: Conn,
  input: { name: string; title: string; rtl: boolean; isDefault: boolean; strings: Record<string, string> },
): Promise<boolean> {
  const rows = await db.insert(systemLanguages).values(input).onConflictDoNothing().returning({ name: systemLanguages.name });
  return rows.length > 0;
}

/**
 * Replaces the strings of an interface language and bumps its version, guarded by the version read
 * so that an admin's edit made in between is not lost (false: someone else changed it first).
 */
export async function updateSystemLanguageStrings(
  db: Conn,
  input: { name: string; readVersion: number; strings: Record<string, string> },
): Promise<boolean> {
  const rows = await db
    .update(systemLanguages)
    .set({ strings: input.strings, version: input.readVersion + 1, updatedAt: sql`now()` })
    .where(and(eq(systemLanguages.name, input.name), eq(systemLanguages.version, input.readVersion)))
    .returning({ name: systemLanguages.name });
  return rows.length > 0;
}
