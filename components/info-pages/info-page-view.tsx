'use client';

import { useTranslation } from '@/services/client/i18n';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorWithRetry } from '@/components/ui/error-with-retry';
import { PageHeading } from '@/components/ui/page-heading';
import { SkeletonText } from '@/components/ui/skeleton';
import { getSettingsPage, type SettingsPage } from '@/services/client/settings-api';
import { useApiQuery } from '@/services/client/use-api-query';
import { useAppSelector } from '@/services/store/hooks';
import { selectWebSettings } from '@/services/store/selectors';

export type InfoPageType = 'faq' | 'about_us' | 'contact_us' | 'privacy_policy' | 'terms_conditions';

const isBlank = (page: SettingsPage) => !page.content?.trim() && !page.items?.length;

/** Paragraphs are separated by blank lines; single line breaks inside one are kept. */
const paragraphs = (content: string) =>
  content
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);

/** FAQ, about us, contact us, privacy policy, terms and conditions: text the admin writes. */
export function InfoPageView({ type }: { type: InfoPageType }) {
  const { t } = useTranslation();
  const page = useApiQuery(`settings:${type}`, () => getSettingsPage(type), isBlank);
  const contactEmail = useAppSelector(selectWebSettings)?.web_contact_email;

  return (
    <article className="flex flex-col gap-4">
      <PageHeading title={t(`pages.${type}.title`)} />
      {page.status === 'loading' ? (
        <SkeletonText label={t('common.loading')} lines={6} />
      ) : page.status === 'error' ? (
        <ErrorWithRetry
          title={t('common.error_title')}
          message={t('pages.load_failed')}
          retryLabel={t('common.retry')}
          onRetry={page.retry}
        />
      ) : page.status === 'empty' ? (
        <EmptyState title={t('info.empty_title')} />
      ) : (
        <>
          {/* Admin-written text may be in another direction than the interface. */}
          <div dir="auto" className="flex max-w-prose flex-col gap-4 leading-relaxed">
            {paragraphs(page.data.content ?? '').map((text, i) => (
              <p key={i} className="whitespace-pre-line">
                {text}
              </p>
            ))}
          </div>
          {page.data.items?.length ? (
            <div dir="auto" className="flex flex-col gap-2">
              {page.data.items.map((item, i) => (
                <details key={i} className="rounded-card border border-line bg-surface">
                  <summary className="flex min-h-touch cursor-pointer items-center px-4 py-2 font-semibold">{item.question}</summary>
                  <p className="whitespace-pre-line px-4 pb-4 text-fg-muted">{item.answer}</p>
                </details>
              ))}
            </div>
          ) : null}
        </>
      )}
      {type === 'contact_us' && contactEmail ? (
        <p>
          {t('pages.contact_us.email')}{' '}
          <a href={`mailto:${contactEmail}`} className="inline-flex min-h-touch items-center underline underline-offset-4">
            {contactEmail}
          </a>
        </p>
      ) : null}
    </article>
  );
}
