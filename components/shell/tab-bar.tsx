'use client';

import { House, Swords, Trophy, UserRound, type LucideIcon } from 'lucide-react';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useTranslation } from '@/services/client/i18n';
import { MAIN_TABS } from '@/components/shell/main-tabs';

const ICONS: Readonly<Record<(typeof MAIN_TABS)[number]['href'], LucideIcon>> = { '/': House, '/random-battle/': Swords, '/leaderboard/': Trophy, '/profile/': UserRound };

/** The bottom tabs on phones (below sm): Home, Battle, Leaderboard, Profile. */
export default function TabBar() {
  const { t } = useTranslation();
  const pathname = usePathname() ?? '/';
  return (
    <nav aria-label={t('nav.main')} className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-surface pb-[env(safe-area-inset-bottom)] shadow-raised sm:hidden">
      <ul className="mx-auto grid h-16 max-w-md grid-cols-4">
        {MAIN_TABS.map(({ href, key, match }) => {
          const current = match(pathname);
          const Icon = ICONS[href];
          return (
            <li key={href} className="flex">
              <Link
                href={href}
                prefetch={false}
                aria-current={current ? 'page' : undefined}
                className="flex min-w-0 flex-1 flex-col items-center justify-center gap-0.5 px-0.5 text-center text-xs font-semibold leading-tight text-fg-muted no-underline aria-[current=page]:text-accent"
              >
                <span className={`inline-flex h-7 w-12 items-center justify-center rounded-full ${current ? 'bg-accent-soft' : ''}`}>
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                {t(key)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
