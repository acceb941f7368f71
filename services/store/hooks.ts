import { useCallback, useRef, useSyncExternalStore } from 'react';
import { getAppStore, type AppDispatch, type RootState } from '@/services/store/store';

/**
 * A value of the app's state; the view renders again only when it changes (`Object.is`). While
 * React hydrates server-rendered HTML it reads the state the HTML was made from, then the real one.
 */
export function useAppSelector<T>(selector: (state: RootState) => T): T {
  const store = getAppStore();
  const memo = useRef<{ state: RootState; selector: (state: RootState) => T; value: T } | null>(null);
  const select = useCallback(
    (state: RootState): T => {
      const held = memo.current;
      if (held && held.state === state && held.selector === selector) return held.value;
      const value = selector(state);
      const kept = held && Object.is(held.value, value) ? held.value : value;
      memo.current = { state, selector, value: kept };
      return kept;
    },
    [selector],
  );
  return useSyncExternalStore(
    store.subscribe,
    () => select(store.getState()),
    () => selector(store.getInitialState()),
  );
}

export function useAppDispatch(): AppDispatch {
  return getAppStore().dispatch;
}
