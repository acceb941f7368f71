'use client';

import { useTranslation } from '@/services/client/i18n';
import { ButtonLink } from '@/components/ui/button';
import { PageHeading } from '@/components/ui/page-heading';

export function NotFoundView() {
  const { t } = useTranslation();
  return (
    <section className="flex flex-col items-start gap-4">
      <PageHeading title={t('not_found.title')} description={t('not_found.message')} />
      <ButtonLink href="/">{t('not_found.home')}</ButtonLink>
    </section>
  );
}
