'use client';

import { Presentation } from 'lucide-react';
import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
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
import { quizSets } from '@/services/client/quiz-sets-api';
import { useApiQuery } from '@/services/client/use-api-query';
import { pointsOptions, timeOptions } from '@/components/live/live-options';
import { LIVE_TEAM_COUNTS, LIVE_TEAM_MODES } from '@/services/domain/live-names';
import { useAppSelector } from '@/services/store/hooks';
import { selectLanguageId } from '@/services/store/selectors';

const QUESTION_CHOICES = [3, 5, 10, 15, 20, 25, 30, 40, 50];
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
  const [fromSet, setFromSet] = useState(form.setId !== null);
  const sets = useApiQuery(`live-host-sets`, () => quizSets(0, 100), (d) => d.total === 0);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    onCreate();
    if (fromSet ? form.setId === null : !category) document.getElementById(fromSet ? 'live-host-set' : 'live-host-category')?.focus();
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
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1 text-sm font-medium text-fg-muted">{t('live.host.source')}</legend>
              <div className="flex flex-wrap gap-2">
                {(['bank', 'set'] as const).map((source) => (
                  <label key={source} className={`flex min-h-touch flex-1 cursor-pointer items-center gap-2 rounded-control border-2 px-3 font-semibold ${(source === 'set') === fromSet ? 'border-accent bg-accent-soft' : 'border-line-strong'}`}>
                    <input
                      type="radio"
                      name="live-host-source"
                      checked={(source === 'set') === fromSet}
                      onChange={() => {
                        setFromSet(source === 'set');
                        onForm({ setId: source === 'set' ? (sets.status === 'content' ? (sets.data.rows[0]?.id ?? null) : null) : null });
                      }}
                      className="size-5"
                    />
                    {t(source === 'set' ? 'live.host.source_set' : 'live.host.source_bank')}
                  </label>
                ))}
              </div>
            </fieldset>
            {fromSet ? (
              sets.status === 'loading' ? (
                <SkeletonText label={t('common.loading')} lines={2} />
              ) : sets.status === 'error' ? (
                <ErrorWithRetry title={t('common.error_title')} message={t('live.quizzes.load_failed')} retryLabel={t('common.retry')} onRetry={sets.retry} />
              ) : sets.status === 'empty' ? (
                <EmptyState title={t('live.quizzes.none')} action={<ButtonLink href="/live/quizzes/?set=new">{t('live.quizzes.new')}</ButtonLink>} />
              ) : (
                <>
                  <SelectField
                    id="live-host-set"
                    label={t('live.host.quiz')}
                    value={String(form.setId ?? '')}
                    onChange={(value) => onForm({ setId: value ? Number(value) : null })}
                    error={error === 'category_required' ? t('live.host.quiz_required') : undefined}
                    options={[{ value: '', label: t('live.host.choose_quiz') }, ...sets.data.rows.map((q) => ({ value: String(q.id), label: `${q.title} (${t('count.questions', { count: q.question_count })})` }))]}
                  />
                  <p className="text-sm text-fg-muted">{t('live.host.quiz_own_times')}</p>
                </>
              )
            ) : null}
            {fromSet ? null : (
              <>
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
                  options={timeOptions(t)}
                />
                <SelectField
                  id="live-host-points"
                  label={t('live.host.points')}
                  value={String(form.points)}
                  onChange={(value) => onForm({ points: Number(value) })}
                  options={pointsOptions(t)}
                />
              </div>
              </>
            )}
            <fieldset className="flex flex-col gap-3 rounded-control border border-line p-3">
              <legend className="px-1 text-sm font-medium text-fg-muted">{t('live.host.players_heading')}</legend>
              <label className="flex min-h-touch cursor-pointer items-start gap-3">
                <input type="checkbox" checked={form.names === 'generated'} onChange={(e) => onForm({ names: e.target.checked ? 'generated' : 'free' })} className="mt-1 size-5 shrink-0" aria-describedby="live-host-names-hint" />
                <span className="flex flex-col">
                  <span className="font-semibold">{t('live.host.generated_names')}</span>
                  <span id="live-host-names-hint" className="text-sm text-fg-muted">
                    {t('live.host.generated_names_hint')}
                  </span>
                </span>
              </label>
              <SelectField
                id="live-host-teams"
                label={t('live.host.teams')}
                value={String(form.teams)}
                onChange={(value) => onForm({ teams: Number(value) })}
                options={LIVE_TEAM_COUNTS.map((n) => ({ value: String(n), label: n === 0 ? t('live.host.no_teams') : t('live.host.n_teams', { count: n }) }))}
              />
              {form.teams > 0 ? (
                <div role="radiogroup" aria-labelledby="live-host-team-mode" className="flex flex-col gap-2">
                  <span id="live-host-team-mode" className="text-sm font-medium text-fg-muted">
                    {t('live.host.team_mode')}
                  </span>
                  {LIVE_TEAM_MODES.map((mode) => (
                    <label key={mode} className={`flex min-h-touch cursor-pointer items-center gap-2 rounded-control border-2 px-3 font-semibold ${form.teamMode === mode ? 'border-accent bg-accent-soft' : 'border-line-strong'}`}>
                      <input type="radio" name="live-host-team-mode" checked={form.teamMode === mode} onChange={() => onForm({ teamMode: mode })} className="size-5" />
                      {t(`live.host.team_mode_${mode}`)}
                    </label>
                  ))}
                  <p className="text-sm text-fg-muted">{t('live.host.team_score_hint')}</p>
                </div>
              ) : null}
            </fieldset>
            {errorText ? <Alert>{errorText}</Alert> : null}
            <Button type="submit" disabled={busy} className="self-start text-lg">
              <Presentation aria-hidden="true" className="size-5" />
              {busy ? t('live.host.creating') : t('live.host.create')}
            </Button>
            <p className="text-sm text-fg-muted">{t('live.host.no_coins')}</p>
            <p className="flex flex-wrap gap-x-4 gap-y-1">
              <Link href="/live/quizzes/" className="font-medium">
                {t('live.quizzes.title')}
              </Link>
              <Link href="/live/reports/" className="font-medium">
                {t('live.host.my_games')}
              </Link>
              <Link href="/live/assignments/" className="font-medium">
                {t('assignment.host.title')}
              </Link>
            </p>
          </form>
        </Card>
      )}
    </section>
  );
}
