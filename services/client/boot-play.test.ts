/**
 * @jest-environment jsdom
 */
import { fakeServer, ok, resetApp, WEB_SETTINGS, englishJson } from '@/components/testing/test-app';
import { apiRequest, prefetchRequest } from '@/services/client/api';
import { loadContentLanguages } from '@/services/client/app-bootstrap';
import { BOOT_GLOBAL, LOBBY_PREFETCH_ENDPOINT, PLAY_PREFETCH_ENDPOINT, PREFETCH_SCRIPT, takePrefetchedCall } from '@/services/client/boot';
import { contentLanguageChosen } from '@/services/store/languages-slice';
import { systemConfigLoaded } from '@/services/store/settings-slice';
import { QUIZ_ZONE_CATEGORY_TYPE } from '@/services/domain/quiz-zone';
import { getAppStore } from '@/services/store/store';
import { loggedIn } from '@/services/store/user-slice';

// The quiz-zone level page's questions, started by the head script (services/client/boot.ts) from
// what the store saved (session, content language) and taken by the page's own call.

const QUESTIONS = { session_id: 'ps-1', questions: [] };
let questionsCalls: { form: Record<string, string>; auth: string | undefined }[] = [];
let languageCalls: Record<string, string>[] = [];
let categoryCalls: Record<string, string>[] = [];
let randomCategory = '1';
const LANGUAGES = [
  { id: 14, language: 'Español', code: 'es', is_default: false },
  { id: 1, language: 'English', code: 'en', is_default: true },
];

function serve(languageMode: '0' | '1') {
  questionsCalls = [];
  languageCalls = [];
  categoryCalls = [];
  return fakeServer({
    get_categories: (form) => {
      categoryCalls.push(Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)])));
      return ok([{ id: 1, category_name: 'Science' }]);
    },
    get_languages: (form) => {
      languageCalls.push(Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)])));
      return ok(LANGUAGES);
    },
    get_web_settings: () => ok({ ...WEB_SETTINGS, language_mode: languageMode }),
    get_system_configurations: () => ok({ language_mode: languageMode, battle_mode_random_category: randomCategory }),
    get_system_language_json: () => englishJson(),
    [PLAY_PREFETCH_ENDPOINT]: (form, init) => {
      questionsCalls.push({ form: Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)])), auth: (init.headers as Record<string, string> | undefined)?.Authorization });
      return ok(QUESTIONS);
    },
  });
}

/** A signed-in player (saved by the store, as after a sign-in) on `path`, with the content language Español (id 14). */
function signedInOn(path: string, languageMode: '0' | '1') {
  const store = getAppStore();
  store.dispatch(loggedIn({ data: { id: 7, name: 'Ada', coins: 0 }, token: 'tok-7' }));
  store.dispatch(contentLanguageChosen({ id: 14, language: 'Español', code: 'es', is_default: false }));
  store.dispatch(systemConfigLoaded({ language_mode: languageMode } as never));
  window.history.pushState({}, '', path);
}

const runHeadScript = () => new Function(PREFETCH_SCRIPT)();
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The fake server, a signed-in player on `path`, and the head script run there, its calls answered. */
async function headScriptRanOn(path: string, languageMode: '0' | '1') {
  serve(languageMode);
  signedInOn(path, languageMode);
  runHeadScript();
  await settle();
  await settle();
}

beforeEach(async () => {
  await resetApp();
  randomCategory = '1';
  window.history.pushState({}, '', '/');
});

afterEach(() => {
  delete (window as unknown as Record<string, unknown>)[BOOT_GLOBAL];
});

