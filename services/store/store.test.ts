/** @jest-environment jsdom */
import { PERSIST_STORAGE_KEY } from '@/services/store/persist-key';
import { preferencesSlice, themeChosen } from '@/services/store/preferences-slice';
import { createSlice, shareUnchanged, type PayloadAction } from '@/services/store/slice';
import { getAppStore, makeStore, resetAppStore } from '@/services/store/store';
import { appLanguageChanged } from '@/services/store/languages-slice';
import { loggedIn, loggedOut } from '@/services/store/user-slice';
import { webSettingsLoaded } from '@/services/store/settings-slice';

const saved = () => JSON.parse(window.localStorage.getItem(PERSIST_STORAGE_KEY) ?? 'null') as Record<string, string> | null;

beforeEach(() => {
  window.localStorage.clear();
  resetAppStore();
});

describe('slices', () => {
  const counter = createSlice({
    name: 'counter',
    initialState: { n: 0, list: [{ id: 1 }], meta: { label: 'a' } },
    reducers: {
      added(state, action: PayloadAction<number>) {
        state.n += action.payload;
      },
      pushed(state, action: PayloadAction<{ id: number }>) {
        state.list.push(action.payload);
      },
      reset() {
        return { n: 0, list: [{ id: 1 }], meta: { label: 'a' } };
      },
      noop() {},
    },
    extraReducers: (builder) => {
      builder.addCase(loggedOut, () => ({ n: -1, list: [], meta: { label: 'out' } }));
    },
  });

  test('action creators carry their type and payload', () => {
    expect(counter.actions.added(2)).toEqual({ type: 'counter/added', payload: 2 });
    expect(counter.actions.added.type).toBe('counter/added');
    expect(counter.actions.added.match({ type: 'counter/added' })).toBe(true);
    expect(counter.actions.added.match({ type: 'counter/pushed' })).toBe(false);
  });

  test('a reducer changes a copy; what it left alone keeps its identity, and the old state is untouched', () => {
    const before = counter.reducer(undefined, { type: 'init' });
    const after = counter.reducer(before, counter.actions.added(3));
    expect(after).toEqual({ n: 3, list: [{ id: 1 }], meta: { label: 'a' } });
    expect(before.n).toBe(0);
    expect(after.list).toBe(before.list);
    expect(after.meta).toBe(before.meta);

    const pushed = counter.reducer(after, counter.actions.pushed({ id: 2 }));
    expect(pushed.list).toEqual([{ id: 1 }, { id: 2 }]);
    expect(pushed.list[0]).toBe(after.list[0]);
    expect(after.list).toHaveLength(1);
  });

  test('a change that changes nothing, or an unknown action, keeps the very same state', () => {
    const state = counter.reducer(undefined, { type: 'init' });
    expect(counter.reducer(state, counter.actions.reset())).toBe(state);
    expect(counter.reducer(state, counter.actions.noop())).toBe(state);
    expect(counter.reducer(state, { type: 'other/thing' })).toBe(state);
  });

  test('answers actions of other slices it was given', () => {
    expect(counter.reducer(undefined, loggedOut()).meta.label).toBe('out');
  });

  test('shareUnchanged keeps equal parts and replaces changed ones', () => {
    const a = { x: { y: [1, 2] }, z: { w: 1 } };
    const b = { x: { y: [1, 2] }, z: { w: 2 } };
    const shared = shareUnchanged(a, b);
    expect(shared).not.toBe(a);
    expect(shared.x).toBe(a.x);
    expect(shared.z).toEqual({ w: 2 });
    expect(shareUnchanged([1, { k: 1 }], [1, { k: 1 }])).toEqual([1, { k: 1 }]);
    const list = [{ k: 1 }];
    expect(shareUnchanged(list, [{ k: 1 }, { k: 2 }])[0]).toBe(list[0]);
  });
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

  test('tells subscribers of a change, and only of a change', () => {
    const store = makeStore();
    const heard = jest.fn();
    const stop = store.subscribe(heard);
    store.dispatch(themeChosen('dark'));
    store.dispatch(themeChosen('dark'));
    store.dispatch({ type: 'nobody/listens' });
    expect(heard).toHaveBeenCalledTimes(1);
    stop();
    store.dispatch(appLanguageChanged({ name: 'ar', title: 'العربية', rtl: true }));
    expect(heard).toHaveBeenCalledTimes(1);
    expect(store.getState().languages.rtl).toBe(true);
  });

  test('a store without persistence writes nothing', () => {
    makeStore().dispatch(themeChosen('dark'));
    expect(saved()).toBeNull();
  });
});
