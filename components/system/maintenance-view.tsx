'use client';

import { useState } from 'react';
import { useTranslation } from '@/services/client/i18n';
import { Button } from '@/components/ui/button';
import { loadWebSettings } from '@/services/client/app-bootstrap';
import { useAppSelector } from '@/services/store/hooks';
import { selectAppName } from '@/services/store/selectors';

/** Shown on every player route while maintenance mode is on; checking again refreshes the settings. */
export function MaintenanceView() {
  const { t } = useTranslation();
  const appName = useAppSelector(selectAppName) ?? t('app.name');
  const [checking, setChecking] = useState(false);

  const checkAgain = () => {
    setChecking(true);
    void loadWebSettings().finally(() => setChecking(false));
  };

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-center">
      <p className="text-lg font-bold">{appName}</p>
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-16 text-accent" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round">
        <path d="M14.7 6.3a4 4 0 0 0-5.4 5.4l-6 6a1.5 1.5 0 0 0 2.1 2.1l6-6a4 4 0 0 0 5.4-5.4l-2.5 2.5-2.1-.5-.5-2.1 2.5-2.5Z" />
      </svg>
      <h1 className="text-2xl font-bold sm:text-3xl">{t('maintenance.title')}</h1>
      <p className="max-w-prose text-fg-muted">{t('maintenance.message')}</p>
      <Button variant="secondary" onClick={checkAgain} disabled={checking} aria-busy={checking}>
        {t('maintenance.check_again')}
      </Button>
    </main>
  );
}
