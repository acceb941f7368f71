import { combineReducers, configureStore } from '@reduxjs/toolkit';
import {
  FLUSH,
  PAUSE,
  PERSIST,
  persistReducer,
  persistStore,
  PURGE,
  REGISTER,
  REHYDRATE,
  type Persistor,
} from 'redux-persist';
import { battleSlice } from '@/services/store/battle-slice';
import { languagesSlice } from '@/services/store/languages-slice';
import { notificationsSlice } from '@/services/store/notifications-slice';
import { createPersistStorage } from '@/services/store/persist-storage';
import { PERSIST_ROOT_KEY } from '@/services/store/persist-key';
import { preferencesSlice } from '@/services/store/preferences-slice';
import { settingsSlice } from '@/services/store/settings-slice';
import { signupSlice } from '@/services/store/signup-slice';
import { userSlice } from '@/services/store/user-slice';

/** Spec §9: persistence time-out. */
export const PERSIST_TIMEOUT_MS = 5000;

const rootReducer = combineReducers({
  user: userSlice.reducer,
  settings: settingsSlice.reducer,
  languages: languagesSlice.reducer,
  notifications: notificationsSlice.reducer,
  preferences: preferencesSlice.reducer,
  signup: signupSlice.reducer,
  battle: battleSlice.reducer,
});

const persistedReducer = persistReducer(
  {
    key: PERSIST_ROOT_KEY,
    version: 1,
    storage: createPersistStorage(),
    timeout: PERSIST_TIMEOUT_MS,
    // Settings are fetched fresh on every load (spec §4); notifications come from the server.
    whitelist: ['user', 'languages', 'preferences', 'signup', 'battle'],
  },
  rootReducer,
);

export function makeStore() {
  return configureStore({
    reducer: persistedReducer,
    middleware: (getDefault) =>
      getDefault({ serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] } }),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];

let clientStore: { store: AppStore; persistor: Persistor } | null = null;

/**
 * The browser's one store, created on first use and rehydrated from localStorage. On the server
 * every call gets a fresh, never-persisted store, so no state leaks between requests.
 */
export function getAppStore(): AppStore {
  if (typeof window === 'undefined') return makeStore();
  if (!clientStore) {
    const store = makeStore();
    clientStore = { store, persistor: persistStore(store) };
  }
  return clientStore.store;
}

/** Drops the browser store so the next `getAppStore()` starts from what localStorage holds (tests). */
export function resetAppStore(): void {
  clientStore?.persistor.pause();
  clientStore = null;
}
