import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { ALL_SETTINGS, PAGE_TYPES } from '@/services/domain/settings';
import type { Db } from '@/services/server/db/client';
import {
  categories,
  languages,
  pages,
  questions,
  settings,
  subcategories,
  systemLanguages,
} from '@/services/server/db/schema';
import { ensureSeeded, seedDatabase } from '@/services/server/content/seed';
import { closeTestDatabase, getTestDatabase, resetDatabase, testDbKind } from '@/tests/setup/db';

const ROOT = process.cwd();
let db: Db;

beforeAll(async () => {
  db = (await getTestDatabase()).db;
});
beforeEach(async () => {
  await resetDatabase(await getTestDatabase());
});
afterAll(closeTestDatabase);

async function tableSizes() {
  const size = async (table: PgTable) => (await db.select({ n: count() }).from(table))[0]!.n;
  return {
    settings: await size(settings),
    languages: await size(languages),
    systemLanguages: await size(systemLanguages),
    pages: await size(pages),
    categories: await size(categories),
    subcategories: await size(subcategories),
    questions: await size(questions),
  };
}

/** A project root in a temporary directory, with the shipped files a test needs. */
function fixtureRoot(files: Record<string, unknown>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'qa-seed-'));
  for (const [rel, data] of Object.entries(files)) writeFixture(root, rel, data);
  return root;
}
function writeFixture(root: string, rel: string, data: unknown) {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  fs.writeFileSync(path.join(root, rel), JSON.stringify(data, null, 2));
}

function demoFile(edit: (qs: Record<string, unknown>[]) => void = () => {}) {
  const qs: Record<string, unknown>[] = Array.from({ length: 10 }, (_, i) => ({
    key: `trees.oaks.${i + 1}`,
    type: i === 0 ? 'boolean' : 'multiple',
    level: 1,
    question: `Tree question ${i + 1}?`,
    options: i === 0 ? ['True', 'False'] : [`Oak ${i}`, `Ash ${i}`, `Elm ${i}`, `Yew ${i}`],
    answer: i === 0 ? 1 : 2,
    note: 'A note.',
  }));
  edit(qs);
  return {
    language: 'en',
    category: { slug: 'trees', name: 'Trees', row_order: 1 },
    subcategories: [{ slug: 'oaks', name: 'Oaks', row_order: 1, questions: qs }],
  };
}

