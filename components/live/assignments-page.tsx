'use client';

import { ClipboardList, Download, Lock } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { AssignmentItems } from '@/components/live/assignment-items';
import { JoinQr } from '@/components/live/join-qr';
import { pointsOptions, timeOptions } from '@/components/live/live-options';
import { Figure, Players, QuestionRow } from '@/components/live/live-report-view';
import { formatDateTime } from '@/components/profile/format';
import { Alert } from '@/components/ui/alert';
import { BackLink } from '@/components/ui/back-link';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorWithRetry } from '@/components/ui/error-with-retry';
import { PageHeading } from '@/components/ui/page-heading';
import { SelectField } from '@/components/ui/select-field';
import { SkeletonText } from '@/components/ui/skeleton';
import { TextField } from '@/components/ui/text-field';
import { assignmentReport, assignmentReportCsv, closeAssignment, createAssignment, hostAssignment, listAssignments } from '@/services/client/assignment-api';
import { useTranslation } from '@/services/client/i18n';
import { saveTextFile } from '@/services/client/live-report-api';
import { getCategories } from '@/services/client/play-api';
import { quizSets } from '@/services/client/quiz-sets-api';
import { useApiQuery } from '@/services/client/use-api-query';
import { messageKeyFor } from '@/services/domain/code-messages';
import { ASSIGNMENT_TIMERS, SHOW_ANSWERS, showResumeCode, type AssignmentHostItem, type AssignmentStatus } from '@/services/domain/assignments';
import { LIVE_DEFAULT_POINTS, LIVE_DEFAULT_TIME_LIMIT } from '@/services/domain/live';
import { LIVE_REPORT_PARTS, percent, type LiveReportPart } from '@/services/domain/live-report';
import { selectLanguageId } from '@/services/store/selectors';
import { useAppSelector } from '@/services/store/hooks';

const DAY = 86_400_000;
const ATTEMPT_CHOICES = [1, 2, 3, 5, 10];
const QUESTION_CHOICES = [5, 10, 15, 20, 30];

/** A date and time as a datetime-local field holds it (the device's own time zone). */
const localInput = (ms: number) => {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
};

/**
 * /live/assignments/: the host's self-paced assignments (docs/live.md, "Assignments"): a new one
 * from a quiz set or a bank category with its opening and closing times and settings, the list,
 * and /live/assignments/?id=… one of them — its PIN, link and QR code, its pupils' progress with
 * their resume codes, closing it, and its report with the CSV files.
 */
export function AssignmentsPage({ id }: { id?: number }) {
  return id ? <AssignmentDetail id={id} /> : <AssignmentsList />;
}

function statusKey(status: AssignmentStatus) {
  return `assignment.host.status_${status}`;
}

function AssignmentsList() {
  const { t } = useTranslation();
  const query = useApiQuery('assignments', () => listAssignments({ limit: 100 }), (d) => d.total === 0);
  const [creating, setCreating] = useState(false);
  return (
    <section className="mx-auto flex w-full max-w-2xl flex-col gap-4">
      <PageHeading title={t('assignment.host.title')} description={t('assignment.host.intro')} />
      {creating ? (
        <NewAssignment onCancel={() => setCreating(false)} />
      ) : (
        <Button className="self-start" onClick={() => setCreating(true)}>
          <ClipboardList aria-hidden="true" className="size-5" />
          {t('assignment.host.new')}
        </Button>
      )}
      {query.status === 'loading' ? (
        <SkeletonText label={t('common.loading')} lines={5} />
      ) : query.status === 'error' ? (
        <ErrorWithRetry title={t('common.error_title')} message={t('assignment.host.load_failed')} retryLabel={t('common.retry')} onRetry={query.retry} />
      ) : query.status === 'empty' ? (
        <EmptyState title={t('assignment.host.none')} description={t('assignment.host.none_hint')} />
      ) : (
        <AssignmentItems rows={query.data.rows} />
      )}
    </section>
  );
}

