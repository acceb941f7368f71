'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from '@/services/client/i18n';
import { identityErrorKey } from '@/components/auth/identity-error';
import type { IdentityProof } from '@/services/client/identity/provider';

/**
 * Runs a sign-in from a screen: the provider's proof, then the product's session. While it runs
 * `busy` is true; a failure leaves its text in `error`; success toasts and goes home.
 */
export function useSignIn() {
  const { t } = useTranslation();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function signIn(prove: () => Promise<IdentityProof>, friendsCode?: string): Promise<boolean> {
    setBusy(true);
    setError(null);
    try {
      // The session's last step loads with the first sign-in: it is not part of the screen's first load.
      const [proof, { completeSignIn }] = await Promise.all([prove(), import('@/services/client/sign-in')]);
      const outcome = await completeSignIn(proof, { friendsCode, navigate: (path) => router.replace(path) });
      toast.success(t(outcome.created ? 'codes.user_registered' : 'codes.logged_in'));
      if (outcome.friendsCodeRejected) toast.error(t('auth.friends_code_rejected'));
      return true;
    } catch (err) {
      setError(t(identityErrorKey(err)));
      setBusy(false);
      return false;
    }
  }

  return { busy, error, setError, signIn };
}
