'use client';

import { formatDateTime } from '@/components/profile/format';
import type { ApiResult } from '@/services/client/api';
import type { Page } from '@/services/client/admin-api';
import { useApiQuery } from '@/services/client/use-api-query';
import type { TableRows } from '@/components/admin/data-table';

/**
 * One page of a server-paginated table: `key` names the request (search, sort, page); a new key
 * loads again. "No rows" is content with a total of 0, which the table shows as its empty state.
 */
export function useTableQuery<Row>(key: string, load: () => Promise<ApiResult<Page<Row>>>): TableRows<Row> & { reload: () => void } {
  const query = useApiQuery(key, load, () => false);
  if (query.status === 'loading') return { status: 'loading', reload: query.retry };
  if (query.status === 'content') return { status: 'content', rows: query.data.rows, total: query.data.total, reload: query.retry };
  if (query.status === 'empty') return { status: 'content', rows: [], total: 0, reload: query.retry };
  return { status: 'error', retry: query.retry, reload: query.retry };
}

/** A fresh request key for a change that must happen once even when it is sent again. */
export function newRequestKey(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** "25 Nov 2026, 17:40" in the operator's locale. */
/** When something happened, for the console (in English, like the console): "Nov 27, 2026, 4:05 PM"; a dash for never. */
export const formatWhen = (iso: string | null): string => (iso ? formatDateTime(iso, 'en') : '—');
