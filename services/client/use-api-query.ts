'use client';

import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import type { ApiResult } from '@/services/client/api';

/** The four states every list and page has (ui.md). */
export type QueryState<T> =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'empty' }
  | { status: 'content'; data: T };

const NO_DATA = '102';

/**
 * Runs one API request for a view and reports loading / empty / error / content, with a retry.
 * `key` identifies the request: a new key starts a new request and drops the old answer.
 */
export function useApiQuery<T>(
  key: string,
  load: () => Promise<ApiResult<T>>,
  isEmpty: (data: T) => boolean,
): QueryState<T> & { retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ key: string; attempt: number; value: QueryState<T> } | null>(null);

  // The latest `load` and `isEmpty` are used for each request; only the key or a retry starts one.
  const request = useEffectEvent(load);
  const classify = useEffectEvent((result: ApiResult<T>): QueryState<T> => {
    if (!result.ok) return result.code === NO_DATA ? { status: 'empty' } : { status: 'error' };
    return isEmpty(result.data) ? { status: 'empty' } : { status: 'content', data: result.data };
  });

  useEffect(() => {
    let current = true;
    void request().then((result) => {
      if (current) setState({ key, attempt, value: classify(result) });
    });
    return () => {
      current = false;
    };
  }, [key, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  // An answer to an older key or attempt is stale: show loading until the current one arrives.
  const fresh = state && state.key === key && state.attempt === attempt ? state.value : { status: 'loading' as const };
  return { ...fresh, retry };
}
