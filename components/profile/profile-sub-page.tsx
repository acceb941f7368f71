'use client';

import type { ReactNode } from 'react';
import { useTranslation } from '@/services/client/i18n';
import { BackLink } from '@/components/ui/back-link';
import { PageHeading } from '@/components/ui/page-heading';

/** The frame of the pages under the profile: a way back, the heading, the content. */
export function ProfileSubPage({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="flex flex-col">
      <BackLink href="/profile/" label={t('profile.back')} />
      <PageHeading title={title} description={description} />
      <div className="flex flex-col gap-4">{children}</div>
    </section>
  );
}
