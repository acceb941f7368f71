'use client';

import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/ui/page-heading';

/** Stands in for the login page until the accounts issue builds it; the route guard targets it. */
export function LoginPlaceholderView() {
  const { t } = useTranslation();
  return (
    <section>
      <PageHeading title={t('auth.login_title')} />
      <p className="text-fg-muted">{t('auth.login_coming')}</p>
    </section>
  );
}
