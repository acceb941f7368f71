import { battleSlice } from '@/services/store/battle-slice';
import { languagesSlice } from '@/services/store/languages-slice';
import { notificationsSlice } from '@/services/store/notifications-slice';
import { readPersisted, writePersisted } from '@/services/store/persist-storage';
import { preferencesSlice } from '@/services/store/preferences-slice';
import { settingsSlice } from '@/services/store/settings-slice';
import type { Action } from '@/services/store/slice';
import { signupSlice } from '@/services/store/signup-slice';
import { userSlice } from '@/services/store/user-slice';

const slices = {
  user: userSlice.reducer,
  settings: settingsSlice.reducer,
  languages: languagesSlice.reducer,
  notifications: notificationsSlice.reducer,
  preferences: preferencesSlice.reducer,
  signup: signupSlice.reducer,
  battle: battleSlice.reducer,
};

type Slices = typeof slices;
type SliceStates = { [K in keyof Slices]: ReturnType<Slices[K]> };

/** Settings are fetched fresh on every load (spec §4); notifications come from the server. */
export const PERSISTED_SLICES = ['user', 'languages', 'preferences', 'signup', 'battle'] as const satisfies readonly (keyof Slices)[];

export type RootState = SliceStates & {
  /** Whether the saved state has been read back (at once in a browser; never on the server). */
  _persist: { version: number; rehydrated: boolean };
};

export interface AppStore {
  getState(): RootState;
  /** What the page's server-rendered HTML was made from: the state before anything was read back. */
  getInitialState(): RootState;
  dispatch<A extends Action>(action: A): A;
  subscribe(listener: () => void): () => void;
}
export type AppDispatch = AppStore['dispatch'];

function reduceAll(state: RootState, action: Action): RootState {
  let changed = false;
  const next = { ...state };
  for (const key of Object.keys(slices) as (keyof Slices)[]) {
    const reduced = (slices[key] as (s: unknown, a: Action) => unknown)(state[key], action);
    if (reduced !== state[key]) {
      (next as Record<string, unknown>)[key] = reduced;
      changed = true;
    }
  }
  return changed ? next : state;
}

/**
 * A store of the app's state. With `persist`, the persisted slices are read back from
 * localStorage before it is returned and written again whenever one of them changes.
 */
export function makeStore(options: { persist?: boolean } = {}): AppStore {
  const init = { type: '@@init' };
  const initial = { _persist: { version: 1, rehydrated: false } } as RootState;
  for (const key of Object.keys(slices) as (keyof Slices)[]) {
    (initial as Record<string, unknown>)[key] = (slices[key] as (s: unknown, a: Action) => unknown)(undefined, init);
  }
  let state = initial;
  if (options.persist) {
    const saved = readPersisted();
    const restored = { ...initial, _persist: { version: 1, rehydrated: true } } as Record<string, unknown>;
    for (const key of PERSISTED_SLICES) {
      const value = saved[key];
      // A field added since the state was saved keeps its initial value.
      if (value && typeof value === 'object' && !Array.isArray(value)) restored[key] = { ...(initial[key] as object), ...value };
    }
    state = restored as RootState;
  }
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    getInitialState: () => initial,
    dispatch(action) {
      const previous = state;
      state = reduceAll(state, action);
      if (state !== previous) {
        if (options.persist && PERSISTED_SLICES.some((key) => state[key] !== previous[key])) {
          writePersisted(Object.fromEntries(PERSISTED_SLICES.map((key) => [key, state[key]])));
        }
        for (const listener of [...listeners]) listener();
      }
      return action;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

let clientStore: AppStore | null = null;

/**
 * The browser's one store, created on first use from what localStorage holds. On the server every
 * call gets a fresh, never-persisted store, so no state leaks between requests.
 */
export function getAppStore(): AppStore {
  if (typeof window === 'undefined') return makeStore();
  clientStore ??= makeStore({ persist: true });
  return clientStore;
}

/** Drops the browser store so the next `getAppStore()` starts from what localStorage holds (tests). */
export function resetAppStore(): void {
  clientStore = null;
}
