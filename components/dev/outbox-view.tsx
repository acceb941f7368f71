'use client';

import { Fragment } from 'react';
import { useTranslation } from '@/services/client/i18n';
import { formatDateTime } from '@/components/profile/format';
import { NotFoundView } from '@/components/system/not-found-view';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorWithRetry } from '@/components/ui/error-with-retry';
import { PageHeading } from '@/components/ui/page-heading';
import { SkeletonText } from '@/components/ui/skeleton';
import { getDevExamKeys, getDevOutbox, type OutboxEntry } from '@/services/client/accounts-api';
import { useApiQuery } from '@/services/client/use-api-query';
import { useAppSelector } from '@/services/store/hooks';
import { selectDevOutbox } from '@/services/store/selectors';

/** The mail and SMS a development server did not deliver; anywhere else the page does not exist. */
export function OutboxView() {
  const enabled = useAppSelector(selectDevOutbox);
  return enabled ? (
    <div className="flex flex-col gap-8">
      <Outbox />
      <ExamKeys />
    </div>
  ) : (
    <NotFoundView />
  );
}

/** The keys of the open and coming exams, so that a tester can sit one. */
function ExamKeys() {
  const { t, i18n } = useTranslation();
  const keys = useApiQuery('dev-exam-keys', getDevExamKeys, (rows) => rows.length === 0);
  return (
    <section className="flex flex-col gap-3" aria-labelledby="dev-exam-keys">
      <h2 id="dev-exam-keys" className="text-lg font-semibold">
        {t('outbox.exam_keys')}
      </h2>
      {keys.status === 'loading' ? (
        <SkeletonText label={t('common.loading')} lines={2} />
      ) : keys.status === 'error' ? (
        <ErrorWithRetry title={t('common.error_title')} message={t('common.load_failed')} retryLabel={t('common.retry')} onRetry={keys.retry} />
      ) : keys.status === 'empty' ? (
        <EmptyState title={t('outbox.no_exams')} />
      ) : (
        <ul className="flex flex-col gap-2">
          {keys.data.map((exam) => (
            <li key={exam.id} className="rounded-card border border-line bg-surface p-3">
              <span dir="auto" className="font-semibold">
                {exam.title}
              </span>
              : <span className="font-mono">{exam.exam_key}</span>{' '}
              <span className="text-sm text-fg-muted">({t('exam.window', { start: formatDateTime(exam.starts_at, i18n.language), end: formatDateTime(exam.ends_at, i18n.language) })})</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;

/** Plain text with its links made clickable (verification and reset links). */
function Linkified({ text }: { text: string }) {
  return (
    <>
      {text.split(URL_PATTERN).map((part, i) =>
        i % 2 === 1 ? (
          <a key={i} href={part} className="break-all underline underline-offset-4">
            {part}
          </a>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}

const newestFirst = (entries: OutboxEntry[]) => [...entries].sort((a, b) => b.id - a.id);

function Outbox() {
  const { t, i18n } = useTranslation();
  const list = useApiQuery('dev-outbox', getDevOutbox, (entries) => entries.length === 0);

  return (
    <section className="flex flex-col gap-4">
      <PageHeading title={t('outbox.title')} description={t('outbox.description')} />
      <Button variant="secondary" className="self-start" onClick={list.retry} disabled={list.status === 'loading'}>
        {t('outbox.refresh')}
      </Button>
      {list.status === 'loading' ? (
        <SkeletonText label={t('common.loading')} lines={6} />
      ) : list.status === 'error' ? (
        <ErrorWithRetry title={t('common.error_title')} message={t('outbox.load_failed')} retryLabel={t('common.retry')} onRetry={list.retry} />
      ) : list.status === 'empty' ? (
        <EmptyState title={t('empty.no_data')} />
      ) : (
        <ol className="flex flex-col gap-3">
          {newestFirst(list.data).map((entry) => (
            <li key={entry.id} className="rounded-card border border-line bg-surface p-4">
              <article className="flex flex-col gap-2" aria-label={`${t(`outbox.${entry.channel}`)} ${entry.recipient}`}>
                <div className="flex flex-wrap items-center gap-2 text-sm">
                  <span className="rounded-full bg-accent-soft px-2 py-0.5 font-semibold text-accent">{t(`outbox.${entry.channel}`)}</span>
                  <span dir="ltr">{t('outbox.to', { recipient: entry.recipient })}</span>
                  <time dateTime={entry.created_at} className="text-fg-muted">
                    {formatDateTime(entry.created_at, i18n.language)}
                  </time>
                </div>
                {entry.subject ? <h2 className="font-semibold">{entry.subject}</h2> : null}
                <p dir="auto" className="whitespace-pre-wrap break-words">
                  <Linkified text={entry.body} />
                </p>
              </article>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
