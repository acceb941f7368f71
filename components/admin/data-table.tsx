'use client';

import { FlexRender, rowPaginationFeature, rowSortingFeature, tableFeatures, useTable, type ColumnDef, type PaginationState, type RowData, type SortingState } from '@tanstack/react-table';
import { useMemo, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorWithRetry } from '@/components/ui/error-with-retry';
import { Skeleton } from '@/components/ui/skeleton';

/**
 * The console's tables (players, questions, payouts, the audit log): TanStack Table for the
 * table's model, the server for the rows. Sorting and paging are controlled by the page, which
 * asks the server for the rows of the current sort and page (manual sorting and pagination).
 */

export const tableFeaturesOfConsole = tableFeatures({ rowSortingFeature, rowPaginationFeature });
export type ConsoleColumn<Row extends RowData> = ColumnDef<typeof tableFeaturesOfConsole, Row>;

export type TableRows<Row> = { status: 'loading' } | { status: 'error'; retry: () => void } | { status: 'content'; rows: Row[]; total: number };

export interface DataTableProps<Row extends RowData> {
  /** Names the table for screen readers (and the tests). */
  caption: string;
  columns: ConsoleColumn<Row>[];
  data: TableRows<Row>;
  sorting?: SortingState;
  onSortingChange?: (sorting: SortingState) => void;
  pagination: PaginationState;
  onPaginationChange: (pagination: PaginationState) => void;
  empty: { title: string; description?: string };
  rowId: (row: Row) => string;
  /** Something above the table: search and filters. */
  toolbar?: ReactNode;
}



// One line per record: the table scrolls sideways on a phone, its first column (what the row is) staying in view.
const STICKY_HEAD = 'sticky start-0 z-10 bg-surface-muted';
const STICKY_CELL = 'sticky start-0 z-10 bg-surface';

export function DataTable<Row extends RowData>({ caption, columns, data, sorting = [], onSortingChange, pagination, onPaginationChange, empty, rowId, toolbar }: DataTableProps<Row>) {
  const rows = useMemo(() => (data.status === 'content' ? data.rows : []), [data]);
  const total = data.status === 'content' ? data.total : 0;
  const table = useTable({
    features: tableFeaturesOfConsole,
    columns,
    data: rows,
    getRowId: (row) => rowId(row),
    manualSorting: true,
    manualPagination: true,
    enableSortingRemoval: false,
    rowCount: total,
    state: { sorting, pagination },
    onSortingChange: (updater) => onSortingChange?.(typeof updater === 'function' ? updater(sorting) : updater),
    onPaginationChange: (updater) => onPaginationChange(typeof updater === 'function' ? updater(pagination) : updater),
  });
  const pageCount = Math.max(1, Math.ceil(total / pagination.pageSize));
  const first = total === 0 ? 0 : pagination.pageIndex * pagination.pageSize + 1;
  const last = Math.min(total, (pagination.pageIndex + 1) * pagination.pageSize);

  return (
    <div className="flex flex-col gap-3">
      {toolbar}
      {data.status === 'error' ? (
        <ErrorWithRetry title="Could not load" message={`${caption} could not be loaded.`} retryLabel="Try again" onRetry={data.retry} />
      ) : data.status === 'content' && data.total === 0 ? (
        <EmptyState title={empty.title} description={empty.description} />
      ) : (
        <div className="overflow-x-auto rounded-card border border-line">
          <table className="w-full border-collapse text-start text-sm">
            <caption className="sr-only">{caption}</caption>
            <thead className="bg-surface-muted">
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => {
                    const sorted = header.column.getIsSorted();
                    return (
                      <th key={header.id} scope="col" className={`whitespace-nowrap px-3 py-2 text-start font-semibold ${header.index === 0 ? STICKY_HEAD : ''}`} aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}>
                        {header.column.getCanSort() && onSortingChange ? (
                          <button type="button" className="inline-flex min-h-touch items-center gap-1 underline-offset-2 hover:underline" onClick={header.column.getToggleSortingHandler()}>
                            <FlexRender header={header} />
                            <span aria-hidden="true">{sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}</span>
                          </button>
                        ) : (
                          <FlexRender header={header} />
                        )}
                      </th>
                    );
                  })}
                </tr>
              ))}
            </thead>
            <tbody>
              {data.status === 'loading'
                ? Array.from({ length: Math.min(pagination.pageSize, 5) }, (_, i) => (
                    <tr key={i} className="border-t border-line">
                      <td colSpan={columns.length} className="px-3 py-2">
                        <Skeleton className="h-6" />
                      </td>
                    </tr>
                  ))
                : table.getRowModel().rows.map((row) => (
                    <tr key={row.id} className="border-t border-line align-top">
                      {row.getAllCells().map((cell, i) => (
                        <td key={cell.id} className={`whitespace-nowrap px-3 py-2 ${i === 0 ? STICKY_CELL : ''}`}>
                          <FlexRender cell={cell} />
                        </td>
                      ))}
                    </tr>
                  ))}
            </tbody>
          </table>
          {data.status === 'loading' ? <span role="status" className="sr-only">Loading</span> : null}
        </div>
      )}
      {data.status === 'content' && total > 0 ? (
        <nav aria-label={`${caption}: pages`} className="flex flex-wrap items-center justify-between gap-2">
          <p aria-live="polite" className="text-fg-muted">
            {first}–{last} of {total}
          </p>
          <div className="flex gap-2">
            <Button variant="secondary" onClick={() => table.previousPage()} disabled={pagination.pageIndex === 0}>
              Previous
            </Button>
            <Button variant="secondary" onClick={() => table.nextPage()} disabled={pagination.pageIndex >= pageCount - 1}>
              Next
            </Button>
          </div>
        </nav>
      ) : null}
    </div>
  );
}
