'use client';

import { useTranslation } from '@/services/client/i18n';
import { formatNumber } from '@/components/profile/format';
import { ProfileSubPage } from '@/components/profile/profile-sub-page';
import { AnswersChart } from '@/components/statistics/answers-chart';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorWithRetry } from '@/components/ui/error-with-retry';
import { SkeletonText } from '@/components/ui/skeleton';
import { getStatistics, type CategoryStatistics, type UserStatistics } from '@/services/client/play-api';
import { useApiQuery } from '@/services/client/use-api-query';

/** /profile/statistics/: answered vs correct over time, the strongest and weakest category, and every category's numbers. */
export function StatisticsView() {
  const { t } = useTranslation();
  const stats = useApiQuery('statistics', getStatistics, (d) => d.questions_answered === 0);
  return (
    <ProfileSubPage title={t('statistics.title')}>
      {stats.status === 'loading' ? (
        <SkeletonText label={t('common.loading')} lines={8} />
      ) : stats.status === 'error' ? (
        <ErrorWithRetry title={t('common.error_title')} message={t('statistics.load_failed')} retryLabel={t('common.retry')} onRetry={stats.retry} />
      ) : stats.status === 'empty' ? (
        <EmptyState title={t('statistics.empty_title')} description={t('statistics.empty_hint')} action={<ButtonLink href="/quiz-zone/">{t('mode.quiz_zone.title')}</ButtonLink>} />
      ) : (
        <StatisticsContent stats={stats.data} />
      )}
    </ProfileSubPage>
  );
}

function CategoryCard({ label, category, none }: { label: string; category: CategoryStatistics | null; none: string }) {
  const { t } = useTranslation();
  return (
    <Card className="flex flex-col gap-1">
      <h3 className="text-sm font-semibold text-fg-muted">{label}</h3>
      {category ? (
        <>
          <p dir="auto" className="text-xl font-bold">
            {category.category_name}
          </p>
          <p className="text-sm text-fg-muted">{t('statistics.category_line', { ratio: category.ratio, correct: category.correct, answered: category.answered })}</p>
        </>
      ) : (
        <p className="text-fg-muted">{none}</p>
      )}
    </Card>
  );
}

function StatisticsContent({ stats }: { stats: UserStatistics }) {
  const { t, i18n } = useTranslation();
  const number = (n: number) => formatNumber(n, i18n.language);
  const summary: [string, string][] = [
    ['statistics.questions_answered', number(stats.questions_answered)],
    ['statistics.correct_answers', number(stats.correct_answers)],
    ['statistics.ratio', `${stats.ratio}%`],
  ];
  return (
    <>
      <dl className="grid grid-cols-3 gap-3">
        {summary.map(([key, value]) => (
          <div key={key} className="flex flex-col rounded-control bg-surface-muted p-3">
            <dt className="text-sm text-fg-muted">{t(key)}</dt>
            <dd className="text-xl font-bold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>

      <section aria-labelledby="categories-heading" className="grid gap-3 sm:grid-cols-2">
        <h2 id="categories-heading" className="sr-only">
          {t('statistics.categories')}
        </h2>
        <CategoryCard label={t('statistics.strongest')} category={stats.strongest_category} none={t('statistics.no_strongest')} />
        <CategoryCard label={t('statistics.weakest')} category={stats.weakest_category} none={t('statistics.no_weakest')} />
      </section>

      <Card as="section" aria-labelledby="history-heading" className="flex flex-col gap-3">
        <h2 id="history-heading" className="text-xl font-bold">
          {t('statistics.history')}
        </h2>
        {stats.history.length > 0 ? <AnswersChart history={stats.history} /> : <p className="text-fg-muted">{t('statistics.no_history')}</p>}
      </Card>

      {stats.per_category.length > 0 ? (
        <Card as="section" aria-labelledby="per-category-heading" className="flex flex-col gap-3">
          <h2 id="per-category-heading" className="text-xl font-bold">
            {t('statistics.categories')}
          </h2>
          <table className="w-full text-sm">
            <thead>
              <tr className="border-b border-line">
                <th scope="col" className="py-2 text-start">
                  {t('statistics.category')}
                </th>
                <th scope="col" className="py-2 text-end">
                  {t('statistics.answered')}
                </th>
                <th scope="col" className="py-2 text-end">
                  {t('statistics.correct')}
                </th>
                <th scope="col" className="py-2 text-end">
                  {t('statistics.ratio')}
                </th>
              </tr>
            </thead>
            <tbody>
              {stats.per_category.map((c) => (
                <tr key={c.category_id} className="border-b border-line">
                  <th scope="row" dir="auto" className="py-2 text-start font-normal">
                    {c.category_name}
                  </th>
                  <td className="py-2 text-end tabular-nums">{number(c.answered)}</td>
                  <td className="py-2 text-end tabular-nums">{number(c.correct)}</td>
                  <td className="py-2 text-end tabular-nums">{c.ratio}%</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      ) : null}
    </>
  );
}
