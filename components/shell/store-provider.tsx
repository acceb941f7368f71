'use client';

import { useState, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { getAppStore } from '@/services/store/store';

/**
 * The app's Redux store for every view. `serverState` is the state before the saved slices were
 * read back, which is what the server rendered the HTML from: hydration matches it, then the
 * views render again with the player and choices read back from localStorage.
 */
export function StoreProvider({ children }: { children: ReactNode }) {
  const [store] = useState(getAppStore);
  return (
    <Provider store={store} serverState={store.getInitialState()}>
      {children}
    </Provider>
  );
}
