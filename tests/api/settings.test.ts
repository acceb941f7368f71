import { SYSTEM_SETTINGS, WEB_SETTINGS } from '@/services/domain/settings';
import { MODES } from '@/services/domain/routes';
import { eq } from 'drizzle-orm';
import { systemLanguages } from '@/services/server/db/schema';
import { writeSetting } from '@/services/server/settings/repository';
import { seedDatabase } from '@/services/server/content/seed';
import { closeTestDatabase, getTestDatabase, resetDatabase, testDbKind } from '@/tests/setup/db';
import { startTestApi, type TestApi } from '@/tests/setup/api';

let api: TestApi;

beforeAll(async () => {
  const database = await getTestDatabase();
  await resetDatabase(database);
  await seedDatabase(database.db, { rootDir: process.cwd() });
  api = await startTestApi(database);
});

beforeEach(() => api.app.settings.invalidate());

afterAll(async () => {
  await api.close();
  await closeTestDatabase();
});

async function setSetting(key: string, value: string) {
  await writeSetting((await getTestDatabase()).db, key, value);
  api.app.settings.invalidate();
}

describe(`settings and languages endpoints (${testDbKind})`, () => {
  test('get_system_configurations answers every system setting with its seeded default', async () => {
    const res = await api.call('get_system_configurations');
    expect(res.status).toBe(200);
    const data = res.body.data as Record<string, string>;
    expect(Object.keys(data).sort()).toEqual(SYSTEM_SETTINGS.map((s) => s.key).sort());
    for (const s of SYSTEM_SETTINGS) expect([s.key, data[s.key]]).toEqual([s.key, s.default]);
  });

  test('get_system_configurations shows a changed setting', async () => {
    await setSetting('quiz_zone_duration', '45');
    const res = await api.call('get_system_configurations');
    expect((res.body.data as Record<string, string>).quiz_zone_duration).toBe('45');
    await setSetting('quiz_zone_duration', '30');
  });

  test('get_web_settings carries the web settings and the shell flags', async () => {
    const res = await api.call('get_web_settings');
    const data = res.body.data as Record<string, string>;
    for (const s of WEB_SETTINGS) expect(data[s.key]).toBe(s.default);
    expect(data).toMatchObject({ app_name: 'Quiz Arena', maintenance_mode: '0', demo_mode: '0', language_mode: '1' });
    expect(data).toMatchObject({ identity_provider: 'local', firebase: null, dev_outbox: false });
  });

  test('get_web_home_settings lists every mode and marks the ones turned off', async () => {
    await setSetting('exam_module', '0');
    const res = await api.call('get_web_home_settings', { language_id: 1 });
    const modes = (res.body.data as { modes: { key: string; enabled: boolean }[] }).modes;
    expect(modes.map((m) => m.key)).toEqual(MODES.map((m) => m.key));
    expect(modes.find((m) => m.key === 'exam')!.enabled).toBe(false);
    expect(modes.find((m) => m.key === 'quiz_zone')!.enabled).toBe(true);
    await setSetting('exam_module', '1');
  });

  test.each(['about_us', 'privacy_policy', 'terms_conditions', 'contact_us', 'instructions'])(
    'get_settings answers the %s page',
    async (type) => {
      const res = await api.call('get_settings', { type });
      expect(res.status).toBe(200);
      const data = res.body.data as { type: string; title: string; content: string };
      expect(data.type).toBe(type);
      expect(data.title.length).toBeGreaterThan(2);
      expect(data.content.length).toBeGreaterThan(100);
    },
  );

  test('get_settings answers the FAQ with its questions', async () => {
    const res = await api.call('get_settings', { type: 'faq' });
    const items = (res.body.data as { items: { question: string; answer: string }[] }).items;
    expect(items.length).toBeGreaterThanOrEqual(5);
    for (const item of items) expect(item.question.endsWith('?')).toBe(true);
  });

  test('get_settings refuses an unknown page type naming the field', async () => {
    const res = await api.call('get_settings', { type: 'secrets' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: true, message: '103', field: 'type' });
  });

  test('get_languages lists English and Spanish content, English the default', async () => {
    const res = await api.call('get_languages');
    const list = res.body.data as { code: string; is_default: boolean }[];
    expect(list.map((l) => l.code).sort()).toEqual(['en', 'es']);
    expect(list.find((l) => l.is_default)!.code).toBe('en');
  });

  test('get_system_language_list offers English, Arabic (right to left) and Spanish', async () => {
    const res = await api.call('get_system_language_list', { from: 2 });
    const list = res.body.data as { name: string; rtl: boolean; is_default: boolean }[];
    expect(list.map((l) => l.name).sort()).toEqual(['ar', 'en', 'es']);
    expect(list.find((l) => l.name === 'ar')!.rtl).toBe(true);
    expect(list.find((l) => l.name === 'en')!.is_default).toBe(true);
  });

  test('get_system_language_json answers the strings of one interface language', async () => {
    const res = await api.call('get_system_language_json', { from: 2, language: 'ar' });
    const data = res.body.data as { name: string; rtl: boolean; strings: Record<string, string> };
    expect(data.name).toBe('ar');
    expect(data.rtl).toBe(true);
    expect(data.strings['header.hello_guest']).toMatch(/[\u0600-\u06FF]/);
    // …but no English plural form of a key the language has itself: Arabic's own text stands.
    expect(data.strings['battle.create.questions_option']).toMatch(/[\u0600-\u06FF]/);
    expect(data.strings['battle.create.questions_option_one']).toBeUndefined();
    expect(data.strings['battle.coins_two']).toBe('عملتان');
  });

  test('a large answer is gzipped for a client that accepts it, a small one is not', async () => {
    const big = await api.call('get_system_language_json', { from: 2, language: 'en' });
    expect(big.headers.get('content-encoding')).toBe('gzip');
    expect((big.body.data as { strings: Record<string, string> }).strings['loader.retry']).toBe('Try again');
    const small = await api.call('get_system_language_list', { from: 2 });
    expect(small.headers.get('content-encoding')).toBeNull();
    const raw = await fetch(`${api.url}/api/get_system_language_json`, { method: 'POST', body: new URLSearchParams({ from: '2', language: 'en' }), headers: { 'accept-encoding': 'identity' } });
    expect(raw.headers.get('content-encoding')).toBeNull();
    expect(Number(raw.headers.get('content-length'))).toBeGreaterThan(8 * 1024);
  });

  test('get_system_language_json answers a key the language lacks in English', async () => {
    const db = (await getTestDatabase()).db;
    await db.insert(systemLanguages).values({ name: 'fr', title: 'Français', strings: { 'header.hello_guest': 'Bonjour' } });
    try {
      const data = (await api.call('get_system_language_json', { from: 2, language: 'fr' })).body.data as { name: string; strings: Record<string, string> };
      expect(data.name).toBe('fr');
      expect(data.strings['header.hello_guest']).toBe('Bonjour');
      expect(data.strings['loader.retry']).toBe('Try again');
      // A key it lacks altogether comes with its English plural forms…
      expect(data.strings['battle.coins_one']).toBe('{{coins}} coin');
    } finally {
      await db.delete(systemLanguages).where(eq(systemLanguages.name, 'fr'));
    }
  });

  test('get_system_language_json answers 102 for a language it does not have', async () => {
    const res = await api.call('get_system_language_json', { from: 2, language: 'xx' });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ message: '102', field: 'language' });
  });

  test('settings calls still answer in maintenance mode while player calls do not', async () => {
    await setSetting('maintenance_mode', '1');
    expect((await api.call('get_web_settings')).body.data).toMatchObject({ maintenance_mode: '1' });
    expect((await api.call('get_system_language_list')).status).toBe(200);
    expect((await api.call('get_web_home_settings')).status).toBe(503);
    await setSetting('maintenance_mode', '0');
  });
});
