'use client';

import { ChevronRight, Presentation } from 'lucide-react';
import { useState } from 'react';
import { AssignmentItems } from '@/components/live/assignment-items';
import { LiveReportView } from '@/components/live/live-report-view';
import { ButtonLink } from '@/components/ui/button';
import { LinkCard } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorWithRetry } from '@/components/ui/error-with-retry';
import { PageHeading } from '@/components/ui/page-heading';
import { Pager } from '@/components/ui/pager';
import { SkeletonText } from '@/components/ui/skeleton';
import { formatDateTime } from '@/components/profile/format';
import { useTranslation } from '@/services/client/i18n';
import { liveReports, type LiveReportsPage } from '@/services/client/live-report-api';
import { useApiQuery } from '@/services/client/use-api-query';
import { listAssignments } from '@/services/client/assignment-api';
import { reportStatusKey } from '@/components/live/report-status';

const PAGE_SIZE = 20;


/** /live/reports/: the games the player hosted, newest first; /live/reports/?game=12: one game's report. */
export function LiveReportsPage({ gameId }: { gameId?: number }) {
  const { t } = useTranslation();
  if (gameId) return <LiveReportView gameId={gameId} backHref="/live/reports/" backLabel={t('live.report.back')} />;
  return (
    <div className="flex flex-col gap-8">
      <ReportsList />
      <AssignmentReports />
    </div>
  );
}

/** The host's assignments beside their live games: each links to its page and report. */
function AssignmentReports() {
  const { t } = useTranslation();
  const query = useApiQuery('report-assignments', () => listAssignments({ limit: 50 }), (d) => d.total === 0);
  return (
    <section aria-labelledby="reports-assignments" className="flex flex-col gap-2">
      <h2 id="reports-assignments" className="text-xl font-bold">
        {t('assignment.host.title')}
      </h2>
      {query.status === 'loading' ? (
        <SkeletonText label={t('common.loading')} lines={3} />
      ) : query.status === 'error' ? (
        <ErrorWithRetry title={t('common.error_title')} message={t('assignment.host.load_failed')} retryLabel={t('common.retry')} onRetry={query.retry} />
      ) : query.status === 'empty' ? (
        <EmptyState title={t('assignment.host.none')} action={<ButtonLink href="/live/assignments/">{t('assignment.host.new')}</ButtonLink>} />
      ) : (
        <AssignmentItems rows={query.data.rows} />
      )}
    </section>
  );
}

function ReportsList() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(0);
  const query = useApiQuery<LiveReportsPage>(`live-reports:${page}`, () => liveReports(page * PAGE_SIZE, PAGE_SIZE), (d) => d.total === 0);
  const host = (
    <ButtonLink href="/live/host/" className="self-start">
      <Presentation aria-hidden="true" className="size-5" />
      {t('live.host.title')}
    </ButtonLink>
  );
  return (
    <section className="flex flex-col gap-4">
      <PageHeading title={t('live.report.list_title')} description={t('live.report.list_intro')} />
      {query.status === 'loading' ? (
        <SkeletonText label={t('common.loading')} lines={6} />
      ) : query.status === 'error' ? (
        <ErrorWithRetry title={t('common.error_title')} message={t('live.report.load_failed')} retryLabel={t('common.retry')} onRetry={query.retry} />
      ) : query.status === 'empty' ? (
        <EmptyState title={t('live.report.none')} description={t('live.report.none_hint')} action={host} />
      ) : (
        <>
          {host}
          <ul className="flex flex-col gap-2">
            {query.data.rows.map((g) => (
              <li key={g.id}>
                <LinkCard href={`/live/reports/?game=${g.id}`} className="flex items-center gap-3">
                  <span className="flex min-w-0 flex-1 flex-col">
                    <span className="truncate font-semibold" dir="auto">
                      {g.title}
                    </span>
                    <span className="text-sm text-fg-muted">
                      {formatDateTime(g.created_at, i18n.language)} · {t(reportStatusKey(g))} · {t('live.host.players', { count: g.player_count })} · {t('live.report.of_questions', { n: g.played, count: g.question_count })}
                    </span>
                  </span>
                  <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-fg-muted rtl:rotate-180" />
                </LinkCard>
              </li>
            ))}
          </ul>
          <Pager
            page={page}
            pageCount={Math.ceil(query.data.total / PAGE_SIZE)}
            onPage={setPage}
            labels={{ nav: t('pager.nav'), previous: t('pager.previous'), next: t('pager.next'), position: t('pager.position', { page: page + 1, count: Math.ceil(query.data.total / PAGE_SIZE) }) }}
          />
        </>
      )}
    </section>
  );
}
