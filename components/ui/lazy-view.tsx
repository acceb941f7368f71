'use client';

import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { ErrorWithRetry } from '@/components/ui/error-with-retry';
import { InlineLoader } from '@/components/ui/spinner';
import { useTranslation } from '@/services/client/i18n';

/**
 * A page's game (its machine, XState and its screens) as a chunk of its own: the page's module
 * asks for it as soon as it runs, beside the shell's start (settings, strings), so it is there by
 * the time the page shows, without weighing on the scripts the page's HTML loads
 * (docs/decisions/025-first-load-budget.md). Until it arrives the page shows a loader; if it
 * cannot be fetched, an error with a retry.
 */
export function lazyView<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let pending: Promise<{ default: ComponentType<P> }> | null = null;
  const start = () => {
    pending ??= load().then(
      (view) => ({ default: view }),
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
    // A new lazy component per attempt: React remembers a failed one.
    const [attempt, setAttempt] = useState(0);
    const [View, setView] = useState(() => lazy(start));
    return (
      <ChunkBoundary
        key={attempt}
        fallback={(
          <ErrorWithRetry
            title={t('common.error_title')}
            message={t('errors.network')}
            retryLabel={t('common.retry')}
            onRetry={() => {
              setView(() => lazy(start));
              setAttempt((n) => n + 1);
            }}
          />
        )}
      >
        <Suspense fallback={<InlineLoader label={t('common.loading')} />}>
          <View {...props} />
        </Suspense>
      </ChunkBoundary>
    );
  }
  return LazyView;
}

class ChunkBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
