import type { Storage } from 'redux-persist';

/**
 * localStorage for redux-persist, and a no-op store while rendering on the server (where there is
 * no window). Written here rather than taken from `redux-persist/lib/storage`, which logs a warning
 * on every server render when it finds no localStorage.
 */
export function createPersistStorage(): Storage {
  const local = typeof window !== 'undefined' ? safeLocalStorage() : null;
  return {
    getItem: (key: string) => Promise.resolve(local ? local.getItem(key) : null),
    setItem: (key: string, value: string) => {
      try {
        local?.setItem(key, value);
      } catch {
        // Quota exceeded or storage disabled (private mode): the app keeps working unpersisted.
      }
      return Promise.resolve();
    },
    removeItem: (key: string) => {
      local?.removeItem(key);
      return Promise.resolve();
    },
  };
}

function safeLocalStorage(): globalThis.Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
