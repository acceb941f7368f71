'use client';

import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/services/client/i18n';
import { useImmersive } from '@/components/shell/immersive';
import { formatDateTime, formatDurationWords, formatTimeOfDay } from '@/components/profile/format';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CountdownRing } from '@/components/ui/countdown-ring';
import { ConfirmDialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorWithRetry } from '@/components/ui/error-with-retry';
import { OptionButton } from '@/components/ui/option-button';
import { PageHeading } from '@/components/ui/page-heading';
import { SkeletonText } from '@/components/ui/skeleton';
import { Tabs, tabId, tabPanelId } from '@/components/ui/tabs';
import { TextField } from '@/components/ui/text-field';
import { examQuestionOnScreen, type ExamActorRef, type ExamSnapshot } from '@/machines/exam/exam.machine';
import { installExamPageEvents } from '@/services/client/exam-api';
import { messageKeyFor } from '@/services/domain/code-messages';
import { EXAM_LISTS, type ExamList, type ExamResult } from '@/services/domain/exams';

/**
 * The exam screens, as the exam machine says (docs/exams.md): views read with useSelector and
 * send; the page's events reach the machine through `installExamPageEvents` while the exam runs.
 */

type Screen = 'list' | 'keyEntry' | 'rules' | 'starting' | 'startFailed' | 'refused' | 'inExam' | 'submitting' | 'submitFailed' | 'loadingResult' | 'resultFailed' | 'result';
const selectScreen = (s: ExamSnapshot) => (typeof s.value === 'string' ? s.value : Object.keys(s.value)[0]) as Screen;
const LETTERS = ['A', 'B', 'C', 'D', 'E'];

/** The text of a code: the local checks' validation texts, or the catalogue's. */
function useCodeText() {
  const { t } = useTranslation();
  return (code: string | null, fallbackKey = 'common.load_failed') => {
    if (!code) return t(fallbackKey);
    if (code === 'exam_key_required') return t('validation.exam_key_required');
    return t(messageKeyFor(code));
  };
}

export function ExamView({ actorRef, hiddenLimitSeconds, resumeMinutes }: { actorRef: ExamActorRef; hiddenLimitSeconds: number; resumeMinutes: number }) {
  const { t } = useTranslation();
  const screen = useSelector(actorRef, selectScreen);
  const errorCode = useSelector(actorRef, (s) => s.context.errorCode);
  const text = useCodeText();

  switch (screen) {
    case 'list':
      return <ExamListScreen actorRef={actorRef} />;
    case 'keyEntry':
      return <KeyEntry actorRef={actorRef} />;
    case 'rules':
      return <RulesScreen actorRef={actorRef} hiddenLimitSeconds={hiddenLimitSeconds} resumeMinutes={resumeMinutes} />;
    case 'starting':
      return <SkeletonText label={t('exam.starting')} lines={6} />;
    case 'startFailed':
      return (
        <div className="flex flex-col gap-3">
          <ErrorWithRetry title={t('exam.start_failed_title')} message={text(errorCode)} retryLabel={t('common.retry')} onRetry={() => actorRef.send({ type: 'user.retry' })} />
          <Button variant="ghost" onClick={() => actorRef.send({ type: 'user.cancel' })}>
            {t('exam.back_to_list')}
          </Button>
        </div>
      );
    case 'refused':
      return (
        <Card className="flex flex-col items-start gap-4">
          <Alert>{text(errorCode)}</Alert>
          <Button variant="secondary" onClick={() => actorRef.send({ type: 'user.back' })}>
            {t('exam.back_to_list')}
          </Button>
        </Card>
      );
    case 'inExam':
      return <ExamScreen actorRef={actorRef} />;
    case 'submitting':
    case 'loadingResult':
      return <SkeletonText label={t('exam.submitting')} lines={5} />;
    case 'submitFailed':
      return <ErrorWithRetry title={t('common.error_title')} message={t('exam.submit_failed')} retryLabel={t('common.retry')} onRetry={() => actorRef.send({ type: 'user.retry' })} />;
    case 'resultFailed':
      return (
        <div className="flex flex-col gap-3">
          <ErrorWithRetry title={t('common.error_title')} message={text(errorCode, 'exam.result_failed')} retryLabel={t('common.retry')} onRetry={() => actorRef.send({ type: 'user.retry' })} />
          <Button variant="ghost" onClick={() => actorRef.send({ type: 'user.back' })}>
            {t('exam.back_to_list')}
          </Button>
        </div>
      );
    case 'result':
      return <ResultScreen actorRef={actorRef} />;
  }
}

