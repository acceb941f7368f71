'use client';

import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/services/client/i18n';
import { LiveQuizPlay } from '@/components/solo-play/live-quiz-play';
import { PlayRefusal } from '@/components/solo-play/play-refusal';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorWithRetry } from '@/components/ui/error-with-retry';
import { PageHeading } from '@/components/ui/page-heading';
import { ChoiceGroup } from '@/components/ui/choice-group';
import { SkeletonText } from '@/components/ui/skeleton';
import type { QuizPlayMachine } from '@/machines/quiz-play/quiz-play.machine';
import type { ApiResult } from '@/services/client/api';
import { getCategories, getSubcategories, type QuizSubcategory } from '@/services/client/play-api';
import { useApiQuery } from '@/services/client/use-api-query';
import { messageKeyFor } from '@/services/domain/code-messages';
import type { OpenPlayRequest } from '@/services/domain/play-session';
import { useAppSelector } from '@/services/store/hooks';
import { selectLanguageId, selectSystemConfig } from '@/services/store/selectors';

const QUESTION_CHOICES = [5, 10, 15, 20, 25, 30, 35, 40, 45, 50];
const MINUTE_CHOICES = [1, 3, 5, 10, 15, 20, 25, 30];

/** The preset choices up to the setting's maximum, and the maximum itself when it falls between them. */
export function choicesUpTo(max: number, preset: readonly number[]): number[] {
  const within = preset.filter((n) => n <= max);
  return within.length > 0 && within[within.length - 1] === max ? within : [...within, max].filter((n) => n >= 1);
}

const intSetting = (value: string | undefined, fallback: number) => {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isFinite(n) && n > 0 ? n : fallback;
};

type Choice = { category: string; subcategory: string; questions: string; minutes: string };
type Errors = Partial<Record<keyof Choice, string>>;

const noSubcategories: ApiResult<QuizSubcategory[]> = { ok: false, status: 404, code: '102' };

/** The choices a self challenge needs, refused here before the server is asked. */
export function validateChallenge(choice: Choice): Errors {
  const errors: Errors = {};
  if (!choice.category) errors.category = 'self_challenge.select_category';
  if (!choice.questions) errors.questions = 'self_challenge.select_questions';
  if (!choice.minutes) errors.minutes = 'self_challenge.select_minutes';
  return errors;
}

/** /self-learning/: pick a category (or one of its subcategories), the number of questions and minutes; then play on one clock. */
export function SelfChallengeView({ machine }: { machine?: QuizPlayMachine }) {
  const [started, setStarted] = useState<{ request: OpenPlayRequest; attempt: number } | null>(null);
  const [attempts, setAttempts] = useState(0);
  if (started) {
    return <ChallengePlay key={started.attempt} request={started.request} machine={machine} onNew={() => setStarted(null)} />;
  }
  return (
    <ChallengeForm
      onStart={(request) => {
        setAttempts((n) => n + 1);
        setStarted({ request, attempt: attempts + 1 });
      }}
    />
  );
}

function ChallengePlay({ request, machine, onNew }: { request: OpenPlayRequest; machine?: QuizPlayMachine; onNew: () => void }) {
  const { t } = useTranslation();
  const again = (
    <Button variant="secondary" onClick={onNew}>
      {t('self_challenge.new')}
    </Button>
  );
  return (
    <LiveQuizPlay
      request={request}
      machine={machine}
      slots={{
        resultNext: () => (
          <Button className="shadow-chunky" onClick={onNew}>
            {t('self_challenge.new')}
          </Button>
        ),
        startRefusal: (code) => (code === '103' || code === 'mode_disabled' || code === 'premium_locked' ? <PlayRefusal message={t(messageKeyFor(code))}>{again}</PlayRefusal> : null),
      }}
    />
  );
}

