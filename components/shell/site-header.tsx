'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useTranslation } from '@/services/client/i18n';
import { ContentLanguageSelect } from '@/components/shell/content-language-select';
import { InterfaceLanguageSelect } from '@/components/shell/interface-language-select';
import { ThemeToggle } from '@/components/shell/theme-toggle';
import { TrophyIcon } from '@/components/ui/icons';
import { useAppSelector } from '@/services/store/hooks';
import { selectAppName, selectUser } from '@/services/store/selectors';

// The header and footer are on every page: their links are not prefetched, so that what a page
// loads first is the page itself (decision 025); a click fetches the next page as it goes.
const NAV_LINK = 'inline-flex min-h-touch items-center rounded-control px-3 font-medium text-fg no-underline hover:bg-surface-muted';

export function SiteHeader() {
  const { t } = useTranslation();
  const appName = useAppSelector(selectAppName) ?? t('app.name');
  const { isLogin, data } = useAppSelector(selectUser);
  // A player who signed in by phone may have no name yet.
  const greeting = !isLogin ? t('header.hello_guest') : data?.name ? t('header.hello_user', { name: data.name }) : t('header.hello_player');

  return (
    <header className="border-b border-line bg-surface">
      <div className="mx-auto flex w-full max-w-5xl flex-wrap items-center gap-x-2 gap-y-1 px-4 pt-2">
        <Link href="/" prefetch={false} className="me-auto inline-flex min-h-touch items-center text-xl font-bold text-fg no-underline">
          {appName}
        </Link>
        <nav aria-label={t('nav.main')}>
          <ul className="flex items-center gap-1">
            <li>
              <Link href="/" prefetch={false} className={NAV_LINK}>
                {t('nav.home')}
              </Link>
            </li>
            <li>
              {/* An icon on phones, where the header has room for four items in a row; words from sm up. */}
              <Link href="/leaderboard/" prefetch={false} className={NAV_LINK}>
                <TrophyIcon />
                <span className="sr-only sm:not-sr-only sm:ms-1">{t('nav.leaderboard')}</span>
              </Link>
            </li>
            {isLogin ? (
              <>
                <li>
                  <Link href="/profile/" prefetch={false} className={NAV_LINK}>
                    {t('nav.profile')}
                  </Link>
                </li>
                <li>
                  <LogoutButton />
                </li>
              </>
            ) : (
              <li>
                <Link href="/auth/login/" prefetch={false} className={NAV_LINK}>
                  {t('nav.login')}
                </Link>
              </li>
            )}
          </ul>
        </nav>
        <ThemeToggle />
      </div>
      <div className="mx-auto flex w-full max-w-5xl flex-wrap items-end gap-x-4 gap-y-2 px-4 pb-3">
        <p className="capitalise-first me-auto self-center text-fg-muted">{greeting}</p>
        <InterfaceLanguageSelect />
        <ContentLanguageSelect />
      </div>
    </header>
  );
}

function LogoutButton() {
  const { t } = useTranslation();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className={NAV_LINK}
      disabled={busy}
      onClick={() => {
        setBusy(true);
        // Loaded on click: the sign-in flow and identity providers stay out of every page's first load.
        void import('@/services/client/sign-in')
          .then(({ signOut }) => signOut({ navigate: (path) => router.replace(path) }))
          .finally(() => setBusy(false));
      }}
    >
      {t('nav.logout')}
    </button>
  );
}
