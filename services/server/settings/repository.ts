import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '@/services/server/db/client';
import { languages, pages, settings, systemLanguages } from '@/services/server/db/schema';

export async function readAllSettings(db: Db): Promise<Record<string, string>> {
  const rows = await db.select({ key: settings.key, value: settings.value }).from(settings);
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

export async function writeSetting(db: Db, key: string, value: string): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
}

export async function readPage(db: Db, type: string, language: string) {
  const rows = await db
    .select({ type: pages.type, title: pages.title, content: pages.content, items: pages.items, language: pages.language })
    .from(pages)
    .where(and(eq(pages.type, type), eq(pages.language, language)))
    .limit(1);
  return rows[0] ?? null;
}

export async function listContentLanguages(db: Db) {
  return db
    .select({ id: languages.id, language: languages.language, code: languages.code, is_default: languages.isDefault })
    .from(languages)
    .where(eq(languages.status, true))
    .orderBy(asc(languages.id));
}

export async function listSystemLanguages(db: Db) {
  return db
    .select({
      name: systemLanguages.name,
      title: systemLanguages.title,
      rtl: systemLanguages.rtl,
      version: systemLanguages.version,
      is_default: systemLanguages.isDefault,
    })
    .from(systemLanguages)
    .orderBy(asc(systemLanguages.name));
}

export async function readSystemLanguage(db: Db, name: string) {
  const rows = await db
    .select({
      name: systemLanguages.name,
      title: systemLanguages.title,
      rtl: systemLanguages.rtl,
      version: systemLanguages.version,
      strings: systemLanguages.strings,
    })
    .from(systemLanguages)
    .where(eq(systemLanguages.name, name))
    .limit(1);
  return rows[0] ?? null;
}
