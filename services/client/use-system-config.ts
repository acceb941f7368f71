'use client';

import { useCallback, useEffect, useState } from 'react';
import { loadSystemConfig } from '@/services/client/app-bootstrap';
import { useAppSelector } from '@/services/store/hooks';
import { selectSystemConfig } from '@/services/store/selectors';

export type SystemConfigStatus = 'loading' | 'error' | 'ready';

/**
 * The system configuration for a view that needs it: asks for it when the store has none yet
 * (sharing the request the shell may already have started) and offers a retry after a failure.
 */
export function useSystemConfig(): { status: SystemConfigStatus; retry: () => void } {
  const config = useAppSelector(selectSystemConfig);
  const [failed, setFailed] = useState(false);
  const hasConfig = config !== null;

  const load = useCallback(() => {
    void loadSystemConfig().then((ok) => setFailed(!ok));
  }, []);

  useEffect(() => {
    if (!hasConfig) load();
  }, [hasConfig, load]);

  const retry = useCallback(() => {
    setFailed(false);
    load();
  }, [load]);

  return { status: hasConfig ? 'ready' : failed ? 'error' : 'loading', retry };
}
