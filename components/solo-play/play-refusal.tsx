import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';

/** Why a play cannot start ("you have already played"), with where to go instead. */
export function PlayRefusal({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <Card as="section" className="flex flex-col items-center gap-4 py-8 text-center">
      <p role="status" className="capitalise-first text-lg font-semibold">
        {message}
      </p>
      {children ? <div className="flex flex-col gap-2 sm:flex-row">{children}</div> : null}
    </Card>
  );
}