describe(`seeding (${testDbKind})`, () => {
  test('a second run inserts nothing and leaves every table the same size', async () => {
    const first = await seedDatabase(db, { rootDir: ROOT });
    const after = await tableSizes();
    expect(first.settings.inserted).toBe(ALL_SETTINGS.length);
    expect(first.demo.inserted).toBeGreaterThan(0);
    expect(after.questions).toBe(first.demo.inserted);

    const second = await seedDatabase(db, { rootDir: ROOT });
    expect(second).toEqual({
      settings: { inserted: 0 },
      languages: { inserted: 0 },
      systemLanguages: { inserted: 0, keysAdded: 0, skipped: second.systemLanguages.skipped },
      pages: { inserted: 0 },
      demo: { categories: 0, subcategories: 0, inserted: 0, updated: 0, unchanged: first.demo.inserted, kept: 0 },
      schedule: { contests: { inserted: 0, kept: first.schedule.contests.inserted }, exams: { inserted: 0, kept: first.schedule.exams.inserted } },
    });
    expect(first.schedule).toEqual({ contests: { inserted: 4, kept: 0 }, exams: { inserted: 2, kept: 0 } });
    expect(await tableSizes()).toEqual(after);
  });

  test('every setting is stored with its default, and an edited value survives a re-seed', async () => {
    await seedDatabase(db, { rootDir: ROOT, demo: false });
    const stored = Object.fromEntries((await db.select().from(settings)).map((s) => [s.key, s.value]));
    for (const def of ALL_SETTINGS) expect(stored[def.key]).toBe(def.default);

    await db.update(settings).set({ value: '55' }).where(eq(settings.key, 'quiz_winning_percentage'));
    await db.delete(settings).where(eq(settings.key, 'coin_limit'));
    const again = await seedDatabase(db, { rootDir: ROOT, demo: false });
    expect(again.settings.inserted).toBe(1);
    const [kept] = await db.select().from(settings).where(eq(settings.key, 'quiz_winning_percentage'));
    expect(kept!.value).toBe('55');
    const [restored] = await db.select().from(settings).where(eq(settings.key, 'coin_limit'));
    expect(restored!.value).toBe('100');
  });

  test('content languages are English (the default) and Spanish', async () => {
    await seedDatabase(db, { rootDir: ROOT, demo: false });
    const rows = await db.select({ code: languages.code, name: languages.language, isDefault: languages.isDefault }).from(languages);
    expect(rows).toEqual(
      expect.arrayContaining([
        { code: 'en', name: 'English', isDefault: true },
        { code: 'es', name: 'Español', isDefault: false },
      ]),
    );
  });

  test('demo questions are stored with answer letters, in quiz-zone categories marked demo', async () => {
    await seedDatabase(db, { rootDir: ROOT });
    const [en] = await db.select().from(languages).where(eq(languages.code, 'en'));
    const [boolean] = await db
      .select()
      .from(questions)
      .where(and(eq(questions.languageId, en!.id), eq(questions.contentKey, 'science.physics.002')));
    expect(boolean).toMatchObject({ questionType: 'boolean', optionA: 'True', optionB: 'False', optionC: null, answer: 'a', source: 'demo', level: 1 });
    const [multiple] = await db
      .select()
      .from(questions)
      .where(and(eq(questions.languageId, en!.id), eq(questions.contentKey, 'science.physics.001')));
    expect(multiple).toMatchObject({ questionType: 'multiple', optionB: 'Newton', answer: 'b' });
    const [category] = await db.select().from(categories).where(eq(categories.id, multiple!.categoryId));
    expect(category).toMatchObject({ slug: 'science', type: 1, source: 'demo' });
    const [sub] = await db.select().from(subcategories).where(eq(subcategories.id, multiple!.subcategoryId!));
    expect(sub!.slug).toBe('physics');
  });

  test('a translated demo question shares the key of its English original', async () => {
    await seedDatabase(db, { rootDir: ROOT });
    const rows = await db
      .select({ question: questions.question, language: languages.code })
      .from(questions)
      .innerJoin(languages, eq(languages.id, questions.languageId))
      .where(eq(questions.contentKey, 'science.physics.001'));
    expect(rows.map((r) => r.language).sort()).toEqual(['en', 'es']);
  });

  test('the informational pages are seeded in English, and an edited page is kept', async () => {
    const first = await seedDatabase(db, { rootDir: ROOT, demo: false });
    expect(first.pages.inserted).toBe(PAGE_TYPES.length);
    const [faq] = await db.select().from(pages).where(and(eq(pages.type, 'faq'), eq(pages.language, 'en')));
    expect(faq!.items.length).toBeGreaterThanOrEqual(8);
    await db.update(pages).set({ content: 'Our own words.' }).where(eq(pages.type, 'about_us'));
    await seedDatabase(db, { rootDir: ROOT, demo: false });
    const [about] = await db.select().from(pages).where(eq(pages.type, 'about_us'));
    expect(about!.content).toBe('Our own words.');
  });

  test('a re-seed adds new interface strings, keeps the ones an admin edited and bumps the version', async () => {
    const root = fixtureRoot({
      'locales/languages.json': [
        { name: 'en', title: 'English', rtl: false, default: true },
        { name: 'ar', title: 'العربية', rtl: true, default: false },
      ],
      'locales/en.json': { 'home.title': 'Home', 'home.play': 'Play' },
      'locales/ar.json': { 'home.title': 'الرئيسية' },
    });
    try {
      const first = await seedDatabase(db, { rootDir: root, demo: false });
      expect(first.systemLanguages).toEqual({ inserted: 2, keysAdded: 3, skipped: false });
      const [ar] = await db.select().from(systemLanguages).where(eq(systemLanguages.name, 'ar'));
      expect(ar).toMatchObject({ rtl: true, isDefault: false, version: 1 });

      await db
        .update(systemLanguages)
        .set({ strings: { 'home.title': 'Start', 'home.play': 'Play' } })
        .where(eq(systemLanguages.name, 'en'));
      writeFixture(root, 'locales/en.json', { 'home.title': 'Home page', 'home.play': 'Play', 'home.quit': 'Quit' });
      const second = await seedDatabase(db, { rootDir: root, demo: false });
      expect(second.systemLanguages).toEqual({ inserted: 0, keysAdded: 1, skipped: false });
      const [en] = await db.select().from(systemLanguages).where(eq(systemLanguages.name, 'en'));
      expect(en).toMatchObject({ isDefault: true, version: 2, strings: { 'home.title': 'Start', 'home.play': 'Play', 'home.quit': 'Quit' } });
      const [arAfter] = await db.select().from(systemLanguages).where(eq(systemLanguages.name, 'ar'));
      expect(arAfter!.version).toBe(1);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  test('a changed demo question is updated in place, one an admin took over is left alone', async () => {
    const root = fixtureRoot({ 'content/demo/en/trees.json': demoFile() });
    try {
      await seedDatabase(db, { rootDir: root });
      const before = await db.select({ id: questions.id, key: questions.contentKey }).from(questions);
      await db.update(questions).set({ source: 'admin', question: 'Edited by the admin?' }).where(eq(questions.contentKey, 'trees.oaks.3'));

      writeFixture(
        root,
        'content/demo/en/trees.json',
        demoFile((qs) => {
          Object.assign(qs[1]!, { question: 'Tree question two, reworded?', answer: 0 });
          Object.assign(qs[2]!, { question: 'Shipped rewording of three?' });
        }),
      );
      const report = await seedDatabase(db, { rootDir: root });
      expect(report.demo).toMatchObject({ inserted: 0, updated: 1, unchanged: 8, kept: 1 });
      const [two] = await db.select().from(questions).where(eq(questions.contentKey, 'trees.oaks.2'));
      expect(two).toMatchObject({ question: 'Tree question two, reworded?', answer: 'a', id: before.find((b) => b.key === 'trees.oaks.2')!.id });
      const [three] = await db.select().from(questions).where(eq(questions.contentKey, 'trees.oaks.3'));
      expect(three!.question).toBe('Edited by the admin?');
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  test('a broken demo file stops the seed before anything is written', async () => {
    const root = fixtureRoot({ 'content/demo/en/trees.json': demoFile((qs) => Object.assign(qs[4]!, { answer: 7 })) });
    try {
      await expect(seedDatabase(db, { rootDir: root })).rejects.toThrow('content/demo/en/trees.json: question trees.oaks.5, answer');
      expect((await tableSizes()).settings).toBe(0);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe(`seeding at server start (${testDbKind})`, () => {
  test('seeds once, then skips until a shipped file changes', async () => {
    const root = fixtureRoot({
      'content/demo/en/trees.json': demoFile(),
      'content/pages/en.json': { about_us: { title: 'About', content: 'Hello.' } },
    });
    try {
      const first = await ensureSeeded(db, { rootDir: root });
      expect(first.seeded).toBe(true);
      expect(first.report!.demo.inserted).toBe(10);

      const second = await ensureSeeded(db, { rootDir: root });
      expect(second).toEqual({ seeded: false, fingerprint: first.fingerprint });

      writeFixture(root, 'content/pages/en.json', { about_us: { title: 'About', content: 'Hello.' }, faq: { title: 'FAQ', content: 'Asked.', items: [] } });
      const third = await ensureSeeded(db, { rootDir: root });
      expect(third.seeded).toBe(true);
      expect(third.report!.pages.inserted).toBe(1);
      expect(third.fingerprint).not.toBe(first.fingerprint);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  test('seeds again when the demo content is switched on', async () => {
    const root = fixtureRoot({ 'content/demo/en/trees.json': demoFile() });
    try {
      expect((await ensureSeeded(db, { rootDir: root, demo: false })).report!.demo.inserted).toBe(0);
      expect((await ensureSeeded(db, { rootDir: root, demo: true })).report!.demo.inserted).toBe(10);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
