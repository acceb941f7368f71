'use client';

import { Bell, Coins, Settings2 } from 'lucide-react';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { LOGO_BUBBLE_PATH, LOGO_CORNER_RADIUS, LOGO_SPARK_PATH } from '@/components/shell/logo-paths';
import { Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '@/services/client/i18n';
import { Avatar } from '@/components/ui/avatar';
import { formatNumber } from '@/services/client/format-number';
import { MAIN_TABS } from '@/components/shell/main-tabs';
import { useAppSelector } from '@/services/store/hooks';
import { selectAppName, selectUnreadNotifications, selectUser } from '@/services/store/selectors';
import { lazyPart } from '@/components/ui/lazy-part';

// The menu's contents (languages, theme, links, log out) load when it is first opened, or when the
// pointer or focus comes to its button: no page carries them in its first load.
const loadMenuPanel = () => import('@/components/shell/account-menu-panel');
const AccountMenuPanel = lazyPart(loadMenuPanel);


/** The app's mark (components/shell/logo-paths.ts) in the theme's accent colours. */
export function LogoMark({ className = 'size-8' }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 32 32" className={`shrink-0 ${className}`}>
      <rect width="32" height="32" rx={LOGO_CORNER_RADIUS} className="fill-accent" />
      <path d={LOGO_BUBBLE_PATH} className="fill-on-accent" />
      <path d={LOGO_SPARK_PATH} className="fill-accent" />
    </svg>
  );
}

const BAR_LINK = 'inline-flex min-h-touch items-center gap-1.5 rounded-control px-3 font-semibold text-fg no-underline hover:bg-surface-muted aria-[current=page]:text-accent';

/**
 * The app bar (ui.md: at most 56 px): the mark and name, the main links from sm up, the live coin
 * balance, the notification bell with its unread count and the account menu. Its links are not
 * prefetched (decision 025).
 */
export function AppBar() {
  const { t, i18n } = useTranslation();
  const pathname = usePathname() ?? '/';
  const appName = useAppSelector(selectAppName) ?? t('app.name');
  const { isLogin, data } = useAppSelector(selectUser);
  const unread = useAppSelector(selectUnreadNotifications);
  const coins = data?.coins === undefined || data?.coins === null ? null : Number(data.coins);

  return (
    <header data-app-bar className="h-14 border-b border-line bg-surface">
      <div className="mx-auto flex h-full w-full max-w-5xl items-center gap-1 px-3 sm:gap-2 sm:px-4">
        <Link href="/" prefetch={false} className="me-auto flex min-h-touch min-w-0 items-center gap-2 rounded-control pe-1 text-fg no-underline">
          <LogoMark />
          <span dir="auto" className="truncate font-display text-xl font-bold leading-none">{appName}</span>
        </Link>
        <nav aria-label={t('nav.main')} className="hidden sm:block">
          <ul className="flex items-center gap-1">
            {MAIN_TABS.map(({ href, key, match }) => (
              <li key={href}>
                <Link href={href} prefetch={false} aria-current={match(pathname) ? 'page' : undefined} className={BAR_LINK}>
                  {t(key)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {isLogin ? (
          <>
            {coins !== null && Number.isFinite(coins) ? (
              <Link
                href="/profile/coin-history/"
                prefetch={false}
                data-coin-balance
                className="inline-flex min-h-touch items-center gap-1 rounded-full px-2 font-display text-lg font-bold text-coin no-underline hover:bg-coin-soft"
              >
                {/* Named by a text of its own, so that every language's plural form names it, digits or not. */}
                <Coins aria-hidden="true" className="size-5" />
                <span aria-hidden="true" className="tabular-nums">
                  {formatNumber(coins, i18n.language)}
                </span>
                <span className="sr-only">{t('header.coins', { coins: formatNumber(coins, i18n.language), count: coins })}</span>
              </Link>
            ) : null}
            <Link
              href="/profile/notifications/"
              prefetch={false}
              className="relative inline-flex size-touch shrink-0 items-center justify-center rounded-full text-fg hover:bg-surface-muted"
            >
              <Bell aria-hidden="true" className="size-6" />
              <span className="sr-only">{unread > 0 ? t('header.notifications_unread', { count: unread }) : t('header.notifications')}</span>
              {unread > 0 ? (
                <span aria-hidden="true" className="absolute end-1.5 top-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-danger px-1 text-xs font-bold text-on-accent tabular-nums">
                  {unread > 99 ? '99+' : formatNumber(unread, i18n.language)}
                </span>
              ) : null}
            </Link>
          </>
        ) : (
          <Link href="/auth/login/" prefetch={false} className="inline-flex min-h-touch items-center rounded-full bg-accent px-4 font-semibold text-on-accent no-underline hover:bg-accent-hover">
            {t('nav.login')}
          </Link>
        )}
        <AccountMenu name={isLogin ? data?.name || t('header.player') : null} image={isLogin ? data?.profile : null} />
      </div>
    </header>
  );
}

/** The avatar (a gear for a guest) that opens the account menu: a disclosure, closed by Escape, a click outside or a new page. */
function AccountMenu({ name, image }: { name: string | null; image: string | null | undefined }) {
  const { t } = useTranslation();
  const pathname = usePathname() ?? '/';
  // Open on the page it was opened on: a new page closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn !== null && openOn === pathname;
  const setOpen = (value: boolean) => setOpenOn(value ? pathname : null);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpenOn(null);
      button.current?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpenOn(null);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen(!open)}
        onPointerEnter={() => void loadMenuPanel()}
        onFocus={() => void loadMenuPanel()}
        className="inline-flex size-touch shrink-0 items-center justify-center rounded-full hover:bg-surface-muted"
      >
        {/* Named by its contents (the player's avatar, then the menu's name), not by a label over a drawn avatar. */}
        {name !== null ? <Avatar src={image} name={name} size={36} /> : <Settings2 aria-hidden="true" className="size-6" />}
        <span className="sr-only">{t('header.account_menu')}</span>
      </button>
      {open ? (
        <div id={panelId} className="absolute end-0 top-full z-40 mt-2 w-72 max-w-[calc(100vw-1.5rem)] rounded-card border border-line bg-surface p-3 shadow-raised">
          <Suspense fallback={<p className="p-3 text-fg-muted">{t('common.loading')}</p>}>
            <AccountMenuPanel name={name} image={image} onDone={() => setOpen(false)} />
          </Suspense>
        </div>
      ) : null}
    </div>
  );
}

