import { configureStore, createListenerMiddleware, type Reducer } from '@reduxjs/toolkit';
import { battleSlice } from '@/services/store/battle-slice';
import { languagesSlice } from '@/services/store/languages-slice';
import { notificationsSlice } from '@/services/store/notifications-slice';
import { readPersisted, writePersisted, PERSIST_VERSION } from '@/services/store/persist-storage';
import { preferencesSlice } from '@/services/store/preferences-slice';
import { settingsSlice } from '@/services/store/settings-slice';
import { signupSlice } from '@/services/store/signup-slice';
import { userSlice } from '@/services/store/user-slice';

/** The store's slices, each under its name. */
const slices = {
  user: userSlice,
  settings: settingsSlice,
  languages: languagesSlice,
  notifications: notificationsSlice,
  preferences: preferencesSlice,
  signup: signupSlice,
  battle: battleSlice,
};

type Slices = typeof slices;
type SliceStates = { [K in keyof Slices]: ReturnType<Slices[K]['getInitialState']> };

/** Settings are fetched fresh on every load (spec §4); notifications come from the server. */
export const PERSISTED_SLICES = ['user', 'languages', 'preferences', 'signup', 'battle'] as const satisfies readonly (keyof Slices)[];

interface PersistState {
  version: number;
  /** Whether the saved state has been read back (at once in a browser; never on the server). */
  rehydrated: boolean;
}

export type RootState = SliceStates & { _persist: PersistState };

const NOT_REHYDRATED: PersistState = { version: PERSIST_VERSION, rehydrated: false };
/** `_persist` is set once, when the store is made; no action changes it. */
const persistReducer: Reducer<PersistState> = (state = NOT_REHYDRATED) => state;

function initialRootState(): RootState {
  const state = { _persist: NOT_REHYDRATED } as Record<string, unknown>;
  for (const [key, slice] of Object.entries(slices)) state[key] = slice.getInitialState();
  return state as RootState;
}

/** The initial state with the saved slices read back over it (a field added since keeps its initial value). */
function restoredState(initial: RootState): RootState {
  const saved = readPersisted();
  const restored = { ...initial, _persist: { version: PERSIST_VERSION, rehydrated: true } } as Record<string, unknown>;
  for (const key of PERSISTED_SLICES) {
    const value = saved[key];
    if (value && typeof value === 'object' && !Array.isArray(value)) restored[key] = { ...(initial[key] as object), ...value };
  }
  return restored as RootState;
}

function build(preloadedState: RootState, persist: boolean) {
  // RTK's listener middleware writes the persisted slices whenever one of them changed: the write
  // happens within the dispatch, synchronously (decision 030).
  const persistence = createListenerMiddleware<RootState>();
  if (persist) {
    persistence.startListening({
      predicate: (_action, current, previous) => PERSISTED_SLICES.some((key) => current[key] !== previous[key]),
      effect: (_action, api) => {
        const state = api.getState();
        writePersisted(Object.fromEntries(PERSISTED_SLICES.map((key) => [key, state[key]])));
      },
    });
  }
  return configureStore({
    reducer: {
      user: slices.user.reducer,
      settings: slices.settings.reducer,
      languages: slices.languages.reducer,
      notifications: slices.notifications.reducer,
      preferences: slices.preferences.reducer,
      signup: slices.signup.reducer,
      battle: slices.battle.reducer,
      _persist: persistReducer,
    },
    preloadedState,
    middleware: (getDefault) => getDefault().prepend(persistence.middleware),
    // The Redux DevTools extension sees the store in development; a production build leaves it out.
    devTools: process.env.NODE_ENV !== 'production',
  });
}

type ReduxStore = ReturnType<typeof build>;
export type AppDispatch = ReduxStore['dispatch'];

export interface AppStore extends ReduxStore {
  /** What the page's server-rendered HTML was made from: the state before anything was read back. */
  getInitialState(): RootState;
}

/**
 * A Redux store of the app's state. With `persist`, the persisted slices are read back from
 * localStorage before it is returned (synchronously: the first render already has the player)
 * and written again whenever one of them changes.
 */
export function makeStore(options: { persist?: boolean } = {}): AppStore {
  const initial = initialRootState();
  const persist = options.persist === true;
  const store = build(persist ? restoredState(initial) : initial, persist);
  return Object.assign(store, { getInitialState: () => initial });
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
