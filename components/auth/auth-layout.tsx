import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { PageHeading } from '@/components/ui/page-heading';

/** The frame of the sign-in screens: a heading and one narrow card, with links under it. */
export function AuthLayout({ title, description, children, footer }: { title: string; description?: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <section className="mx-auto flex w-full max-w-md flex-col">
      <PageHeading title={title} description={description} />
      <Card className="flex flex-col gap-4">{children}</Card>
      {footer ? <div className="mt-4 flex flex-col items-center gap-1 text-center">{footer}</div> : null}
    </section>
  );
}

/** A text link of the sign-in screens' footers, tall enough to tap. */
export const AUTH_LINK = 'inline-flex min-h-touch items-center rounded-control px-2 font-medium underline-offset-4 hover:underline';