/** The form of a new assignment: what to play, when, and how. */
function NewAssignment({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation();
  const languageId = useAppSelector(selectLanguageId);
  const sets = useApiQuery('assignment-sets', () => quizSets(0, 100), (d) => d.total === 0);
  const categories = useApiQuery(`assignment-categories:${languageId}`, getCategories, (d) => d.every((c) => !c.has_unlocked));
  const [now] = useState(() => Date.now());
  const [form, setForm] = useState({
    source: 'set' as 'set' | 'bank',
    setId: '',
    category: '',
    questions: 10,
    timeLimit: LIVE_DEFAULT_TIME_LIMIT as number,
    points: LIVE_DEFAULT_POINTS as number,
    title: '',
    opens: localInput(now),
    closes: localInput(now + 7 * DAY),
    attempts: 1,
    shuffle: true,
    showAnswers: 'end' as (typeof SHOW_ANSWERS)[number],
    timer: 'question' as (typeof ASSIGNMENT_TIMERS)[number],
  });
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ field: string | null; text: string } | null>(null);
  // A change to the form takes back what was said of the last try.
  const set = (change: Partial<typeof form>) => {
    setForm((f) => ({ ...f, ...change }));
    setProblem(null);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (form.source === 'set' ? form.setId === '' : form.category === '') {
      setProblem({ field: 'source', text: t(form.source === 'set' ? 'live.host.quiz_required' : 'live.host.category_required') });
      return;
    }
    setBusy(true);
    setProblem(null);
    const made = await createAssignment({
      ...(form.source === 'set' ? { set_id: Number(form.setId) } : { category: form.category, questions: form.questions, time_limit: form.timeLimit, points: form.points }),
      ...(form.title.trim() ? { title: form.title.trim() } : {}),
      opens_at: new Date(form.opens).getTime(),
      closes_at: new Date(form.closes).getTime(),
      attempts: form.attempts,
      shuffle: form.shuffle ? 1 : 0,
      show_answers: form.showAnswers,
      timer: form.timer,
    } as never);
    setBusy(false);
    if (made.ok) router.push(`/live/assignments/?id=${made.data.id}`);
    else setProblem({ field: made.field ?? null, text: made.detail ?? t(messageKeyFor(made.code ?? 'network')) });
  };
  const fieldError = (field: string) => (problem?.field === field ? problem.text : undefined);
  return (
    <Card>
      <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4" aria-busy={busy || undefined} aria-labelledby="assignment-new-title">
        <h2 id="assignment-new-title" className="text-xl font-bold">
          {t('assignment.host.new')}
        </h2>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-fg-muted">{t('live.host.source')}</legend>
          <div className="flex flex-wrap gap-2">
            {(['set', 'bank'] as const).map((source) => (
              <label key={source} className={`flex min-h-touch flex-1 cursor-pointer items-center gap-2 rounded-control border-2 px-3 font-semibold ${form.source === source ? 'border-accent bg-accent-soft' : 'border-line-strong'}`}>
                <input type="radio" name="assignment-source" checked={form.source === source} onChange={() => set({ source })} className="size-5" />
                {t(source === 'set' ? 'live.host.source_set' : 'live.host.source_bank')}
              </label>
            ))}
          </div>
        </fieldset>
        {form.source === 'set' ? (
          sets.status === 'loading' ? (
            <SkeletonText label={t('common.loading')} lines={2} />
          ) : sets.status === 'error' ? (
            <ErrorWithRetry title={t('common.error_title')} message={t('live.quizzes.load_failed')} retryLabel={t('common.retry')} onRetry={sets.retry} />
          ) : sets.status === 'empty' ? (
            <EmptyState title={t('live.quizzes.none')} action={<ButtonLink href="/live/quizzes/?set=new">{t('live.quizzes.new')}</ButtonLink>} />
          ) : (
            <SelectField
              id="assignment-set"
              label={t('live.host.quiz')}
              value={form.setId}
              onChange={(value) => set({ setId: value })}
              error={fieldError('source') ?? fieldError('set_id')}
              options={[{ value: '', label: t('live.host.choose_quiz') }, ...sets.data.rows.map((q) => ({ value: String(q.id), label: `${q.title} (${t('count.questions', { count: q.question_count })})` }))]}
            />
          )
        ) : categories.status === 'content' ? (
          <>
            <SelectField
              id="assignment-category"
              label={t('live.host.category')}
              value={form.category}
              onChange={(value) => set({ category: value })}
              error={fieldError('source') ?? fieldError('category')}
              options={[{ value: '', label: t('live.host.choose_category') }, ...categories.data.filter((c) => c.has_unlocked).map((c) => ({ value: c.slug, label: c.category_name }))]}
            />
            <div className="grid gap-4 sm:grid-cols-3">
              <SelectField id="assignment-questions" label={t('live.host.questions')} value={String(form.questions)} onChange={(v) => set({ questions: Number(v) })} options={QUESTION_CHOICES.map((n) => ({ value: String(n), label: String(n) }))} />
              <SelectField id="assignment-time" label={t('live.host.time_limit')} value={String(form.timeLimit)} onChange={(v) => set({ timeLimit: Number(v) })} options={timeOptions(t)} />
              <SelectField id="assignment-points" label={t('live.host.points')} value={String(form.points)} onChange={(v) => set({ points: Number(v) })} options={pointsOptions(t)} />
            </div>
          </>
        ) : categories.status === 'loading' ? (
          <SkeletonText label={t('common.loading')} lines={2} />
        ) : (
          <ErrorWithRetry title={t('common.error_title')} message={t('quiz_zone.load_failed')} retryLabel={t('common.retry')} onRetry={categories.retry} />
        )}
        <TextField id="assignment-title" label={t('assignment.host.title_field')} hint={t('assignment.host.title_hint')} value={form.title} maxLength={80} onChange={(e) => set({ title: e.target.value })} error={fieldError('title')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField id="assignment-opens" type="datetime-local" label={t('assignment.host.opens')} value={form.opens} onChange={(e) => set({ opens: e.target.value })} error={fieldError('opens_at')} />
          <TextField id="assignment-closes" type="datetime-local" label={t('assignment.host.closes')} value={form.closes} onChange={(e) => set({ closes: e.target.value })} error={fieldError('closes_at')} />
        </div>
        <SelectField
          id="assignment-attempts"
          label={t('assignment.host.attempts')}
          hint={t('assignment.host.attempts_hint')}
          value={String(form.attempts)}
          onChange={(v) => set({ attempts: Number(v) })}
          options={ATTEMPT_CHOICES.map((n) => ({ value: String(n), label: t('assignment.host.n_attempts', { count: n }) }))}
        />
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-fg-muted">{t('assignment.host.show_answers')}</legend>
          {SHOW_ANSWERS.map((mode) => (
            <label key={mode} className={`flex min-h-touch cursor-pointer items-center gap-2 rounded-control border-2 px-3 font-semibold ${form.showAnswers === mode ? 'border-accent bg-accent-soft' : 'border-line-strong'}`}>
              <input type="radio" name="assignment-show" checked={form.showAnswers === mode} onChange={() => set({ showAnswers: mode })} className="size-5" />
              {t(`assignment.host.show_${mode}`)}
            </label>
          ))}
        </fieldset>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-fg-muted">{t('assignment.host.timer')}</legend>
          {ASSIGNMENT_TIMERS.map((timer) => (
            <label key={timer} className={`flex min-h-touch cursor-pointer items-center gap-2 rounded-control border-2 px-3 font-semibold ${form.timer === timer ? 'border-accent bg-accent-soft' : 'border-line-strong'}`}>
              <input type="radio" name="assignment-timer" checked={form.timer === timer} onChange={() => set({ timer })} className="size-5" />
              {t(`assignment.host.timer_${timer}`)}
            </label>
          ))}
        </fieldset>
        <label className="flex min-h-touch cursor-pointer items-start gap-3">
          <input type="checkbox" checked={form.shuffle} onChange={(e) => set({ shuffle: e.target.checked })} className="mt-1 size-5 shrink-0" aria-describedby="assignment-shuffle-hint" />
          <span className="flex flex-col">
            <span className="font-semibold">{t('assignment.host.shuffle')}</span>
            <span id="assignment-shuffle-hint" className="text-sm text-fg-muted">
              {t('assignment.host.shuffle_hint')}
            </span>
          </span>
        </label>
        {problem && !['source', 'set_id', 'category', 'title', 'opens_at', 'closes_at'].includes(problem.field ?? '') ? <Alert>{problem.text}</Alert> : null}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={busy} className="text-lg">
            {busy ? t('assignment.host.creating') : t('assignment.host.create')}
          </Button>
          <Button variant="ghost" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function AssignmentDetail({ id }: { id: number }) {
  const { t, i18n } = useTranslation();
  const query = useApiQuery(`assignment:${id}`, () => hostAssignment({ assignment_id: id }), () => false);
  const [closing, setClosing] = useState(false);
  const [closeFailed, setCloseFailed] = useState<string | null>(null);
  const when = (ms: number) => formatDateTime(new Date(ms).toISOString(), i18n.language);
  const close = async () => {
    setClosing(true);
    setCloseFailed(null);
    const done = await closeAssignment({ assignment_id: id });
    setClosing(false);
    if (done.ok) query.retry();
    else setCloseFailed(t(messageKeyFor(done.code ?? 'network')));
  };
  return (
    <section className="mx-auto flex w-full max-w-2xl flex-col gap-4" aria-busy={query.status === 'loading' || undefined}>
      <BackLink href="/live/assignments/" label={t('assignment.host.back')} />
      {query.status === 'loading' ? (
        <SkeletonText label={t('common.loading')} lines={8} />
      ) : query.status === 'error' ? (
        <ErrorWithRetry title={t('common.error_title')} message={t('assignment.host.load_failed')} retryLabel={t('common.retry')} onRetry={query.retry} />
      ) : query.status === 'empty' ? (
        <EmptyState title={t('assignment.host.not_found')} />
      ) : (
        <>
          <Summary a={query.data.assignment} when={when} />
          {query.data.assignment.status !== 'closed' ? (
            <Button variant="secondary" className="self-start" disabled={closing} onClick={() => void close()}>
              <Lock aria-hidden="true" className="size-5" />
              {t('assignment.host.close_now')}
            </Button>
          ) : null}
          {closeFailed ? <Alert>{closeFailed}</Alert> : null}
          <section aria-labelledby="assignment-pupils" className="flex flex-col gap-2">
            <h2 id="assignment-pupils" className="text-xl font-bold">
              {t('assignment.host.pupils', { count: query.data.pupils.length })}
            </h2>
            {query.data.pupils.length === 0 ? (
              <EmptyState title={t('assignment.host.no_pupils')} description={t('assignment.host.no_pupils_hint')} />
            ) : (
              <ul className="flex flex-col gap-1">
                {query.data.pupils.map((p) => (
                  <li key={p.id} data-pupil={p.nickname} className="flex min-h-touch flex-wrap items-center gap-x-3 gap-y-1 rounded-card border border-line bg-surface px-4 py-2">
                    <span dir="auto" className="min-w-0 flex-1 truncate font-semibold">
                      {p.nickname}
                    </span>
                    <span className="text-sm text-fg-muted">
                      {p.finished ? t('assignment.host.pupil_done', { count: p.attempts }) : t('assignment.host.pupil_progress', { n: p.answered, count: query.data.assignment.question_count })}
                    </span>
                    <span className="font-bold tabular-nums">{p.best_score === null ? '—' : t('live.points', { count: p.best_score })}</span>
                    <span dir="ltr" className="w-full text-xs text-fg-muted sm:w-auto">
                      {t('assignment.host.code_of', { code: showResumeCode(p.resume_code) })}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <AssignmentReportView id={id} />
        </>
      )}
    </section>
  );
}

/** The PIN, the link and its QR code, the window and the settings. */
function Summary({ a, when }: { a: AssignmentHostItem; when: (ms: number) => string }) {
  const { t } = useTranslation();
  const link = typeof window === 'undefined' ? `/live/assignment/?pin=${a.pin}` : `${window.location.origin}/live/assignment/?pin=${a.pin}`;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <h1 dir="auto" className="text-2xl leading-tight font-bold sm:text-3xl">
          {a.title}
        </h1>
        <p className="text-fg-muted">
          {t(statusKey(a.status))} · {t('assignment.host.window', { opens: when(a.opens_at), closes: when(a.closes_at) })}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-4 rounded-card border-2 border-line bg-surface p-4">
        <JoinQr text={link} label={t('assignment.host.qr', { pin: a.pin })} className="size-32 shrink-0" />
        <div className="flex min-w-0 flex-col gap-1">
          <p className="text-sm text-fg-muted">{t('assignment.host.pin')}</p>
          <p className="font-display text-4xl font-bold tracking-widest tabular-nums" data-assignment-pin={a.pin}>
            {a.pin}
          </p>
          <p dir="ltr" className="break-all text-sm">
            {link}
          </p>
        </div>
      </div>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-fg-muted">
        <li>{t('assignment.host.n_attempts', { count: a.attempts })}</li>
        <li>{t(`assignment.host.show_${a.show_answers}`)}</li>
        <li>{t(`assignment.host.timer_${a.timer}`)}</li>
        <li>{a.shuffle ? t('assignment.host.shuffled') : t('assignment.host.in_order')}</li>
      </ul>
    </div>
  );
}

/** The report: figures, who has not finished, per question and per pupil, and the CSV files. */
function AssignmentReportView({ id }: { id: number }) {
  const { t } = useTranslation();
  const query = useApiQuery(`assignment-report:${id}`, () => assignmentReport({ assignment_id: id }), () => false);
  const [tab, setTab] = useState<'questions' | 'players'>('questions');
  const [saving, setSaving] = useState<LiveReportPart | null>(null);
  const [saveFailed, setSaveFailed] = useState(false);
  const download = async (part: LiveReportPart) => {
    setSaving(part);
    setSaveFailed(false);
    const file = await assignmentReportCsv({ assignment_id: id, part });
    setSaving(null);
    if (file.ok) saveTextFile(file.data.file_name, file.data.csv);
    else setSaveFailed(true);
  };
  if (query.status === 'loading') return <SkeletonText label={t('common.loading')} lines={6} />;
  if (query.status !== 'content') return <ErrorWithRetry title={t('common.error_title')} message={t('live.report.load_failed')} retryLabel={t('common.retry')} onRetry={query.retry} />;
  const report = query.data;
  const answered = report.questions.reduce((n, q) => n + q.answered, 0);
  const right = report.questions.reduce((n, q) => n + q.correct, 0);
  return (
    <section aria-labelledby="assignment-report" className="flex flex-col gap-3">
      <h2 id="assignment-report" className="text-xl font-bold">
        {t('assignment.host.report')}
      </h2>
      <dl className="grid grid-cols-3 gap-2 text-center">
        <Figure label={t('assignment.host.joined')} value={String(report.assignment.pupil_count)} />
        <Figure label={t('assignment.host.finished')} value={String(report.assignment.finished_count)} />
        <Figure label={t('live.report.right_overall')} value={answered > 0 ? `${percent(right / answered)}%` : '—'} />
      </dl>
      {report.not_finished.length > 0 ? (
        <div className="rounded-card border-2 border-tone-amber bg-surface p-3" data-not-finished={report.not_finished.map((p) => p.nickname).join(',')}>
          <h3 className="font-semibold">{t('assignment.host.not_finished', { count: report.not_finished.length })}</h3>
          <p dir="auto" className="text-sm">
            {report.not_finished.map((p) => `${p.nickname} (${t('assignment.host.pupil_progress', { n: p.answered, count: report.assignment.question_count })})`).join(' · ')}
          </p>
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2" role="group" aria-label={t('live.report.downloads')}>
        {LIVE_REPORT_PARTS.map((part) => (
          <Button key={part} variant="secondary" disabled={saving !== null} onClick={() => void download(part)}>
            <Download aria-hidden="true" className="size-5" />
            {t(`live.report.csv_${part}`)}
          </Button>
        ))}
      </div>
      {saveFailed ? <Alert>{t('live.report.csv_failed')}</Alert> : null}
      <div className="flex gap-2" role="group" aria-label={t('live.report.parts')}>
        {(['questions', 'players'] as const).map((part) => (
          <Button key={part} variant={tab === part ? 'primary' : 'secondary'} aria-pressed={tab === part} onClick={() => setTab(part)}>
            {t(part === 'questions' ? 'live.report.by_question' : 'assignment.host.by_pupil')}
          </Button>
        ))}
      </div>
      {tab === 'questions' ? (
        <ol className="flex flex-col gap-3">
          {report.questions.map((q) => (
            <QuestionRow key={q.index} question={q} />
          ))}
        </ol>
      ) : report.players.length === 0 ? (
        <EmptyState title={t('assignment.host.no_pupils')} />
      ) : (
        <Players report={report} />
      )}
    </section>
  );
}