function ChallengeForm({ onStart }: { onStart: (request: OpenPlayRequest) => void }) {
  const { t } = useTranslation();
  const languageId = useAppSelector(selectLanguageId);
  const config = useAppSelector(selectSystemConfig);
  const [choice, setChoice] = useState<Choice>({ category: '', subcategory: '', questions: '', minutes: '' });
  const [errors, setErrors] = useState<Errors>({});

  const categories = useApiQuery(`challenge-categories:${languageId}`, getCategories, (d) => d.every((c) => !c.has_unlocked));
  const subcategories = useApiQuery(
    `challenge-subcategories:${languageId}:${choice.category}`,
    () => (choice.category ? getSubcategories(choice.category) : Promise.resolve(noSubcategories)),
    (d) => d.length === 0,
  );

  const maxQuestions = intSetting(config?.self_challenge_max_questions, 50);
  const maxMinutes = intSetting(config?.self_challenge_max_minutes, 30);
  const set = (key: keyof Choice) => (value: string) => {
    setChoice((c) => ({ ...c, [key]: value, ...(key === 'category' ? { subcategory: '' } : {}) }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const found = validateChallenge(choice);
    setErrors(found);
    const first = (['category', 'questions', 'minutes'] as const).find((k) => found[k]);
    if (first) {
      document.querySelector<HTMLInputElement>(`#challenge-${first} input`)?.focus();
      return;
    }
    onStart({
      mode: 'self_challenge',
      category_slug: choice.category,
      ...(choice.subcategory ? { subcategory_slug: choice.subcategory } : {}),
      limit: Number(choice.questions),
      minutes: Number(choice.minutes),
    });
  };

  return (
    <section className="flex flex-col">
      <PageHeading title={t('mode.self_challenge.title')} description={t('mode.self_challenge.description')} />
      {categories.status === 'loading' ? (
        <SkeletonText label={t('common.loading')} lines={6} />
      ) : categories.status === 'error' ? (
        <ErrorWithRetry title={t('common.error_title')} message={t('quiz_zone.load_failed')} retryLabel={t('common.retry')} onRetry={categories.retry} />
      ) : categories.status === 'empty' ? (
        <EmptyState title={t('empty.no_categories')} />
      ) : (
        <Card>
          <form noValidate onSubmit={submit} className="flex flex-col gap-4">
            <ChoiceGroup
              id="challenge-category"
              label={t('self_challenge.category')}
              value={choice.category}
              onChange={set('category')}
              error={errors.category && t(errors.category)}
              options={categories.data.filter((c) => c.has_unlocked).map((c) => ({ value: c.slug, label: c.category_name }))}
            />
            {choice.category && subcategories.status === 'content' ? (
              <ChoiceGroup
                id="challenge-subcategory"
                label={t('self_challenge.subcategory')}
                value={choice.subcategory}
                onChange={set('subcategory')}
                options={[
                  { value: '', label: t('self_challenge.whole_category') },
                  ...subcategories.data.filter((s) => s.has_unlocked).map((s) => ({ value: s.slug, label: s.subcategory_name })),
                ]}
              />
            ) : null}
            <ChoiceGroup
              id="challenge-questions"
              label={t('self_challenge.questions')}
              value={choice.questions}
              onChange={set('questions')}
              error={errors.questions && t(errors.questions)}
              columns={5}
              options={choicesUpTo(maxQuestions, QUESTION_CHOICES).map((n) => ({ value: String(n), label: String(n) }))}
            />
            <ChoiceGroup
              id="challenge-minutes"
              label={t('self_challenge.minutes')}
              value={choice.minutes}
              onChange={set('minutes')}
              error={errors.minutes && t(errors.minutes)}
              columns={4}
              options={choicesUpTo(maxMinutes, MINUTE_CHOICES).map((n) => ({ value: String(n), label: t('self_challenge.minutes_value', { n }) }))}
            />
            <Button type="submit" className="min-h-14 w-full text-lg shadow-chunky">
              {t('solo.start')}
            </Button>
          </form>
        </Card>
      )}
    </section>
  );
}
