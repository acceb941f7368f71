/** @jest-environment jsdom */
import { PERSIST_STORAGE_KEY } from '@/services/store/persist-key';
import { preferencesSlice, themeChosen } from '@/services/store/preferences-slice';
import { getAppStore, makeStore, resetAppStore } from '@/services/store/store';
import { appLanguageChanged } from '@/services/store/languages-slice';
import { loggedIn } from '@/services/store/user-slice';
import { webSettingsLoaded } from '@/services/store/settings-slice';

const saved = () => JSON.parse(window.localStorage.getItem(PERSIST_STORAGE_KEY) ?? 'null') as Record<string, string> | null;

beforeEach(() => {
  window.localStorage.clear();
  resetAppStore();
});

describe('the app store', () => {
  test('writes the persisted slices, each as JSON inside one key, and not the settings', () => {
    const store = getAppStore();
    store.dispatch(loggedIn({ data: { name: 'Amira' }, token: 't0k3n' }));
    store.dispatch(webSettingsLoaded({ webSettings: { app_name: 'Quiz Arena' } as never, fetchedAt: 1 }));
    const outer = saved()!;
    expect(Object.keys(outer).sort()).toEqual(['_persist', 'battle', 'languages', 'preferences', 'signup', 'user']);
    expect(JSON.parse(outer.user!)).toEqual({ data: { name: 'Amira' }, token: 't0k3n', isLogin: true });
  });

  test('reads the saved state back before its first use, and keeps fields added since', () => {
    window.localStorage.setItem(
      PERSIST_STORAGE_KEY,
      JSON.stringify({
        user: JSON.stringify({ data: { name: 'Amira' }, token: 't0k3n', isLogin: true }),
        preferences: JSON.stringify({}),
        languages: 'not json',
        _persist: JSON.stringify({ version: 1, rehydrated: true }),
      }),
    );
    const state = getAppStore().getState();
    expect(state._persist.rehydrated).toBe(true);
    expect(state.user.token).toBe('t0k3n');
    expect(state.preferences).toEqual(preferencesSlice.reducer(undefined, { type: 'init' }));
    expect(state.languages.currentAppLanguage).toBeNull();
    expect(getAppStore().getInitialState().user.token).toBeNull();
    expect(getAppStore().getInitialState()._persist.rehydrated).toBe(false);
  });

  test('a change that changes nothing keeps the very same state, and writes nothing again', () => {
    const store = getAppStore();
    store.dispatch(themeChosen('dark'));
    const state = store.getState();
    const write = jest.spyOn(Storage.prototype, 'setItem');
    try {
      store.dispatch(themeChosen('dark'));
      store.dispatch({ type: 'nobody/listens' });
      store.dispatch(webSettingsLoaded({ webSettings: { app_name: 'Quiz Arena' } as never, fetchedAt: 1 }));
      expect(store.getState().preferences).toBe(state.preferences);
      expect(store.getState().user).toBe(state.user);
      // Only persisted slices are written: the settings changed, the saved ones did not.
      expect(write).not.toHaveBeenCalled();
      store.dispatch(appLanguageChanged({ name: 'ar', title: 'العربية', rtl: true }));
      expect(write).toHaveBeenCalledTimes(1);
      expect(JSON.parse(saved()!.languages!).rtl).toBe(true);
    } finally {
      write.mockRestore();
    }
  });

  test('is a Redux store: a subscriber hears a dispatch, and stops hearing once it unsubscribes', () => {
    const store = makeStore();
    const heard = jest.fn();
    const stop = store.subscribe(heard);
    store.dispatch(themeChosen('dark'));
    expect(heard).toHaveBeenCalledTimes(1);
    stop();
    store.dispatch(appLanguageChanged({ name: 'ar', title: 'العربية', rtl: true }));
    expect(heard).toHaveBeenCalledTimes(1);
    expect(store.getState().languages.rtl).toBe(true);
  });

  test('an upgrade keeps a signed-in player signed in: the exact value earlier versions saved is read back', () => {
    // As the hand-written store (and redux-persist before it) left it in a player's browser.
    const earlier =
      '{"user":"{\\"data\\":{\\"id\\":7,\\"name\\":\\"Amira\\",\\"coins\\":40},\\"token\\":\\"session-7\\",\\"isLogin\\":true}",' +
      '"languages":"{\\"list\\":[],\\"currentLanguage\\":{\\"id\\":14,\\"code\\":\\"es\\",\\"name\\":\\"Spanish\\"},\\"appLanguages\\":[],\\"currentAppLanguage\\":null,\\"rtl\\":false}",' +
      '"preferences":"{\\"theme\\":\\"dark\\"}","signup":"{\\"pendingFriendsCode\\":null}","battle":"{\\"winStreak\\":3}",' +
      '"_persist":"{\\"version\\":1,\\"rehydrated\\":true}"}';
    window.localStorage.setItem(PERSIST_STORAGE_KEY, earlier);
    const state = getAppStore().getState();
    expect(state.user).toEqual({ data: { id: 7, name: 'Amira', coins: 40 }, token: 'session-7', isLogin: true });
    expect(state.languages.currentLanguage).toEqual({ id: 14, code: 'es', name: 'Spanish' });
    expect(state.preferences.theme).toBe('dark');
    expect(state.battle.winStreak).toBe(3);
    // The next write keeps the same format, so a later version reads it the same way.
    getAppStore().dispatch(themeChosen('light'));
    expect(JSON.parse(saved()!.user!)).toEqual(state.user);
    expect(JSON.parse(saved()!._persist!)).toEqual({ version: 1, rehydrated: true });
  });

  test('a store without persistence writes nothing', () => {
    makeStore().dispatch(themeChosen('dark'));
    expect(saved()).toBeNull();
  });
});

describe('the Redux DevTools', () => {
  afterEach(() => {
    delete (window as { __REDUX_DEVTOOLS_EXTENSION_COMPOSE__?: unknown }).__REDUX_DEVTOOLS_EXTENSION_COMPOSE__;
  });

  test('outside a production build the store connects to the DevTools extension when the browser has it', () => {
    expect(process.env.NODE_ENV).not.toBe('production');
    const connected = jest.fn((...enhancers: ((next: unknown) => unknown)[]) => (next: unknown) => enhancers.reduceRight((acc, e) => e(acc), next));
    (window as { __REDUX_DEVTOOLS_EXTENSION_COMPOSE__?: unknown }).__REDUX_DEVTOOLS_EXTENSION_COMPOSE__ = (options: unknown) =>
      typeof options === 'function' ? connected(options as never) : connected;
    // Redux Toolkit looks for the extension when it is loaded: load the store afresh.
    jest.isolateModules(() => {
      const fresh = require('@/services/store/store') as typeof import('@/services/store/store');
      const prefs = require('@/services/store/preferences-slice') as typeof import('@/services/store/preferences-slice');
      const store = fresh.makeStore();
      expect(connected).toHaveBeenCalledTimes(1);
      store.dispatch(prefs.themeChosen('dark'));
      expect(store.getState().preferences.theme).toBe('dark');
    });
  });
});
