'use client';

import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { PageHeading } from '@/components/ui/page-heading';
import { useAppSelector } from '@/services/store/hooks';
import { selectUser } from '@/services/store/selectors';

export function ProfileView() {
  const { t } = useTranslation();
  const { data } = useAppSelector(selectUser);
  return (
    <section>
      <PageHeading title={t('profile.title')} />
      <Card as="article">
        <dl className="flex flex-col gap-1">
          <dt className="text-sm text-fg-muted">{t('profile.name')}</dt>
          <dd className="text-lg font-semibold">{data?.name}</dd>
        </dl>
      </Card>
    </section>
  );
}
