'use client';

import { useEffect, useState } from 'react';
import { localClientIdentity } from '@/services/client/identity/local';
import type { ClientIdentity } from '@/services/client/identity/provider';
import { useAppSelector } from '@/services/store/hooks';
import { selectWebSettings } from '@/services/store/selectors';
import type { FirebaseWebConfig, WebSettings } from '@/services/store/settings-slice';

/** The Firebase config when the server says players sign in with Firebase, else null (built-in). */
function firebaseConfigOf(settings: WebSettings | null): FirebaseWebConfig | null {
  return settings?.identity_provider === 'firebase' && settings.firebase ? settings.firebase : null;
}

let firebase: { key: string; identity: Promise<ClientIdentity> } | null = null;

/**
 * The sign-in provider the web settings name. The Firebase one is loaded with a dynamic import so
 * that the Firebase SDK stays out of the bundle of every deployment that does not use it (ui.md,
 * Weight); it is loaded once per configuration.
 */
export function getClientIdentity(settings: WebSettings | null): Promise<ClientIdentity> {
  const config = firebaseConfigOf(settings);
  if (!config) return Promise.resolve(localClientIdentity);
  const key = JSON.stringify(config);
  if (!firebase || firebase.key !== key) {
    const identity = import('@/services/client/identity/firebase').then((m) => m.createFirebaseClientIdentity(config));
    // A failed load (offline) is not kept: the next call tries again.
    identity.catch(() => {
      if (firebase?.identity === identity) firebase = null;
    });
    firebase = { key, identity };
  }
  return firebase.identity;
}

export type ClientIdentityState =
  | { status: 'loading' }
  | { status: 'error'; retry: () => void }
  | { status: 'ready'; identity: ClientIdentity };

/**
 * The provider for the sign-in screens. The built-in one is there at once; the Firebase one is
 * 'loading' until its SDK has arrived, or 'error' (with a retry) when it could not be loaded.
 */
export function useClientIdentity(): ClientIdentityState {
  const settings = useAppSelector(selectWebSettings);
  const config = firebaseConfigOf(settings);
  const key = config ? JSON.stringify(config) : 'local';
  const [loaded, setLoaded] = useState<{ key: string; attempt: number; identity: ClientIdentity | null } | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (key === 'local') return;
    let current = true;
    getClientIdentity(settings).then(
      (identity) => current && setLoaded({ key, attempt, identity }),
      (err: unknown) => {
        console.warn('[identity] the Firebase sign-in could not be loaded', err);
        if (current) setLoaded({ key, attempt, identity: null });
      },
    );
    return () => {
      current = false;
    };
    // `settings` is read through `key`: only a change of provider or config reloads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);

  if (key === 'local') return { status: 'ready', identity: localClientIdentity };
  if (!loaded || loaded.key !== key || loaded.attempt !== attempt) return { status: 'loading' };
  if (!loaded.identity) return { status: 'error', retry: () => setAttempt((n) => n + 1) };
  return { status: 'ready', identity: loaded.identity };
}
