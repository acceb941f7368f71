'use client';

import { Presentation } from 'lucide-react';
import Link from 'next/link';
import type { FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorWithRetry } from '@/components/ui/error-with-retry';
import { PageHeading } from '@/components/ui/page-heading';
import { SelectField } from '@/components/ui/select-field';
import { SkeletonText } from '@/components/ui/skeleton';
import type { LiveHostForm } from '@/machines/live-host/live-host.machine';
import type { ApiResult } from '@/services/client/api';
import { useTranslation } from '@/services/client/i18n';
import { getCategories, getSubcategories, type QuizSubcategory } from '@/services/client/play-api';
import { useApiQuery } from '@/services/client/use-api-query';
import { LIVE_POINTS, LIVE_TIME_LIMITS } from '@/services/domain/live';
import { useAppSelector } from '@/services/store/hooks';
import { selectLanguageId } from '@/services/store/selectors';

const QUESTION_CHOICES = [3, 5, 10, 15, 20, 25, 30, 40, 50];
const POINTS_LABEL: Readonly<Record<(typeof LIVE_POINTS)[number], string>> = { 0: 'live.host.points_none', 1000: 'live.host.points_standard', 2000: 'live.host.points_double' };
const noSubcategories: ApiResult<QuizSubcategory[]> = { ok: false, status: 404, code: '102' };

/**
 * The host's setup: a category of the bank (or one of its subcategories), how many questions, the
 * time and the points per question. The form's values live in the host machine (`user.form`);
 * the machine refuses a game without a category and the server everything else.
 */
export function LiveHostSetup({ form, error, busy, onForm, onCreate, errorText }: { form: LiveHostForm; error: string | null; busy: boolean; onForm: (form: Partial<LiveHostForm>) => void; onCreate: () => void; errorText: string | null }) {
  const { t } = useTranslation();
  const languageId = useAppSelector(selectLanguageId);
  const categories = useApiQuery(`live-categories:${languageId}`, getCategories, (d) => d.every((c) => !c.has_unlocked));
  const category = form.category ?? '';
  const subcategories = useApiQuery(
    `live-subcategories:${languageId}:${category}`,
    () => (category ? getSubcategories(category) : Promise.resolve(noSubcategories)),
    (d) => d.length === 0,
  );
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    onCreate();
    if (!category) document.getElementById('live-host-category')?.focus();
  };

  return (
    <section className="mx-auto flex w-full max-w-2xl flex-col">
      <PageHeading title={t('live.host.title')} description={t('live.host.intro')} />
      {categories.status === 'loading' ? (
        <SkeletonText label={t('common.loading')} lines={6} />
      ) : categories.status === 'error' ? (
        <ErrorWithRetry title={t('common.error_title')} message={t('quiz_zone.load_failed')} retryLabel={t('common.retry')} onRetry={categories.retry} />
      ) : categories.status === 'empty' ? (
        <EmptyState title={t('empty.no_categories')} />
      ) : (
        <Card>
          <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-busy={busy || undefined}>
            <SelectField
              id="live-host-category"
              label={t('live.host.category')}
              value={category}
              onChange={(value) => onForm({ category: value || null, subcategory: null })}
              error={error === 'category_required' ? t('live.host.category_required') : undefined}
              options={[{ value: '', label: t('live.host.choose_category') }, ...categories.data.filter((c) => c.has_unlocked).map((c) => ({ value: c.slug, label: c.category_name }))]}
            />
            {category && subcategories.status === 'content' ? (
              <SelectField
                id="live-host-subcategory"
                label={t('live.host.subcategory')}
                value={form.subcategory ?? ''}
                onChange={(value) => onForm({ subcategory: value || null })}
                options={[{ value: '', label: t('live.host.whole_category') }, ...subcategories.data.filter((s) => s.has_unlocked).map((s) => ({ value: s.slug, label: s.subcategory_name }))]}
              />
            ) : null}
            <div className="grid gap-4 sm:grid-cols-3">
              <SelectField
                id="live-host-questions"
                label={t('live.host.questions')}
                value={String(form.questions)}
                onChange={(value) => onForm({ questions: Number(value) })}
                options={QUESTION_CHOICES.map((n) => ({ value: String(n), label: String(n) }))}
              />
              <SelectField
                id="live-host-time"
                label={t('live.host.time_limit')}
                value={String(form.timeLimit)}
                onChange={(value) => onForm({ timeLimit: Number(value) })}
                options={LIVE_TIME_LIMITS.map((n) => ({ value: String(n), label: t('live.host.seconds', { count: n }) }))}
              />
              <SelectField
                id="live-host-points"
                label={t('live.host.points')}
                value={String(form.points)}
                onChange={(value) => onForm({ points: Number(value) })}
                options={LIVE_POINTS.map((n) => ({ value: String(n), label: t(POINTS_LABEL[n]) }))}
              />
            </div>
            {errorText ? <Alert>{errorText}</Alert> : null}
            <Button type="submit" disabled={busy} className="self-start text-lg">
              <Presentation aria-hidden="true" className="size-5" />
              {busy ? t('live.host.creating') : t('live.host.create')}
            </Button>
            <p className="text-sm text-fg-muted">{t('live.host.no_coins')}</p>
            <Link href="/live/reports/" className="self-start font-medium">
              {t('live.host.my_games')}
            </Link>
          </form>
        </Card>
      )}
    </section>
  );
}
