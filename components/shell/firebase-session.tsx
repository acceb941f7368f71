'use client';

import { useEffect, useState, type ComponentType } from 'react';
import { useAppSelector } from '@/services/store/hooks';
import { selectIsLogin, selectWebSettings } from '@/services/store/selectors';
import type { FirebaseWebConfig } from '@/services/store/settings-slice';

type Watch = ComponentType<{ config: FirebaseWebConfig }>;

/**
 * Mounts the Firebase session watch for a signed-in player when players sign in with Firebase;
 * nothing otherwise. The watch (and the Firebase Auth SDK with it) is a chunk of its own, asked
 * for only then, so a deployment on the built-in provider never downloads it (ui.md, Weight).
 */
export function FirebaseSession() {
  const settings = useAppSelector(selectWebSettings);
  const isLogin = useAppSelector(selectIsLogin);
  const config = settings?.identity_provider === 'firebase' && settings.firebase ? settings.firebase : null;
  const wanted = config !== null && isLogin;
  const [watch, setWatch] = useState<Watch | null>(null);

  useEffect(() => {
    if (!wanted || watch) return;
    let current = true;
    import('@/components/auth/firebase-session-watch').then(
      (m) => current && setWatch(() => m.FirebaseSessionWatch),
      (err: unknown) => console.warn('[identity] the Firebase session watch could not be loaded', err),
    );
    return () => {
      current = false;
    };
  }, [wanted, watch]);

  if (!wanted || !watch || !config) return null;
  const Loaded = watch;
  return <Loaded config={config} />;
}
