'use client';

import { usePathname, useRouter } from 'next/navigation';
import { Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from '@/services/client/i18n';
import { RouteGuard } from '@/components/shell/route-guard';
import { AppBar } from '@/components/shell/app-bar';
import { ImmersiveContext, isImmersivePath, useImmersiveRequests } from '@/components/shell/immersive';
import { ErrorWithRetry } from '@/components/ui/error-with-retry';
import { usePageSettled } from '@/components/ui/use-page-settled';
import { FullScreenLoader } from '@/components/ui/spinner';
import { setApiNavigator } from '@/services/client/api';
import { setAppNavigator } from '@/services/client/app-navigator';
import { startApp } from '@/services/client/app-bootstrap';
import { BACKGROUND_DELAY_MS, whenPageSettled } from '@/services/client/when-settled';
import { useAppSelector } from '@/services/store/hooks';
import { lazyPart } from '@/components/ui/lazy-part';
import {
  selectCurrentAppLanguage,
  selectMaintenance,
  selectRehydrated,
  selectRtl,
  selectTheme,
  selectToken,
} from '@/services/store/selectors';

// Loaded as the frame first shows, beside the page: the bottom tabs (fixed, so nothing moves when
// they appear) and the maintenance notice (shown only in maintenance).
const TabBar = lazyPart(() => import('@/components/shell/tab-bar'));
// Below the fold (the page above it is a screen high), so nothing moves when it comes.
const SiteFooter = lazyPart(() => import('@/components/shell/site-footer').then((m) => ({ default: m.SiteFooter })));
// A signed-in player's live notifications (and the bell's count): nothing of it for a guest.
const LiveNotifications = lazyPart(() => import('@/components/shell/live-notifications'));
const MaintenanceView = lazyPart(() => import('@/components/system/maintenance-view').then((m) => ({ default: m.MaintenanceView })));

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
  const token = useAppSelector(selectToken);
  const [phase, setPhase] = useState<'starting' | 'failed' | 'ready'>('starting');
  const [immersiveRequested, changeImmersive] = useImmersiveRequests();
  // The frame's extras (the bottom tabs, the footer, the live notification feed) come a second
  // after the page has loaded: after a game page's own chain (its game, its first call, its
  // first screen), whose largest paint they must not delay. The tabs are fixed and the footer
  // below the fold, so nothing moves when they come.
  const settled = usePageSettled(1000);
  const extras = settled && phase === 'ready';

  useDocumentPreferences();
  useInputKind();
  useApiNavigation();

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
  if (maintenance && !isAdminPath(pathname)) {
    return (
      <Suspense fallback={<FullScreenLoader label={t('loader.loading')} />}>
        <MaintenanceView />
      </Suspense>
    );
  }

  // The console has a frame of its own (ConsoleFrame); a game on screen hides the site's frame.
  const admin = isAdminPath(pathname);
  const bare = admin || immersiveRequested || isImmersivePath(pathname);

  return (
    <ImmersiveContext value={changeImmersive}>
      <div className="flex min-h-dvh flex-col" data-frame={admin ? 'console' : bare ? 'immersive' : 'app'}>
        <a
          href="#content"
          className="sr-only focus:not-sr-only focus:fixed focus:start-2 focus:top-2 focus:z-50 focus:rounded-control focus:bg-surface focus:p-3"
        >
          {t('app.skip_to_content')}
        </a>
        {token && settled ? (
          <Suspense fallback={null}>
            <LiveNotifications />
          </Suspense>
        ) : null}
        {bare ? null : <AppBar />}
        {/* At least a screen high: the footer starts below the fold, so a page filling in does not move it in view. */}
        <main
          id="content"
          tabIndex={-1}
          className={`mx-auto min-h-dvh w-full flex-1 ${admin ? 'max-w-7xl px-0 py-0' : bare ? 'max-w-3xl px-3 pb-4 pt-2 sm:px-4' : 'max-w-5xl px-4 pb-6 pt-4 sm:pb-8 sm:pt-6'}`}
        >
          <RouteGuard>{children}</RouteGuard>
        </main>
        {bare || !extras ? null : (
          <>
            <div className="pb-16 sm:pb-0">
              <Suspense fallback={null}>
                <SiteFooter />
              </Suspense>
            </div>
            <Suspense fallback={null}>
              <TabBar />
            </Suspense>
          </>
        )}
      </div>
    </ImmersiveContext>
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

/**
 * Marks <html data-input="keyboard"> while the player uses the keyboard, and clears it at the next
 * touch or click: hints about keys show only to keyboard players (a touch screen has no 1 to 4).
 */
function useInputKind(): void {
  useEffect(() => {
    const root = document.documentElement;
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      if (e.key === 'Tab' || e.key.startsWith('Arrow') || e.key === ' ' || /^[1-5a-e]$/i.test(e.key)) root.dataset.input = 'keyboard';
    };
    const onPointer = () => {
      delete root.dataset.input;
    };
    window.addEventListener('keydown', onKey, true);
    window.addEventListener('pointerdown', onPointer, true);
    return () => {
      window.removeEventListener('keydown', onKey, true);
      window.removeEventListener('pointerdown', onPointer, true);
    };
  }, []);
}

/** Lets the API client move to `/` after a 401 with the app's router instead of a full reload. */
function useApiNavigation(): void {
  const router = useRouter();
  useEffect(() => {
    setApiNavigator((path) => router.replace(path));
    setAppNavigator((path) => router.push(path));
  }, [router]);
}
