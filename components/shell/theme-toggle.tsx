'use client';

import { useTranslation } from '@/services/client/i18n';
import { IconButton } from '@/components/ui/icon-button';
import { useAppDispatch, useAppSelector } from '@/services/store/hooks';
import { themeCycled, type ThemeChoice } from '@/services/store/preferences-slice';
import { selectTheme } from '@/services/store/selectors';

const ICONS: Record<ThemeChoice, string> = {
  // Half-filled circle: follow the device.
  system: 'M12 3a9 9 0 1 0 0 18V3Z M12 3a9 9 0 0 1 0 18',
  light: 'M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8Z M12 2v2 M12 20v2 M4.9 4.9l1.4 1.4 M17.7 17.7l1.4 1.4 M2 12h2 M20 12h2 M4.9 19.1l1.4-1.4 M17.7 6.3l1.4-1.4',
  dark: 'M20 14.5A8.5 8.5 0 0 1 9.5 4a8.5 8.5 0 1 0 10.5 10.5Z',
};

/** Cycles the theme: device setting → light → dark. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const theme = useAppSelector(selectTheme);

  return (
    <IconButton label={t('theme.toggle', { theme: t(`theme.${theme}`) })} onClick={() => dispatch(themeCycled())}>
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
        <path d={ICONS[theme]} />
      </svg>
    </IconButton>
  );
}
