'use client';

import { useEffect, useState, type ComponentType } from 'react';
import { ErrorWithRetry } from '@/components/ui/error-with-retry';
import { InlineLoader } from '@/components/ui/spinner';
import { useTranslation } from '@/services/client/i18n';

/**
 * A page's game (its machine, XState and its screens) as a chunk of its own: the page's module
 * asks for it as soon as it runs, beside the shell's start (settings, strings), so it is there by
 * the time the page shows, without weighing on the scripts the page's HTML loads
 * (docs/decisions/025-first-load-budget.md). Until it arrives the page shows a loader; if it
 * cannot be fetched, an error with a retry. (Not React.lazy: React holds a Suspense boundary's
 * content back for up to 300 ms after its fallback showed, and the game's first call waited on it.)
 */
export function lazyView<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const start = () => {
    pending ??= load().then(
      (view) => (loaded = view),
      (error: unknown) => {
        pending = null;
        throw error;
      },
    );
    return pending;
  };
  if (typeof window !== 'undefined') void start().catch(() => undefined);

  function LazyView(props: P) {
    const { t } = useTranslation();
    const [view, setView] = useState<ComponentType<P> | null>(() => loaded);
    const [attempt, setAttempt] = useState(0);
    const [failed, setFailed] = useState(false);

    useEffect(() => {
      if (view) return;
      let live = true;
      start().then(
        (arrived) => live && setView(() => arrived),
        () => live && setFailed(true),
      );
      return () => {
        live = false;
      };
    }, [view, attempt]);

    if (view) {
      const View = view;
      return <View {...props} />;
    }
    if (failed) {
      return (
        <ErrorWithRetry
          title={t('common.error_title')}
          message={t('errors.network')}
          retryLabel={t('common.retry')}
          onRetry={() => {
            setFailed(false);
            setAttempt((n) => n + 1);
          }}
        />
      );
    }
    return <InlineLoader label={t('common.loading')} />;
  }
  return LazyView;
}
