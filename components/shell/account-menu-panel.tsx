'use client';

import { LogIn, LogOut, Monitor, Moon, Settings, Sun, UserRound, Volume2, VolumeX, type LucideIcon } from 'lucide-react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useTranslation } from '@/services/client/i18n';
import { ContentLanguageSelect } from '@/components/shell/content-language-select';
import { InterfaceLanguageSelect } from '@/components/shell/interface-language-select';
import { Avatar } from '@/components/ui/avatar';
import { useAppDispatch, useAppSelector } from '@/services/store/hooks';
import { soundChosen, themeChosen, type ThemeChoice } from '@/services/store/preferences-slice';
import { selectTheme } from '@/services/store/selectors';
import { useSoundOn } from '@/services/client/use-sound-on';

const THEMES: readonly { value: ThemeChoice; Icon: LucideIcon }[] = [
  { value: 'system', Icon: Monitor },
  { value: 'light', Icon: Sun },
  { value: 'dark', Icon: Moon },
];

/** The menu's links: a player's own pages, or the way in for a guest. */
const PLAYER_LINKS = [
  { href: '/profile/', key: 'nav.profile', Icon: UserRound },
  { href: '/profile/settings/', key: 'nav.settings', Icon: Settings },
] as const;
const GUEST_LINKS = [{ href: '/auth/login/', key: 'nav.login', Icon: LogIn }] as const;

const ITEM = 'flex min-h-touch w-full items-center gap-3 rounded-control px-3 font-semibold text-fg no-underline hover:bg-surface-muted';

/**
 * The account menu's contents: who is signed in, profile and settings, both languages, the theme,
 * sound and haptics, log out (a guest: log in). Loaded the first time the menu opens.
 */
export default function AccountMenuPanel({ name, image, onDone }: { name: string | null; image: string | null | undefined; onDone: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const theme = useAppSelector(selectTheme);
  const soundOn = useSoundOn();

  return (
    <div className="flex flex-col gap-3">
      {name !== null ? (
        <div className="flex items-center gap-3 px-1">
          <Avatar src={image} name="" seed={name} size={44} />
          <p className="min-w-0 break-words font-display text-lg font-bold leading-tight">{name}</p>
        </div>
      ) : null}
      <ul className="flex flex-col">
        {(name !== null ? PLAYER_LINKS : GUEST_LINKS).map(({ href, key, Icon }) => (
          <li key={href}>
            <Link href={href} prefetch={false} className={ITEM} onClick={onDone}>
              <Icon aria-hidden="true" className="size-5" />
              {t(key)}
            </Link>
          </li>
        ))}
      </ul>
      <div className="flex flex-col gap-2 border-t border-line pt-3">
        <InterfaceLanguageSelect id="menu-interface-language" className="w-full" />
        <ContentLanguageSelect id="menu-content-language" className="w-full" />
      </div>
      <fieldset className="border-t border-line pt-3">
        <legend className="float-start mb-2 text-sm font-semibold text-fg-muted">{t('theme.label')}</legend>
        <div className="clear-both grid grid-cols-3 gap-1 rounded-control bg-surface-muted p-1">
          {THEMES.map(({ value, Icon }) => (
            <label key={value} className="flex min-h-touch cursor-pointer flex-col items-center justify-center rounded-control text-xs font-semibold has-[:checked]:bg-surface has-[:checked]:text-accent has-[:checked]:shadow-card has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-focus">
              <input type="radio" name="theme" value={value} checked={theme === value} onChange={() => dispatch(themeChosen(value))} className="sr-only" />
              <Icon aria-hidden="true" className="size-5" />
              <span className="capitalise-first">{t(`theme.${value}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <button type="button" role="switch" aria-checked={soundOn} onClick={() => dispatch(soundChosen(!soundOn))} className={`${ITEM} border-t border-line`}>
        {soundOn ? <Volume2 aria-hidden="true" className="size-5" /> : <VolumeX aria-hidden="true" className="size-5" />}
        <span className="flex-1 text-start">{t('settings.sound')}</span>
        <span className="text-sm text-fg-muted">{soundOn ? t('common.on') : t('common.off')}</span>
      </button>
      {name !== null ? <LogoutItem /> : null}
    </div>
  );
}

function LogoutItem() {
  const { t } = useTranslation();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className={`${ITEM} border-t border-line text-danger`}
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void import('@/services/client/sign-in')
          .then(({ signOut }) => signOut({ navigate: (path) => router.replace(path) }))
          .finally(() => setBusy(false));
      }}
    >
      <LogOut aria-hidden="true" className="size-5" />
      {t('nav.logout')}
    </button>
  );
}
