'use client';

import { usePathname, useRouter } from 'next/navigation';
import { useEffect, useRef, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from '@/services/client/i18n';
import { routeAccess } from '@/components/shell/route-access';
import { InlineLoader } from '@/components/ui/spinner';
import { useAppSelector } from '@/services/store/hooks';
import { selectIsLogin, selectRehydrated } from '@/services/store/selectors';

/**
 * Keeps guests off protected routes and players off auth pages. Until the persisted session is
 * read back, and while a redirect is under way, it shows a loader: protected content never renders
 * for a guest, not even for one frame.
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const pathname = usePathname() ?? '/';
  const router = useRouter();
  const rehydrated = useAppSelector(selectRehydrated);
  const isLogin = useAppSelector(selectIsLogin);
  const access = rehydrated ? routeAccess(pathname, isLogin) : null;
  // Whether a player was signed in on the page now shown: if they log out here (or a 401 logs
  // them out) they are taken home (spec §4), not told to log in.
  const signedInHere = useRef(false);

  useEffect(() => {
    if (access === 'allowed') {
      signedInHere.current = isLogin;
    } else if (access === 'send-home') {
      router.replace('/');
    } else if (access === 'send-to-login') {
      if (signedInHere.current) {
        router.replace('/');
        return;
      }
      toast.error(t('auth.please_login_first'), { id: 'please-login-first' });
      router.replace('/auth/login/');
    }
  }, [access, isLogin, router, t]);

  if (access !== 'allowed') return <InlineLoader label={t('loader.loading')} />;
  return <>{children}</>;
}
