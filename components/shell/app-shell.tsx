'use client';

import { usePathname, useRouter } from 'next/navigation';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from '@/services/client/i18n';
import { useLiveNotifications } from '@/components/shell/live-notifications';
import { RouteGuard } from '@/components/shell/route-guard';
import { SiteFooter } from '@/components/shell/site-footer';
import { SiteHeader } from '@/components/shell/site-header';
import { MaintenanceView } from '@/components/system/maintenance-view';
import { ErrorWithRetry } from '@/components/ui/error-with-retry';
import { FullScreenLoader } from '@/components/ui/spinner';
import { setApiNavigator } from '@/services/client/api';
import { startApp } from '@/services/client/app-bootstrap';
import { BACKGROUND_DELAY_MS, whenPageSettled } from '@/services/client/when-settled';
import { useAppSelector } from '@/services/store/hooks';
import {
  selectCurrentAppLanguage,
  selectMaintenance,
  selectRehydrated,
  selectRtl,
  selectTheme,
} from '@/services/store/selectors';

/** Page-speed measuring starts once per page load (a StrictMode re-run or a remount starts nothing more). */
let webVitalsStarted = false;

const isAdminPath = (pathname: string) => pathname === '/admin' || pathname.startsWith('/admin/');

/**
 * The frame of every page. A full-screen loader stays until the persisted state is read back and
 * the web settings are loaded (spec §2); if they can't be loaded it stays, with a retry (spec §8).
 * In maintenance mode every page but the admin console shows the maintenance notice.
 */
export function AppShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const pathname = usePathname() ?? '/';
  const rehydrated = useAppSelector(selectRehydrated);
  const maintenance = useAppSelector(selectMaintenance);
  const [phase, setPhase] = useState<'starting' | 'failed' | 'ready'>('starting');

  useDocumentPreferences();
  useApiNavigation();
  useLiveNotifications();

  const start = useCallback(() => {
    void startApp().then((ok) => setPhase(ok ? 'ready' : 'failed'));
  }, []);

  useEffect(() => {
    if (rehydrated) start();
  }, [rehydrated, start]);

  // The visit's page speed (Core Web Vitals), measured once the page has settled: its own chunk
  // (the library with it), not the first load; once per page load.
  useEffect(() => {
    if (phase !== 'ready' || webVitalsStarted) return;
    webVitalsStarted = true;
    whenPageSettled(() => void import('@/services/client/web-vitals').then((m) => m.measureWebVitals()), BACKGROUND_DELAY_MS);
  }, [phase]);

  const retry = () => {
    setPhase('starting');
    start();
  };

  if (phase === 'failed') {
    return (
      <FullScreenLoader label={t('loader.loading')}>
        <div className="w-full max-w-md">
          <ErrorWithRetry
            title={t('loader.settings_failed_title')}
            message={t('loader.settings_failed')}
            retryLabel={t('loader.retry')}
            onRetry={retry}
          />
        </div>
      </FullScreenLoader>
    );
  }
  if (phase === 'starting') return <FullScreenLoader label={t('loader.loading')} />;
  if (maintenance && !isAdminPath(pathname)) return <MaintenanceView />;

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#content"
        className="sr-only focus:not-sr-only focus:fixed focus:start-2 focus:top-2 focus:z-50 focus:rounded-control focus:bg-surface focus:p-3"
      >
        {t('app.skip_to_content')}
      </a>
      <SiteHeader />
      {/* At least a screen high: the footer starts below the fold, so a page filling in does not move it in view. */}
      <main id="content" tabIndex={-1} className={`mx-auto min-h-dvh w-full flex-1 px-4 py-6 sm:py-8 ${isAdminPath(pathname) ? 'max-w-7xl' : 'max-w-5xl'}`}>
        <RouteGuard>{children}</RouteGuard>
      </main>
      <SiteFooter />
    </div>
  );
}

/** Mirrors the interface language, its direction and the theme choice onto <html>. */
function useDocumentPreferences(): void {
  const language = useAppSelector(selectCurrentAppLanguage);
  const rtl = useAppSelector(selectRtl);
  const theme = useAppSelector(selectTheme);
  const lang = language?.name ?? 'en';

  useEffect(() => {
    document.documentElement.lang = lang;
    document.documentElement.dir = rtl ? 'rtl' : 'ltr';
  }, [lang, rtl]);

  useEffect(() => {
    if (theme === 'system') delete document.documentElement.dataset.theme;
    else document.documentElement.dataset.theme = theme;
  }, [theme]);
}

/** Lets the API client move to `/` after a 401 with the app's router instead of a full reload. */
function useApiNavigation(): void {
  const router = useRouter();
  useEffect(() => {
    setApiNavigator((path) => router.replace(path));
  }, [router]);
}
