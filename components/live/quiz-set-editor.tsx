'use client';

import { ArrowDown, ArrowUp, ImagePlus, Plus, Presentation, Trash2, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { BackLink } from '@/components/ui/back-link';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { IconButton } from '@/components/ui/icon-button';
import { ErrorWithRetry } from '@/components/ui/error-with-retry';
import { OptionMark } from '@/components/ui/option-button';
import { PageHeading } from '@/components/ui/page-heading';
import { PlainImage } from '@/components/ui/plain-image';
import { SelectField } from '@/components/ui/select-field';
import { SkeletonText } from '@/components/ui/skeleton';
import { TextField } from '@/components/ui/text-field';
import { useTranslation } from '@/services/client/i18n';
import { quizSet, saveQuizSet, uploadQuizImage } from '@/services/client/quiz-sets-api';
import { useApiQuery } from '@/services/client/use-api-query';
import { LIVE_DEFAULT_POINTS, LIVE_QUESTION_TYPES, type LiveQuestionType } from '@/services/domain/live';
import { isUngraded, SLIDER_SCORINGS, TYPE_ANSWER_MAX, TYPE_MATCHES, type SliderRule } from '@/services/domain/live-kinds';
import { pointsOptions, timeOptions } from '@/components/live/live-options';
import {
  blankQuestion,
  checkQuizSet,
  QUIZ_SET_MAX_QUESTIONS,
  QUIZ_SET_OPTION_MAX,
  QUIZ_SET_OPTIONS,
  QUIZ_SET_TEXT_MAX,
  QUIZ_SET_TITLE_MAX,
  type QuizSet,
  type QuizSetDraft,
  type QuizSetProblem,
  type QuizSetQuestion,
} from '@/services/domain/quiz-sets';

const LETTERS = ['A', 'B', 'C', 'D', 'E'];

/** A quiz set's form: loads the set (or starts a new one), then edits it whole and saves it whole. */
export function QuizSetEditor({ setId }: { setId: number | null }) {
  const { t } = useTranslation();
  const query = useApiQuery<QuizSet | null>(`quiz-set:${setId ?? 'new'}`, () => (setId ? quizSet(setId) : Promise.resolve({ ok: true as const, data: null, message: '', meta: {} })), () => false);
  return (
    <section className="flex flex-col gap-4">
      <BackLink href="/live/quizzes/" label={t('live.quizzes.back')} />
      {query.status === 'loading' ? (
        <SkeletonText label={t('common.loading')} lines={8} />
      ) : query.status === 'content' ? (
        <Form key={setId ?? 'new'} set={query.data} />
      ) : (
        <ErrorWithRetry title={t('common.error_title')} message={t('live.quizzes.load_failed')} retryLabel={t('common.retry')} onRetry={query.retry} />
      )}
    </section>
  );
}

function Form({ set }: { set: QuizSet | null }) {
  const { t } = useTranslation();
  const [id, setId] = useState(set?.id ?? null);
  const [draft, setDraft] = useState<QuizSetDraft>(() => set ?? { title: '', questions: [blankQuestion('multiple')] });
  const [problems, setProblems] = useState<QuizSetProblem[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);

  const change = (next: Partial<QuizSetDraft>) => {
    setDraft((d) => ({ ...d, ...next }));
    setSaved(false);
  };
  const changeQuestion = (i: number, next: Partial<QuizSetQuestion>) => change({ questions: draft.questions.map((q, k) => (k === i ? { ...q, ...next } : q)) });
  const move = (i: number, by: number) => {
    const list = [...draft.questions];
    const [item] = list.splice(i, 1);
    list.splice(i + by, 0, item!);
    change({ questions: list });
  };
  const problemAt = (field: string) => problems.find((p) => p.field === field || p.field.startsWith(`${field}.`))?.detail;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const checked = checkQuizSet(draft);
    if (!checked.ok) {
      setProblems(checked.problems);
      document.getElementById('quiz-problems')?.focus();
      return;
    }
    setProblems([]);
    setSaving(true);
    const res = await saveQuizSet(id, checked.set);
    setSaving(false);
    if (!res.ok) {
      setFailure(res.detail ?? t('live.quizzes.save_failed'));
      return;
    }
    setDraft(res.data);
    setSaved(true);
    if (id === null) {
      setId(res.data.id);
      // The address names the set now (a reload opens it), without the page loading it again.
      window.history.replaceState(window.history.state, '', `/live/quizzes/?set=${res.data.id}`);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
      <PageHeading title={id ? t('live.quizzes.edit_title') : t('live.quizzes.new_title')} description={t('live.quizzes.private')} />
      <TextField id="quiz-title" label={t('live.quizzes.name')} value={draft.title} limit={QUIZ_SET_TITLE_MAX} error={problemAt('title')} onChange={(e) => change({ title: e.target.value })} />
      {problems.length > 0 ? (
        <div id="quiz-problems" tabIndex={-1}>
          <Alert>
            <p className="font-semibold">{t('live.quizzes.problems', { count: problems.length })}</p>
            <ul className="list-disc ps-5">
              {problems.map((p) => (
                <li key={p.field + p.detail}>{p.detail}</li>
              ))}
            </ul>
          </Alert>
        </div>
      ) : null}
      <ol className="flex flex-col gap-4">
        {draft.questions.map((q, i) => (
          <QuestionCard
            key={i}
            index={i}
            count={draft.questions.length}
            question={q}
            problem={problemAt(`questions.${i}`)}
            onChange={(next) => changeQuestion(i, next)}
            onMove={(by) => move(i, by)}
            onRemove={() => change({ questions: draft.questions.filter((_, k) => k !== i) })}
          />
        ))}
      </ol>
      <Button variant="secondary" className="self-start" disabled={draft.questions.length >= QUIZ_SET_MAX_QUESTIONS} onClick={() => change({ questions: [...draft.questions, blankQuestion('multiple')] })}>
        <Plus aria-hidden="true" className="size-5" />
        {t('live.quizzes.add_question')}
      </Button>
      {failure ? <Alert>{failure}</Alert> : null}
      {saved ? <Alert tone="success">{t('live.quizzes.saved')}</Alert> : null}
      <div className="sticky bottom-0 flex flex-wrap gap-2 border-t border-line bg-canvas py-3">
        <Button type="submit" disabled={saving}>
          {saving ? t('live.quizzes.saving') : t('live.quizzes.save')}
        </Button>
        {id && saved ? (
          <ButtonLink href={`/live/host/?set=${id}`} variant="secondary">
            <Presentation aria-hidden="true" className="size-5" />
            {t('live.quizzes.host_now')}
          </ButtonLink>
        ) : null}
      </div>
    </form>
  );
}

function QuestionCard({
  index,
  count,
  question: q,
  problem,
  onChange,
  onMove,
  onRemove,
}: {
  index: number;
  count: number;
  question: QuizSetQuestion;
  problem: string | undefined;
  onChange: (next: Partial<QuizSetQuestion>) => void;
  onMove: (by: number) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(false);
  const [imageFailed, setImageFailed] = useState(false);
  const id = `quiz-q${index}`;
  const [fewest, most] = QUIZ_SET_OPTIONS[q.type];
  const single = q.type === 'multiple' || q.type === 'boolean';
  const ungraded = isUngraded(q.type);
  const ticks = single || q.type === 'multiselect';

  const setKind = (type: LiveQuestionType) => {
    const blank = blankQuestion(type);
    // A poll and a word cloud are worth nothing; a kind with a right answer starts at the standard points again.
    const points = isUngraded(type) ? 0 : isUngraded(q.type) ? LIVE_DEFAULT_POINTS : q.points;
    onChange({ type, options: blank.options, answer: blank.answer, match: blank.match, slider: blank.slider, points });
  };
  const setSlider = (next: Partial<SliderRule>) => onChange({ slider: { ...(q.slider ?? blankQuestion('slider').slider!), ...next } });
  const setOption = (k: number, text: string) => onChange({ options: q.options.map((o, j) => (j === k ? text : o)) });
  const removeOption = (k: number) =>
    onChange({
      options: q.options.filter((_, j) => j !== k),
      answer: q.type === 'sequence' ? q.options.slice(1).map((_, j) => j) : q.answer.filter((a) => a !== k).map((a) => (a > k ? a - 1 : a)),
    });
  const addOption = () => onChange({ options: [...q.options, ''], ...(q.type === 'sequence' ? { answer: [...q.options, ''].map((_, j) => j) } : {}) });
  const toggleRight = (k: number) => onChange({ answer: single ? [k] : q.answer.includes(k) ? q.answer.filter((a) => a !== k) : [...q.answer, k].sort((a, b) => a - b) });
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    setImageFailed(false);
    const res = await uploadQuizImage(file);
    setUploading(false);
    if (res.ok) onChange({ image: res.data.image });
    else setImageFailed(true);
  };

  return (
    <li>
      <Card as="article" aria-labelledby={`${id}-heading`} className={`flex flex-col gap-3 ${problem ? 'border-danger' : ''}`}>
        <div className="flex items-center gap-2">
          <h2 id={`${id}-heading`} className="flex-1 text-lg font-bold">
            {t('live.quizzes.question_n', { n: index + 1 })}
          </h2>
          <IconButton className="border-transparent bg-transparent disabled:opacity-40" disabled={index === 0} onClick={() => onMove(-1)} label={t('live.quizzes.move_up', { n: index + 1 })}>
            <ArrowUp aria-hidden="true" className="size-5" />
          </IconButton>
          <IconButton className="border-transparent bg-transparent disabled:opacity-40" disabled={index === count - 1} onClick={() => onMove(1)} label={t('live.quizzes.move_down', { n: index + 1 })}>
            <ArrowDown aria-hidden="true" className="size-5" />
          </IconButton>
          <IconButton className="border-transparent bg-transparent disabled:opacity-40" disabled={count === 1} onClick={onRemove} label={t('live.quizzes.remove_question', { n: index + 1 })}>
            <Trash2 aria-hidden="true" className="size-5" />
          </IconButton>
        </div>
        <SelectField id={`${id}-type`} label={t('live.quizzes.kind')} value={q.type} onChange={(v) => setKind(v as LiveQuestionType)} options={LIVE_QUESTION_TYPES.map((k) => ({ value: k, label: t(`live.quizzes.kind_${k}`) }))} />
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-text`} className="text-sm font-medium text-fg-muted">
            {t('live.quizzes.question')}
          </label>
          <textarea
            id={`${id}-text`}
            value={q.text}
            rows={2}
            maxLength={QUIZ_SET_TEXT_MAX * 2}
            dir="auto"
            onChange={(e) => onChange({ text: e.target.value })}
            className="rounded-control border border-line-strong bg-surface px-3 py-2 text-base text-fg"
          />
        </div>
        <div className="flex flex-wrap items-center gap-3">
          {q.image ? <PlainImage src={q.image} alt={t('live.quizzes.picture_of', { n: index + 1 })} width={160} height={90} className="h-20 w-auto rounded-control border border-line object-contain" /> : null}
          <label className="inline-flex min-h-touch cursor-pointer items-center gap-2 rounded-control border border-line-strong px-4 font-semibold focus-within:outline-3 focus-within:outline-focus">
            <ImagePlus aria-hidden="true" className="size-5" />
            {uploading ? t('live.quizzes.uploading') : q.image ? t('live.quizzes.change_picture') : t('live.quizzes.add_picture')}
            <input type="file" accept="image/png,image/jpeg,image/webp" className="sr-only" onChange={(e) => void upload(e.target.files?.[0])} />
          </label>
          {q.image ? (
            <Button variant="ghost" onClick={() => onChange({ image: null })}>
              <X aria-hidden="true" className="size-5" />
              {t('live.quizzes.remove_picture')}
            </Button>
          ) : null}
        </div>
        {imageFailed ? <Alert>{t('live.quizzes.picture_failed')}</Alert> : null}
        {q.type === 'slider' ? (
          <fieldset className="flex min-w-0 flex-col gap-2">
            <legend className="mb-1 text-sm font-medium text-fg-muted">{t('live.quizzes.slider_legend')}</legend>
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
              {(['min', 'max', 'step', 'correct', 'tolerance'] as const).map((field) => (
                <TextField
                  key={field}
                  id={`${id}-${field}`}
                  label={t(`live.quizzes.slider_${field}`)}
                  type="number"
                  inputMode="decimal"
                  value={Number.isFinite(q.slider?.[field]) ? String(q.slider?.[field]) : ''}
                  onChange={(e) => setSlider({ [field]: e.target.value === '' ? NaN : Number(e.target.value) })}
                />
              ))}
              <SelectField
                id={`${id}-scoring`}
                label={t('live.quizzes.slider_scoring')}
                value={q.slider?.scoring ?? 'exact'}
                onChange={(v) => setSlider({ scoring: v as SliderRule['scoring'] })}
                options={SLIDER_SCORINGS.map((k) => ({ value: k, label: t(`live.quizzes.scoring_${k}`) }))}
              />
            </div>
            <p className="text-sm text-fg-muted">{t('live.quizzes.slider_hint')}</p>
          </fieldset>
        ) : q.type === 'wordcloud' ? (
          <p className="rounded-control bg-surface-muted px-3 py-2 text-sm">{t('live.quizzes.wordcloud_hint')}</p>
        ) : (
          <fieldset className="flex min-w-0 flex-col gap-2">
            <legend className="mb-1 text-sm font-medium text-fg-muted">
              {q.type === 'sequence'
                ? t('live.quizzes.items_in_order')
                : q.type === 'multiselect'
                  ? t('live.quizzes.options_tick_all')
                  : q.type === 'type'
                    ? t('live.quizzes.accepted_answers')
                    : q.type === 'poll'
                      ? t('live.quizzes.poll_options')
                      : t('live.quizzes.options_tick_single')}
            </legend>
            {q.options.map((option, k) => (
              <div key={k} className="flex min-w-0 items-center gap-2">
                {q.type === 'sequence' || q.type === 'type' ? <span className="w-6 text-center font-bold tabular-nums">{k + 1}</span> : <OptionMark letter={LETTERS[k]!} />}
                <input
                  aria-label={q.type === 'type' ? t('live.quizzes.accepted_n', { n: k + 1, question: index + 1 }) : t('live.quizzes.option_n', { n: k + 1, question: index + 1 })}
                  value={option}
                  maxLength={(q.type === 'type' ? TYPE_ANSWER_MAX : QUIZ_SET_OPTION_MAX) * 2}
                  dir="auto"
                  onChange={(e) => setOption(k, e.target.value)}
                  className="min-h-touch w-0 min-w-0 flex-1 rounded-control border border-line-strong bg-surface px-3 text-base text-fg"
                />
                {ticks ? (
                  <label className="flex min-h-touch shrink-0 items-center gap-1 text-sm font-semibold">
                    <input type={single ? 'radio' : 'checkbox'} name={`${id}-right`} checked={q.answer.includes(k)} onChange={() => toggleRight(k)} className="size-5" />
                    {t('live.quizzes.right')}
                  </label>
                ) : null}
                {q.options.length > fewest ? (
                  <IconButton className="border-transparent bg-transparent" onClick={() => removeOption(k)} label={t('live.quizzes.remove_option', { n: k + 1, question: index + 1 })}>
                    <X aria-hidden="true" className="size-5" />
                  </IconButton>
                ) : null}
              </div>
            ))}
            {q.options.length < most ? (
              <Button variant="ghost" className="self-start" onClick={addOption}>
                <Plus aria-hidden="true" className="size-5" />
                {q.type === 'sequence' ? t('live.quizzes.add_item') : q.type === 'type' ? t('live.quizzes.add_accepted') : t('live.quizzes.add_option')}
              </Button>
            ) : null}
            {q.type === 'type' ? (
              <SelectField id={`${id}-match`} label={t('live.quizzes.match')} value={q.match ?? 'exact'} onChange={(v) => onChange({ match: v as QuizSetQuestion['match'] })} options={TYPE_MATCHES.map((k) => ({ value: k, label: t(`live.quizzes.match_${k}`) }))} />
            ) : null}
          </fieldset>
        )}
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField id={`${id}-time`} label={t('live.host.time_limit')} value={String(q.time_limit)} onChange={(v) => onChange({ time_limit: Number(v) })} options={timeOptions(t)} />
          {ungraded ? (
            <p className="self-end rounded-control bg-surface-muted px-3 py-2 text-sm">{t('live.quizzes.no_points')}</p>
          ) : (
            <SelectField id={`${id}-points`} label={t('live.host.points')} value={String(q.points)} onChange={(v) => onChange({ points: Number(v) })} options={pointsOptions(t)} />
          )}
        </div>
        {problem ? (
          <p className="text-sm font-semibold text-danger" role="alert">
            {problem}
          </p>
        ) : null}
      </Card>
    </li>
  );
}
