'use client';

import Link from 'next/link';
import { useTranslation } from 'react-i18next';
import { ContentLanguageSelect } from '@/components/shell/content-language-select';
import { InterfaceLanguageSelect } from '@/components/shell/interface-language-select';
import { ThemeToggle } from '@/components/shell/theme-toggle';
import { useAppSelector } from '@/services/store/hooks';
import { selectAppName, selectUser } from '@/services/store/selectors';

const NAV_LINK = 'inline-flex min-h-touch items-center rounded-control px-3 font-medium text-fg no-underline hover:bg-surface-muted';

export function SiteHeader() {
  const { t } = useTranslation();
  const appName = useAppSelector(selectAppName) ?? t('app.name');
  const { isLogin, data } = useAppSelector(selectUser);
  const greeting = isLogin && data?.name ? t('header.hello_user', { name: data.name }) : t('header.hello_guest');

  return (
    <header className="border-b border-line bg-surface">
      <div className="mx-auto flex w-full max-w-5xl flex-wrap items-center gap-x-2 gap-y-1 px-4 pt-2">
        <Link href="/" className="me-auto inline-flex min-h-touch items-center text-xl font-bold text-fg no-underline">
          {appName}
        </Link>
        <nav aria-label={t('nav.main')}>
          <ul className="flex items-center gap-1">
            <li>
              <Link href="/" className={NAV_LINK}>
                {t('nav.home')}
              </Link>
            </li>
            <li>
              {isLogin ? (
                <Link href="/profile/" className={NAV_LINK}>
                  {t('nav.profile')}
                </Link>
              ) : (
                <Link href="/auth/login/" className={NAV_LINK}>
                  {t('nav.login')}
                </Link>
              )}
            </li>
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