describe('the level page’s questions started by the head script', () => {
  test('are asked for once, with the saved session and content language, and the page’s call takes them', async () => {
    await headScriptRanOn('/quiz-zone/science/physics/level/2/', '1');
    expect(questionsCalls).toEqual([{ form: { category: 'science', subcategory: 'physics', level: '2', language_id: '14' }, auth: 'Bearer tok-7' }]);

    const payload = { category: 'science', subcategory: 'physics', level: 2 };
    prefetchRequest(PLAY_PREFETCH_ENDPOINT, payload);
    const result = await apiRequest(PLAY_PREFETCH_ENDPOINT, payload);
    expect(result).toMatchObject({ ok: true, data: QUESTIONS });
    expect(questionsCalls).toHaveLength(1);
  });

  test('a category without subcategories, with content languages off, sends language 0 and a decoded category', async () => {
    await headScriptRanOn('/quiz-zone/world%20history/level/3/', '0');
    expect(questionsCalls.map((c) => c.form)).toEqual([{ category: 'world history', level: '3', language_id: '0' }]);
  });

  test('a page asking for something else does not take them, and makes its own call', async () => {
    await headScriptRanOn('/quiz-zone/science/physics/level/2/', '1');
    prefetchRequest(PLAY_PREFETCH_ENDPOINT, { category: 'science', subcategory: 'physics', level: 3 });
    await apiRequest(PLAY_PREFETCH_ENDPOINT, { category: 'science', subcategory: 'physics', level: 3 });
    expect(questionsCalls.map((c) => c.form.level)).toEqual(['2', '3']);
    // Taken (and dropped) once: a later call of the same level asks again.
    const form = new FormData();
    for (const [k, v] of Object.entries({ category: 'science', subcategory: 'physics', level: '2', language_id: '14' })) form.append(k, v);
    expect(takePrefetchedCall(PLAY_PREFETCH_ENDPOINT, 'tok-7', form)).toBeUndefined();
  });

  test('a different session than the one saved does not take them', async () => {
    serve('1');
    signedInOn('/quiz-zone/science/physics/level/2/', '1');
    runHeadScript();
    const form = new FormData();
    for (const [k, v] of Object.entries({ category: 'science', subcategory: 'physics', level: '2', language_id: '14' })) form.append(k, v);
    await expect(takePrefetchedCall(PLAY_PREFETCH_ENDPOINT, 'someone-else', form)).resolves.toBeUndefined();
  });

  test('nothing is asked for as a guest, or on a page that is not a level (levels list, level 0)', async () => {
    serve('1');
    window.history.pushState({}, '', '/quiz-zone/science/physics/level/2/');
    runHeadScript();
    for (const path of ['/quiz-zone/science/physics/', '/quiz-zone/science/physics/level/0/']) {
      signedInOn(path, '1');
      runHeadScript();
    }
    await settle();
    expect(questionsCalls).toEqual([]);
  });
});

describe('the content languages started by the head script', () => {
  test('with content languages on: asked for once, with the saved content language, and the app takes the answer', async () => {
    await headScriptRanOn('/', '1');
    expect(languageCalls).toEqual([{ language_id: '14' }]);
    await expect(loadContentLanguages()).resolves.toBe(true);
    expect(getAppStore().getState().languages.list.map((l) => l.id)).toEqual([14, 1]);
    expect(languageCalls).toHaveLength(1);
  });

  test('no content language saved: the level\'s questions are asked for in the list\'s default, as the app will', async () => {
    serve('1');
    const store = getAppStore();
    store.dispatch(loggedIn({ data: { id: 7, name: 'Ada', coins: 0 }, token: 'tok-7' }));
    window.history.pushState({}, '', '/quiz-zone/science/level/1/');
    runHeadScript();
    await settle();
    await settle();
    expect(languageCalls).toEqual([{ language_id: '0' }]);
    expect(questionsCalls.map((c) => c.form)).toEqual([{ category: 'science', level: '1', language_id: '1' }]);
    // The app's own choice, from the same list, and its call: the head script's answer is taken.
    store.dispatch(systemConfigLoaded({ language_mode: '1' } as never));
    await loadContentLanguages();
    expect(getAppStore().getState().languages.currentLanguage?.id).toBe(1);
    prefetchRequest(PLAY_PREFETCH_ENDPOINT, { category: 'science', level: 1 });
    await apiRequest(PLAY_PREFETCH_ENDPOINT, { category: 'science', level: 1 });
    expect(questionsCalls).toHaveLength(1);
  });

  test('with content languages off: not asked for', async () => {
    await headScriptRanOn('/', '0');
    expect(languageCalls).toEqual([]);
  });
});

describe('the random-battle lobby’s categories started by the head script', () => {
  test('asked for once in the content language, and the lobby’s call takes them', async () => {
    await headScriptRanOn('/random-battle/', '1');
    expect(categoryCalls).toEqual([{ type: String(QUIZ_ZONE_CATEGORY_TYPE), language_id: '14' }]);
    prefetchRequest(LOBBY_PREFETCH_ENDPOINT, { type: QUIZ_ZONE_CATEGORY_TYPE, language_id: 14 });
    await expect(apiRequest(LOBBY_PREFETCH_ENDPOINT, { type: QUIZ_ZONE_CATEGORY_TYPE, language_id: 14 })).resolves.toMatchObject({ ok: true });
    expect(categoryCalls).toHaveLength(1);
  });

  test('not when the system configuration turns the battle’s category choice off', async () => {
    randomCategory = '0';
    await headScriptRanOn('/random-battle/', '1');
    expect(categoryCalls).toEqual([]);
  });
});
