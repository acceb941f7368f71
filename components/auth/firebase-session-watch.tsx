'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { useIdToken } from 'react-firebase-hooks/auth';
import toast from 'react-hot-toast';
import { firebaseAuthFor } from '@/services/client/identity/firebase';
import { useTranslation } from '@/services/client/i18n';
import { signOut } from '@/services/client/sign-in';
import type { FirebaseWebConfig } from '@/services/store/settings-slice';

/**
 * With the Firebase identity provider, the player's Firebase session (react-firebase-hooks'
 * `useIdToken`: the signed-in user and each new ID token) decides whether the app stays signed in.
 * When Firebase says nobody is signed in any more (signed out in another tab, the account deleted
 * or disabled so that its token could not be refreshed), the app signs out too: the server ends
 * the session, the stored player is cleared, and the player is told why.
 *
 * Loaded only with the Firebase provider and a signed-in player (components/shell/firebase-session.tsx):
 * it brings the Firebase Auth SDK.
 */
export function FirebaseSessionWatch({ config }: { config: FirebaseWebConfig }) {
  const [user, loading, error] = useIdToken(firebaseAuthFor(config));
  const router = useRouter();
  const { t } = useTranslation();
  const ended = useRef(false);

  useEffect(() => {
    // Loading: Firebase is still reading its saved session. An error is not an ended session.
    if (loading || error || user || ended.current) return;
    ended.current = true;
    toast(t('auth.session_ended'), { id: 'firebase-session-ended' });
    void signOut({ navigate: (path) => router.replace(path) });
  }, [user, loading, error, router, t]);

  return null;
}
