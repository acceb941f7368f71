'use client';

import { useSearchParams } from 'next/navigation';
import { Suspense, type ReactNode } from 'react';

function Read({ name, render }: { name: string; render: (value: string) => ReactNode }) {
  const value = useSearchParams()?.get(name) ?? '';
  return <>{render(value)}</>;
}

/**
 * Hands a query parameter (`?token=`, `?ref=`) to a view. The pages are prerendered without a
 * query, so the reading waits for the browser inside a Suspense boundary.
 */
export function WithSearchParam({ name, render }: { name: string; render: (value: string) => ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Read name={name} render={render} />
    </Suspense>
  );
}