function ExamListScreen({ actorRef }: { actorRef: ExamActorRef }) {
  const { t, i18n } = useTranslation();
  const listType = useSelector(actorRef, (s) => s.context.listType);
  const step = useSelector(actorRef, (s) => (s.matches({ list: 'loading' }) ? 'loading' : s.matches({ list: 'failed' }) ? 'failed' : 'ready'));
  const items = useSelector(actorRef, (s) => s.context.items);
  const errorCode = useSelector(actorRef, (s) => s.context.errorCode);
  const text = useCodeText();
  return (
    <section className="flex flex-col gap-4">
      <PageHeading title={t('mode.exam.title')} description={t('exam.list_description')} />
      <Tabs
        label={t('exam.lists')}
        idPrefix="exam-list"
        tabs={EXAM_LISTS.map((id) => ({ id, label: t(`exam.list.${id}`) }))}
        selected={listType}
        onSelect={(id) => actorRef.send({ type: 'user.tab', list: id as ExamList })}
      />
      <div role="tabpanel" id={tabPanelId('exam-list')} aria-labelledby={tabId('exam-list', listType)} className="flex flex-col gap-3">
        {step === 'loading' ? (
          <SkeletonText label={t('common.loading')} lines={4} />
        ) : step === 'failed' ? (
          <ErrorWithRetry title={t('common.error_title')} message={text(errorCode)} retryLabel={t('common.retry')} onRetry={() => actorRef.send({ type: 'user.retry' })} />
        ) : items.length === 0 ? (
          <EmptyState title={t(`exam.empty.${listType}`)} />
        ) : (
          <ul className="flex flex-col gap-3">
            {items.map((exam) => (
              <li key={exam.id}>
                <Card as="article" className="flex flex-col gap-2" aria-label={exam.title}>
                  <h2 className="text-lg font-semibold" dir="auto">
                    {exam.title}
                  </h2>
                  <p className="text-sm text-fg-muted">
                    {t('exam.item_facts', {
              duration: formatDurationWords({ minutes: exam.duration }, i18n.language),
              questions: t('count.questions', { count: exam.total_questions }),
              marks: t('count.marks', { count: exam.total_marks }),
            })}
                  </p>
                  <p className="text-sm text-fg-muted">
                    {t('exam.window', { start: formatDateTime(exam.starts_at, i18n.language), end: formatDateTime(exam.ends_at, i18n.language) })}
                  </p>
                  {exam.status === 'completed' ? (
                    <p className="text-sm font-semibold">
                      {t('exam.obtained', { obtained: exam.obtained_marks ?? 0, total: exam.total_marks, count: exam.total_marks })}
                      {exam.rules_violated ? ` · ${t('exam.rules_violated')}` : ''}
                    </p>
                  ) : null}
                  {listType === 'upcoming' ? null : (
                    <Button className="self-start" variant={exam.status === 'completed' ? 'secondary' : 'primary'} onClick={() => actorRef.send({ type: 'user.open', examId: exam.id })}>
                      {exam.status === 'completed' ? t('exam.see_result') : exam.status === 'in_exam' ? t('exam.resume') : t('exam.start')}
                    </Button>
                  )}
                </Card>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function KeyEntry({ actorRef }: { actorRef: ExamActorRef }) {
  const { t } = useTranslation();
  const exam = useSelector(actorRef, (s) => s.context.exam);
  const key = useSelector(actorRef, (s) => s.context.key);
  const errorCode = useSelector(actorRef, (s) => s.context.errorCode);
  const text = useCodeText();
  return (
    <Card as="section" className="flex flex-col gap-4" aria-labelledby="exam-key-title">
      <h1 id="exam-key-title" className="text-xl font-semibold" dir="auto">
        {exam?.title}
      </h1>
      <form
        className="flex flex-col gap-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          actorRef.send({ type: 'user.submit_key' });
        }}
      >
        <TextField
          id="exam-key"
          label={t('exam.key_label')}
          hint={t('exam.key_hint')}
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
          value={key}
          autoFocus
          error={errorCode ? text(errorCode) : undefined}
          onChange={(e) => actorRef.send({ type: 'user.key', key: e.target.value })}
        />
        <div className="flex flex-wrap gap-3">
          <Button type="submit">{t('exam.continue')}</Button>
          <Button variant="ghost" onClick={() => actorRef.send({ type: 'user.cancel' })}>
            {t('exam.back_to_list')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function RulesScreen({ actorRef, hiddenLimitSeconds, resumeMinutes }: { actorRef: ExamActorRef; hiddenLimitSeconds: number; resumeMinutes: number }) {
  const { t, i18n } = useTranslation();
  const exam = useSelector(actorRef, (s) => s.context.exam);
  const agreed = useSelector(actorRef, (s) => s.context.agreed);
  const errorCode = useSelector(actorRef, (s) => s.context.errorCode);
  const text = useCodeText();
  const rules = [
    t('exam.rules.time', { duration: formatDurationWords({ minutes: exam?.duration ?? 0 }, i18n.language) }),
    t(exam?.answer_again ? 'exam.rules.change' : 'exam.rules.final'),
    t('exam.rules.hidden', { duration: formatDurationWords({ seconds: hiddenLimitSeconds }, i18n.language) }),
    t('exam.rules.recorded'),
    ...(exam?.fullscreen ? [t('exam.rules.fullscreen')] : []),
    t('exam.rules.resume', { duration: formatDurationWords({ minutes: resumeMinutes }, i18n.language) }),
  ];
  return (
    <Card as="section" role="dialog" aria-modal="false" aria-labelledby="exam-rules-title" className="flex flex-col gap-4">
      <h1 id="exam-rules-title" className="text-xl font-semibold">
        {t('exam.rules.title')}
      </h1>
      <ul className="list-disc ps-5">
        {rules.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
      <label className="flex items-center gap-2">
        <input type="checkbox" className="size-5" checked={agreed} onChange={(e) => actorRef.send({ type: 'user.agree', agreed: e.target.checked })} />
        <span>{t('exam.rules.agree')}</span>
      </label>
      {errorCode ? <Alert>{text(errorCode)}</Alert> : null}
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => actorRef.send({ type: 'user.start' })}>{t('exam.start_now')}</Button>
        <Button variant="ghost" onClick={() => actorRef.send({ type: 'user.back' })}>
          {t('exam.back')}
        </Button>
        <Button variant="ghost" onClick={() => actorRef.send({ type: 'user.cancel' })}>
          {t('exam.back_to_list')}
        </Button>
      </div>
    </Card>
  );
}

type CountdownRef = NonNullable<ExamSnapshot['children']['countdown']>;

function ExamCountdown({ countdownRef, totalMs }: { countdownRef: CountdownRef; totalMs: number }) {
  const { t } = useTranslation();
  const remainingMs = useSelector(countdownRef, (s) => s.context.remainingMs);
  return <CountdownRing remainingMs={remainingMs} totalMs={totalMs} label={t('exam.time_left')} warnFromSeconds={60} />;
}

/** Announces the last minute and the last ten seconds (a screen reader hears it once each). */
function TimeAnnouncer({ countdownRef }: { countdownRef: CountdownRef }) {
  const { t } = useTranslation();
  const stage = useSelector(countdownRef, (s) => (s.context.remainingMs <= 10_000 ? 'seconds' : s.context.remainingMs <= 60_000 ? 'minute' : null));
  return stage ? <span>{t(stage === 'seconds' ? 'exam.ten_seconds_left' : 'exam.one_minute_left')}</span> : null;
}

function ExamScreen({ actorRef }: { actorRef: ExamActorRef }) {
  const { t } = useTranslation();
  // The exam on screen is immersive: nothing of the site's frame to wander off to.
  useImmersive();
  const session = useSelector(actorRef, (s) => s.context.session)!;
  const index = useSelector(actorRef, (s) => s.context.index);
  const question = useSelector(actorRef, (s) => examQuestionOnScreen(s.context));
  const answers = useSelector(actorRef, (s) => s.context.answers);
  const saving = useSelector(actorRef, (s) => s.context.saving);
  const work = useSelector(actorRef, (s) => (s.matches({ inExam: { work: 'saving' } }) ? 'saving' : s.matches({ inExam: { work: 'answerFailed' } }) ? 'failed' : s.matches({ inExam: { work: 'confirming' } }) ? 'confirming' : 'answering'));
  const alert = useSelector(actorRef, (s) => (s.matches({ inExam: { alert: 'warning' } }) ? 'warning' : s.matches({ inExam: { alert: 'hidden' } }) ? 'hidden' : 'none'));
  const warning = useSelector(actorRef, (s) => s.context.warning);
  const errorCode = useSelector(actorRef, (s) => s.context.errorCode);
  const countdownRef = useSelector(actorRef, (s) => s.children.countdown);
  const text = useCodeText();
  const questionArea = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const [totalMs] = useState(() => session.time_left_ms);

  // The page's events reach the exam only while it runs.
  useEffect(() => installExamPageEvents((event) => actorRef.send(event), { questionArea: () => questionArea.current }), [actorRef]);
  // Focus follows the question.
  useEffect(() => heading.current?.focus(), [index]);

  if (!question) return null;
  const chosen = answers[String(question.id)];
  const locked = chosen !== undefined && !session.exam.answer_again;
  const answeredCount = session.questions.filter((q) => answers[String(q.id)] !== undefined).length;

  return (
    <section className="flex flex-col gap-4" aria-labelledby="exam-title">
      <header className="flex items-center justify-between gap-3">
        <div>
          <h1 id="exam-title" className="text-lg font-semibold" dir="auto">
            {session.exam.title}
          </h1>
          <p className="text-sm text-fg-muted">{t('exam.answered_count', { answered: answeredCount, total: session.questions.length })}</p>
        </div>
        {countdownRef ? <ExamCountdown countdownRef={countdownRef} totalMs={totalMs} /> : null}
      </header>
      <div aria-live="polite" className="sr-only">
        {countdownRef ? <TimeAnnouncer countdownRef={countdownRef} /> : null}
      </div>
      <div role="alert" aria-live="assertive">
        {alert === 'warning' && warning ? (
          <Alert className="flex flex-col items-start gap-2">
            <span>{warning === 'screenshot_key' ? t('exam.screen_recording') : t(`exam.warning.${warning}`)}</span>
            <Button variant="secondary" onClick={() => actorRef.send({ type: 'user.dismiss' })}>
              {t('exam.warning.dismiss')}
            </Button>
          </Alert>
        ) : null}
      </div>
      <nav aria-label={t('exam.palette')}>
        <ol className="flex flex-wrap gap-2">
          {session.questions.map((q, i) => {
            const done = answers[String(q.id)] !== undefined;
            return (
              <li key={q.id}>
                <button
                  type="button"
                  aria-current={i === index ? 'step' : undefined}
                  aria-label={t(done ? 'exam.go_to_answered' : 'exam.go_to', { n: i + 1 })}
                  onClick={() => actorRef.send({ type: 'user.goto', index: i })}
                  className={`size-10 rounded-full border text-sm font-semibold ${i === index ? 'border-accent ring-2 ring-accent' : 'border-line'} ${done ? 'bg-accent text-white' : 'bg-surface'}`}
                >
                  {i + 1}
                </button>
              </li>
            );
          })}
        </ol>
      </nav>
      <Card className="flex flex-col gap-4 select-none">
        <div ref={questionArea} className="flex flex-col gap-4">
          <p className="text-sm text-fg-muted">
            {t('play.question_of', { n: index + 1, total: session.questions.length })} · {t('exam.marks', { marks: question.marks })}
          </p>
          <h2 ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none" dir="auto">
            {question.question}
          </h2>
          <div role="group" aria-label={t('play.options')} className="flex flex-col gap-2">
            {question.options.map((o, i) => {
              const pending = saving?.questionId === question.id && saving.answer === o.key;
              const status = chosen === o.key || pending ? 'chosen' : locked ? 'muted' : 'idle';
              return (
                <OptionButton
                  key={o.key}
                  letter={LETTERS[i] ?? ''}
                  text={o.text}
                  status={status}
                  statusText={status === 'chosen' ? t('play.status.chosen') : undefined}
                  aria-pressed={chosen === o.key}
                  disabled={work !== 'answering' || (locked && chosen !== o.key)}
                  onClick={() => actorRef.send({ type: 'user.answer', key: o.key })}
                />
              );
            })}
          </div>
        </div>
        <div aria-live="polite" className="text-sm">
          {work === 'saving' ? t('exam.saving') : locked ? t('exam.answer_final') : errorCode === 'exam_answer_locked' ? text(errorCode) : null}
        </div>
        {work === 'failed' ? (
          <Alert className="flex flex-col items-start gap-2">
            <span>{t('exam.save_failed')}</span>
            <div className="flex gap-2">
              <Button onClick={() => actorRef.send({ type: 'user.retry' })}>{t('common.retry')}</Button>
              <Button variant="ghost" onClick={() => actorRef.send({ type: 'user.cancel' })}>
                {t('exam.cancel')}
              </Button>
            </div>
          </Alert>
        ) : null}
      </Card>
      <div className="flex flex-wrap justify-between gap-3">
        <div className="flex gap-2">
          <Button variant="secondary" disabled={index === 0} onClick={() => actorRef.send({ type: 'user.goto', index: index - 1 })}>
            {t('exam.previous')}
          </Button>
          <Button variant="secondary" disabled={index === session.questions.length - 1} onClick={() => actorRef.send({ type: 'user.goto', index: index + 1 })}>
            {t('exam.next')}
          </Button>
        </div>
        <Button disabled={work !== 'answering'} onClick={() => actorRef.send({ type: 'user.submit' })}>
          {t('exam.submit')}
        </Button>
      </div>
      <ConfirmDialog
        open={work === 'confirming'}
        title={t('exam.confirm_title')}
        message={t('exam.confirm_message', { unanswered: session.questions.length - answeredCount })}
        confirmLabel={t('exam.submit')}
        cancelLabel={t('exam.cancel')}
        onConfirm={() => actorRef.send({ type: 'user.confirm' })}
        onCancel={() => actorRef.send({ type: 'user.cancel' })}
      />
    </section>
  );
}

function ResultScreen({ actorRef }: { actorRef: ExamActorRef }) {
  const { t, i18n } = useTranslation();
  const result = useSelector(actorRef, (s) => s.context.result) as ExamResult;
  return (
    <section className="flex flex-col gap-4" aria-labelledby="exam-result-title">
      <h1 id="exam-result-title" className="text-xl font-semibold" dir="auto">
        {t('exam.result.title', { title: result.title })}
      </h1>
      <Card className="flex flex-col gap-2">
        <p className="text-2xl font-bold">{t('exam.obtained', { obtained: result.obtained_marks, total: result.total_marks, count: result.total_marks })}</p>
        <p>{t(`exam.end.${result.end_reason}`)}</p>
        {result.rules_violated ? <Alert>{t('exam.rules_violated')}</Alert> : null}
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
          <dt>{t('play.result.correct')}</dt>
          <dd>{result.correct}</dd>
          <dt>{t('play.result.wrong')}</dt>
          <dd>{result.incorrect}</dd>
          <dt>{t('play.result.unanswered')}</dt>
          <dd>{result.unanswered}</dd>
          <dt>{t('exam.result.duration')}</dt>
          <dd>{t('exam.result.seconds', { seconds: result.total_duration })}</dd>
        </dl>
      </Card>
      <Card className="flex flex-col gap-2">
        <h2 id="exam-by-marks" className="font-semibold">
          {t('exam.result.by_marks')}
        </h2>
        {/* One block per mark, its four counts side by side: fits a 320 px phone without a cut column. */}
        <ul className="flex flex-col gap-2" aria-labelledby="exam-by-marks" data-testid="exam-by-marks">
          {result.statistics.map((row) => (
            <li key={row.mark} className="rounded-control bg-surface-muted p-2">
              <h3 className="text-sm font-semibold">{t('exam.result.worth', { marks: row.mark })}</h3>
              <dl className="grid grid-cols-4 gap-1 text-center">
                {(
                  [
                    ['exam.result.questions', row.questions],
                    ['play.result.correct', row.correct],
                    ['play.result.wrong', row.incorrect],
                    ['play.result.unanswered', row.unanswered],
                  ] as const
                ).map(([label, value]) => (
                  <div key={label} className="flex min-w-0 flex-col-reverse">
                    <dt className="text-xs break-words text-fg-muted">{t(label)}</dt>
                    <dd className="text-lg font-bold tabular-nums">{value}</dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ul>
      </Card>
      <Card className="flex flex-col gap-2">
        <h2 className="font-semibold">{t('exam.result.violations', { n: result.violations.length })}</h2>
        {result.violations.length === 0 ? (
          <p className="text-sm text-fg-muted">{t('exam.result.no_violations')}</p>
        ) : (
          <ul className="flex flex-col gap-1 text-sm" aria-label={t('exam.result.violations', { n: result.violations.length })}>
            {result.violations.map((v, i) => (
              <li key={`${v.at}-${i}`}>
                <time dateTime={v.at}>{formatTimeOfDay(v.at, i18n.language)}</time> · {t(`exam.violation.${v.kind}`)}
                {v.duration_ms !== null ? ` · ${t('exam.result.seconds', { seconds: Math.round(v.duration_ms / 100) / 10 })}` : ''}
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Button variant="secondary" className="self-start" onClick={() => actorRef.send({ type: 'user.back' })}>
        {t('exam.back_to_list')}
      </Button>
    </section>
  );
}
