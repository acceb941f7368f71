'use client';

import Link from 'next/link';
import { useState, type FormEvent, type ReactNode } from 'react';
import { AdminOnly } from '@/components/admin/console-frame';
import { useContentLanguages } from '@/components/admin/content-views';
import { failureText, useSchemaForm } from '@/components/admin/form';
import { CheckField } from '@/components/admin/media-field';
import { formatWhen } from '@/components/admin/table-query';
import { Alert } from '@/components/ui/alert';
import { BackLink } from '@/components/ui/back-link';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorWithRetry } from '@/components/ui/error-with-retry';
import { SelectField } from '@/components/ui/select-field';
import { SkeletonText } from '@/components/ui/skeleton';
import { TextField } from '@/components/ui/text-field';
import type { ApiResult } from '@/services/client/api';
import { adminApi, type EventQuestion, type OperatorContest, type OperatorExam } from '@/services/client/admin-api';
import { useApiQuery } from '@/services/client/use-api-query';
import { contestForm, eventQuestionForm, examForm, prizeTableForm } from '@/services/domain/forms';

/** An instant as a `datetime-local` value in the operator's time zone. */
const localInput = (iso: string) => {
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
/** A `datetime-local` value (the operator's time zone) as an instant. */
const fromLocal = (value: string) => (value ? new Date(value).toISOString() : '');

const PHASES = { upcoming: 'Upcoming', live: 'Live', ended: 'Ended' } as const;

// ---------------------------------------------------------------------------------------------
// Lists

export function ContestsView() {
  const [version, setVersion] = useState(0);
  const list = useApiQuery(`admin_contests:${version}`, adminApi.contests, (d) => d.length === 0);
  return (
    <AdminOnly>
      <h1 className="text-2xl font-bold">Contests</h1>
      {list.status === 'loading' ? (
        <SkeletonText label="Loading the contests" />
      ) : list.status === 'error' ? (
        <ErrorWithRetry title="Could not load" message="The contests could not be loaded." retryLabel="Try again" onRetry={list.retry} />
      ) : list.status === 'empty' ? (
        <EmptyState title="No contests yet" />
      ) : (
        <ul className="flex flex-col divide-y divide-line rounded-card border border-line" aria-label="Contests">
          {list.data.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
              <Link href={`/admin/contests/${c.id}/`} className="font-semibold">
                {c.name}
              </Link>
              <span className="text-sm text-fg-muted">
                {PHASES[c.phase]} · {formatWhen(c.starts_at)} → {formatWhen(c.ends_at)} · {c.questions} questions · {c.entries} players
                {c.phase === 'ended' ? (c.prizes_paid_at ? ' · prizes paid' : ' · prizes not paid yet') : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
      <ContestForm onSaved={() => setVersion((v) => v + 1)} />
    </AdminOnly>
  );
}

export function ExamsView() {
  const [version, setVersion] = useState(0);
  const list = useApiQuery(`admin_exams:${version}`, adminApi.exams, (d) => d.length === 0);
  return (
    <AdminOnly>
      <h1 className="text-2xl font-bold">Exams</h1>
      {list.status === 'loading' ? (
        <SkeletonText label="Loading the exams" />
      ) : list.status === 'error' ? (
        <ErrorWithRetry title="Could not load" message="The exams could not be loaded." retryLabel="Try again" onRetry={list.retry} />
      ) : list.status === 'empty' ? (
        <EmptyState title="No exams yet" />
      ) : (
        <ul className="flex flex-col divide-y divide-line rounded-card border border-line" aria-label="Exams">
          {list.data.map((e) => (
            <li key={e.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
              <Link href={`/admin/exams/${e.id}/`} className="font-semibold">
                {e.title}
              </Link>
              <span className="text-sm text-fg-muted">
                {PHASES[e.phase]} · {formatWhen(e.starts_at)} → {formatWhen(e.ends_at)} · {e.duration_minutes} min · {e.questions} questions · {e.attempts} attempts
              </span>
            </li>
          ))}
        </ul>
      )}
      <ExamForm onSaved={() => setVersion((v) => v + 1)} />
    </AdminOnly>
  );
}

// ---------------------------------------------------------------------------------------------
// Forms

function LanguageSelect({ id, value, onChange }: { id: string; value: string; onChange: (v: string) => void }) {
  const languages = useContentLanguages();
  const options = languages.status === 'content' ? languages.data.map((l) => ({ value: String(l.id), label: l.language })) : [{ value: '', label: 'Loading…' }];
  return <SelectField id={id} label="Content language" value={value || options[0]!.value} options={options} onChange={onChange} />;
}

function ContestForm({ contest, onSaved }: { contest?: OperatorContest; onSaved: () => void }) {
  const form = useSchemaForm(contestForm);
  const [v, setV] = useState({
    language_id: contest ? String(contest.language_id) : '',
    name: contest?.name ?? '',
    description: contest?.description ?? '',
    starts_at: contest ? localInput(contest.starts_at) : '',
    ends_at: contest ? localInput(contest.ends_at) : '',
    entry_fee: contest ? String(contest.entry_fee) : '0',
    active: contest?.active ?? true,
  });
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const languages = useContentLanguages();
  const languageId = v.language_id || (languages.status === 'content' ? String(languages.data[0]!.id) : '');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    const input = form.check({ ...v, id: contest?.id, language_id: languageId, starts_at: fromLocal(v.starts_at), ends_at: fromLocal(v.ends_at), active: v.active ? '1' : '0' });
    if (!input) return;
    setBusy(true);
    const result = await adminApi.saveContest({ ...input, starts_at: input.starts_at.toISOString(), ends_at: input.ends_at.toISOString() });
    setBusy(false);
    if (!result.ok) return form.refused(result);
    setSaved(true);
    onSaved();
  };

  return (
    <Card as="section" className="flex flex-col gap-3">
      <h2 className="text-xl font-semibold">{contest ? 'The contest' : 'New contest'}</h2>
      <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-3 md:grid-cols-2">
        {form.errors[''] ?? form.errors.id ? <Alert className="md:col-span-2">{form.errors[''] ?? form.errors.id}</Alert> : null}
        {saved ? (
          <Alert tone="success" className="md:col-span-2">
            <span role="status">Saved.</span>
          </Alert>
        ) : null}
        <TextField id="contest-name" label="Name" value={v.name} limit={200} onChange={(e) => setV({ ...v, name: e.target.value })} error={form.errors.name} />
        <LanguageSelect id="contest-language" value={languageId} onChange={(language_id) => setV({ ...v, language_id })} />
        <TextField id="contest-starts" label="Starts (your time)" type="datetime-local" value={v.starts_at} onChange={(e) => setV({ ...v, starts_at: e.target.value })} error={form.errors.starts_at} />
        <TextField id="contest-ends" label="Ends (your time)" type="datetime-local" value={v.ends_at} onChange={(e) => setV({ ...v, ends_at: e.target.value })} error={form.errors.ends_at} />
        <TextField id="contest-fee" label="Entry fee (coins)" inputMode="numeric" value={v.entry_fee} onChange={(e) => setV({ ...v, entry_fee: e.target.value })} error={form.errors.entry_fee} />
        <TextField id="contest-description" label="Description" value={v.description} limit={2000} onChange={(e) => setV({ ...v, description: e.target.value })} error={form.errors.description} />
        <CheckField id="contest-active" label="Shown to players" checked={v.active} onChange={(active) => setV({ ...v, active })} />
        <Button type="submit" className="self-start md:col-span-2" disabled={busy}>
          {contest ? 'Save the contest' : 'Create the contest'}
        </Button>
      </form>
    </Card>
  );
}

function ExamForm({ exam, onSaved }: { exam?: OperatorExam; onSaved: () => void }) {
  const form = useSchemaForm(examForm);
  const [v, setV] = useState({
    language_id: exam ? String(exam.language_id) : '',
    title: exam?.title ?? '',
    starts_at: exam ? localInput(exam.starts_at) : '',
    ends_at: exam ? localInput(exam.ends_at) : '',
    exam_key: exam?.exam_key ?? '',
    duration_minutes: exam ? String(exam.duration_minutes) : '30',
    answer_again: exam?.answer_again ?? false,
    require_fullscreen: exam?.require_fullscreen ?? false,
    active: exam?.active ?? true,
  });
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const languages = useContentLanguages();
  const languageId = v.language_id || (languages.status === 'content' ? String(languages.data[0]!.id) : '');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    const input = form.check({
      ...v,
      id: exam?.id,
      language_id: languageId,
      starts_at: fromLocal(v.starts_at),
      ends_at: fromLocal(v.ends_at),
      answer_again: v.answer_again ? '1' : '0',
      require_fullscreen: v.require_fullscreen ? '1' : '0',
      active: v.active ? '1' : '0',
    });
    if (!input) return;
    setBusy(true);
    const result = await adminApi.saveExam({ ...input, starts_at: input.starts_at.toISOString(), ends_at: input.ends_at.toISOString() });
    setBusy(false);
    if (!result.ok) return form.refused(result);
    setSaved(true);
    onSaved();
  };

  return (
    <Card as="section" className="flex flex-col gap-3">
      <h2 className="text-xl font-semibold">{exam ? 'The exam' : 'New exam'}</h2>
      <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-3 md:grid-cols-2">
        {form.errors[''] ?? form.errors.id ? <Alert className="md:col-span-2">{form.errors[''] ?? form.errors.id}</Alert> : null}
        {saved ? (
          <Alert tone="success" className="md:col-span-2">
            <span role="status">Saved.</span>
          </Alert>
        ) : null}
        <TextField id="exam-title" label="Title" value={v.title} limit={200} onChange={(e) => setV({ ...v, title: e.target.value })} error={form.errors.title} />
        <LanguageSelect id="exam-language" value={languageId} onChange={(language_id) => setV({ ...v, language_id })} />
        <TextField id="exam-starts" label="Opens (your time)" type="datetime-local" value={v.starts_at} onChange={(e) => setV({ ...v, starts_at: e.target.value })} error={form.errors.starts_at} />
        <TextField id="exam-ends" label="Closes (your time)" type="datetime-local" value={v.ends_at} onChange={(e) => setV({ ...v, ends_at: e.target.value })} error={form.errors.ends_at} />
        <TextField id="exam-key" label="Exam key (4 digits, given to the candidates)" inputMode="numeric" maxLength={4} value={v.exam_key} onChange={(e) => setV({ ...v, exam_key: e.target.value })} error={form.errors.exam_key} />
        <TextField id="exam-duration" label="Duration (minutes)" inputMode="numeric" value={v.duration_minutes} onChange={(e) => setV({ ...v, duration_minutes: e.target.value })} error={form.errors.duration_minutes} />
        <CheckField id="exam-again" label="Answers may be changed" checked={v.answer_again} onChange={(answer_again) => setV({ ...v, answer_again })} />
        <CheckField id="exam-fullscreen" label="Full screen required" checked={v.require_fullscreen} onChange={(require_fullscreen) => setV({ ...v, require_fullscreen })} />
        <CheckField id="exam-active" label="Shown to players" checked={v.active} onChange={(active) => setV({ ...v, active })} />
        <Button type="submit" className="self-start md:col-span-2" disabled={busy}>
          {exam ? 'Save the exam' : 'Create the exam'}
        </Button>
      </form>
    </Card>
  );
}

/** A contest's or exam's question (multiple choice or true/false); `marks` for exams. */
function EventQuestionForm({ question, withMarks, save, onSaved }: { question?: EventQuestion; withMarks: boolean; save: (input: Record<string, string | number | undefined>) => Promise<ApiResult<unknown>>; onSaved: () => void }) {
  const form = useSchemaForm(eventQuestionForm);
  const [v, setV] = useState({
    question_type: question?.question_type ?? 'multiple',
    question: question?.question ?? '',
    options: [...(question?.options ?? []), '', '', '', '', ''].slice(0, 5),
    answer: question?.answer ?? 'a',
    marks: String(question?.marks ?? 1),
  });
  const [busy, setBusy] = useState(false);
  const count = v.question_type === 'boolean' ? 2 : 5;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const payload: Record<string, string | number | undefined> = { id: question?.id, question_type: v.question_type, question: v.question, answer: v.answer, marks: withMarks ? v.marks : undefined };
    ['a', 'b', 'c', 'd', 'e'].slice(0, count).forEach((l, i) => (payload[`option_${l}`] = v.options[i]));
    const input = form.check(payload);
    if (!input) return;
    setBusy(true);
    const result = await save(payload);
    setBusy(false);
    if (!result.ok) return form.refused(result);
    if (!question) setV({ ...v, question: '', options: ['', '', '', '', ''] });
    onSaved();
  };

  const prefix = question ? `eq-${question.id}` : 'eq-new';
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-2 rounded-card border border-line p-3 md:grid-cols-2" aria-label={question ? `Question ${question.id}` : 'New question'}>
      {form.errors[''] ?? form.errors.id ? <Alert className="md:col-span-2">{form.errors[''] ?? form.errors.id}</Alert> : null}
      <TextField id={`${prefix}-text`} label="Question" className="md:col-span-2" value={v.question} limit={1000} onChange={(e) => setV({ ...v, question: e.target.value })} error={form.errors.question} />
      <SelectField
        id={`${prefix}-type`}
        label="Type"
        value={v.question_type}
        options={[
          { value: 'multiple', label: 'Multiple choice' },
          { value: 'boolean', label: 'True / false' },
        ]}
        onChange={(question_type) => setV({ ...v, question_type: question_type as 'multiple' | 'boolean', answer: 'a' })}
      />
      {withMarks ? <TextField id={`${prefix}-marks`} label="Marks" inputMode="numeric" value={v.marks} onChange={(e) => setV({ ...v, marks: e.target.value })} error={form.errors.marks} /> : <span />}
      {['a', 'b', 'c', 'd', 'e'].slice(0, count).map((l, i) => (
        <TextField
          key={l}
          id={`${prefix}-option-${l}`}
          label={`Option ${l.toUpperCase()}${l === 'e' ? ' (optional)' : ''}`}
          value={v.options[i] ?? ''}
          onChange={(e) => setV({ ...v, options: v.options.map((o, j) => (j === i ? e.target.value : o)) })}
          error={form.errors[`option_${l}`]}
        />
      ))}
      <SelectField id={`${prefix}-answer`} label="Right option" value={v.answer} options={['a', 'b', 'c', 'd', 'e'].slice(0, count).map((l) => ({ value: l, label: l.toUpperCase() }))} onChange={(answer) => setV({ ...v, answer })} error={form.errors.answer} />
      <Button type="submit" variant="secondary" className="self-end" disabled={busy}>
        {question ? 'Save' : 'Add the question'}
      </Button>
    </form>
  );
}

// ---------------------------------------------------------------------------------------------
// Pages of one contest / exam

export function ContestView({ contestId }: { contestId: number }) {
  return (
    <EventPage what="contest" back="/admin/contests/" backLabel="Contests" id={contestId} load={adminApi.contest}>
      {(contest, reload) => <ContestDetails contest={contest} onChanged={reload} />}
    </EventPage>
  );
}

/** One contest or exam, loaded by id (again after each change), with its loading, missing and error states. */
function EventPage<T>({ what, back, backLabel, id, load, children }: { what: string; back: string; backLabel: string; id: number; load: (id: number) => Promise<ApiResult<T>>; children: (data: T, reload: () => void) => ReactNode }) {
  const [version, setVersion] = useState(0);
  const event = useApiQuery(`admin_${what}:${id}:${version}`, () => load(id), () => false);
  return (
    <AdminOnly>
      <BackLink href={back} label={backLabel} />
      {event.status === 'loading' ? (
        <SkeletonText label={`Loading the ${what}`} />
      ) : event.status === 'empty' ? (
        <EmptyState title={`There is no ${what} #${id}`} />
      ) : event.status === 'error' ? (
        <ErrorWithRetry title="Could not load" message={`The ${what} could not be loaded.`} retryLabel="Try again" onRetry={event.retry} />
      ) : (
        children(event.data, () => setVersion((v) => v + 1))
      )}
    </AdminOnly>
  );
}

/** The questions of a contest or exam: editable (and deletable) before it starts, a list after. */
function EventQuestions({ questions, upcoming, withMarks, save, remove, onChanged }: { questions: EventQuestion[]; upcoming: boolean; withMarks: boolean; save: (input: Record<string, string | number | undefined>) => Promise<ApiResult<unknown>>; remove: (questionId: number) => Promise<unknown>; onChanged: () => void }) {
  return (
    <section aria-labelledby="event-questions" className="flex flex-col gap-2">
      <h2 id="event-questions" className="text-xl font-semibold">
        Questions ({questions.length})
      </h2>
      {questions.map((q, i) =>
        upcoming ? (
          <div key={`${q.id}:${q.question}:${q.marks ?? ''}`} className="flex flex-col gap-1">
            <EventQuestionForm question={q} withMarks={withMarks} save={save} onSaved={onChanged} />
            <Button variant="ghost" className="self-end" onClick={() => void remove(q.id).then(onChanged)}>
              Delete <span className="sr-only">question {i + 1}</span>
            </Button>
          </div>
        ) : (
          <p key={q.id}>
            {i + 1}. {q.question}{' '}
            <span className="text-fg-muted">
              ({withMarks ? `${q.marks} marks, ` : ''}right: {q.answer.toUpperCase()})
            </span>
          </p>
        ),
      )}
      {upcoming ? <EventQuestionForm withMarks={withMarks} save={save} onSaved={onChanged} /> : null}
    </section>
  );
}

function ContestDetails({ contest, onChanged }: { contest: OperatorContest; onChanged: () => void }) {
  const upcoming = contest.phase === 'upcoming';
  return (
    <>
      <h1 className="text-2xl font-bold">{contest.name}</h1>
      <p className="text-fg-muted">
        {PHASES[contest.phase]} · {formatWhen(contest.starts_at)} → {formatWhen(contest.ends_at)}
        {upcoming ? '' : ' · it has started: it can no longer change'}
      </p>
      {upcoming ? <ContestForm contest={contest} onSaved={onChanged} /> : null}
      <EventQuestions
        questions={contest.questions}
        upcoming={upcoming}
        withMarks={false}
        save={(input) => adminApi.saveContestQuestion({ ...input, contest_id: contest.id })}
        remove={(questionId) => adminApi.deleteContestQuestion(contest.id, questionId)}
        onChanged={onChanged}
      />
      <PrizeTable contest={contest} onSaved={onChanged} />
      <Standings contest={contest} onChanged={onChanged} />
    </>
  );
}

function PrizeTable({ contest, onSaved }: { contest: OperatorContest; onSaved: () => void }) {
  const form = useSchemaForm(prizeTableForm);
  const [text, setText] = useState(contest.prizes.map((p) => `${p.rank_to}:${p.coins}`).join(', '));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!form.check({ contest_id: contest.id, prizes: text })) return;
    const result = await adminApi.setContestPrizes(contest.id, text);
    if (!result.ok) return form.refused(result);
    onSaved();
  };
  return (
    <section aria-labelledby="contest-prizes" className="flex flex-col gap-2">
      <h2 id="contest-prizes" className="text-xl font-semibold">
        Prizes
      </h2>
      {contest.prizes.length === 0 ? (
        <p className="text-fg-muted">No prizes.</p>
      ) : (
        <ul className="flex list-disc flex-col ps-6">
          {contest.prizes.map((p, i) => (
            <li key={p.rank_to}>
              {(contest.prizes[i - 1]?.rank_to ?? 0) + 1 === p.rank_to ? `Rank ${p.rank_to}` : `Ranks ${(contest.prizes[i - 1]?.rank_to ?? 0) + 1}–${p.rank_to}`}: {p.coins} coins
            </li>
          ))}
        </ul>
      )}
      {contest.phase === 'upcoming' ? (
        <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-wrap items-end gap-2">
          <TextField id="contest-prize-lines" label="Prize table (rank:coins, e.g. 1:500, 3:200, 10:50)" value={text} onChange={(e) => setText(e.target.value)} error={form.errors.prizes ?? form.errors['']} />
          <Button type="submit" variant="secondary">
            Save the prizes
          </Button>
        </form>
      ) : null}
    </section>
  );
}

function Standings({ contest, onChanged }: { contest: OperatorContest; onChanged: () => void }) {
  const [message, setMessage] = useState<{ tone: 'danger' | 'success'; text: string } | null>(null);
  const pay = async () => {
    const result = await adminApi.payContest(contest.id);
    setMessage(result.ok ? { tone: 'success', text: result.data.already_paid ? 'The prizes were paid already.' : `Prizes paid to ${result.data.players_paid} players.` } : { tone: 'danger', text: failureText(result) });
    onChanged();
  };
  return (
    <section aria-labelledby="contest-standings" className="flex flex-col gap-2">
      <h2 id="contest-standings" className="text-xl font-semibold">
        Standings
      </h2>
      {message ? (
        <Alert tone={message.tone}>
          <span role={message.tone === 'success' ? 'status' : undefined}>{message.text}</span>
        </Alert>
      ) : null}
      {contest.standings.length === 0 ? (
        <p className="text-fg-muted">Nobody has played yet.</p>
      ) : (
        <ol className="flex list-decimal flex-col gap-1 ps-6">
          {contest.standings.map((s) => (
            <li key={s.user_id}>
              <Link href={`/admin/players/${s.user_id}/`}>{s.name || `#${s.user_id}`}</Link> — {s.score} points{s.prize_coins ? ` · won ${s.prize_coins} coins` : ''}
            </li>
          ))}
        </ol>
      )}
      {contest.phase === 'ended' ? (
        contest.prizes_paid_at ? (
          <p>Prizes paid {formatWhen(contest.prizes_paid_at)}.</p>
        ) : (
          <Button className="self-start" onClick={() => void pay()}>
            Pay the prizes now
          </Button>
        )
      ) : null}
    </section>
  );
}

export function ExamView({ examId }: { examId: number }) {
  return (
    <EventPage what="exam" back="/admin/exams/" backLabel="Exams" id={examId} load={adminApi.exam}>
      {(exam, reload) => <ExamDetails exam={exam} onChanged={reload} />}
    </EventPage>
  );
}

function ExamDetails({ exam, onChanged }: { exam: OperatorExam; onChanged: () => void }) {
  const upcoming = exam.phase === 'upcoming';
  return (
    <>
      <h1 className="text-2xl font-bold">{exam.title}</h1>
      <p className="text-fg-muted">
        {PHASES[exam.phase]} · {formatWhen(exam.starts_at)} → {formatWhen(exam.ends_at)} · key {exam.exam_key} · {exam.total_marks} marks
      </p>
      {upcoming ? <ExamForm exam={exam} onSaved={onChanged} /> : null}
      <EventQuestions
        questions={exam.questions}
        upcoming={upcoming}
        withMarks
        save={(input) => adminApi.saveExamQuestion({ ...input, exam_id: exam.id })}
        remove={(questionId) => adminApi.deleteExamQuestion(exam.id, questionId)}
        onChanged={onChanged}
      />
      {upcoming ? null : <ExamResults exam={exam} />}
    </>
  );
}

function ExamResults({ exam }: { exam: OperatorExam }) {
  const results = useApiQuery(`admin_exam_results:${exam.id}`, () => adminApi.examResults(exam.id), (d) => d.attempts.length === 0);
  const questionNumber = (id: number) => exam.questions.findIndex((q) => q.id === id) + 1;
  return (
    <section aria-labelledby="exam-results" className="flex flex-col gap-2">
      <h2 id="exam-results" className="text-xl font-semibold">
        Results
      </h2>
      {results.status === 'loading' ? (
        <SkeletonText label="Loading the results" />
      ) : results.status === 'empty' ? (
        <p className="text-fg-muted">Nobody has taken the exam yet.</p>
      ) : results.status === 'error' ? (
        <ErrorWithRetry title="Could not load" message="The results could not be loaded." retryLabel="Try again" onRetry={results.retry} />
      ) : (
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">Exam results</caption>
          <thead className="bg-surface-muted">
            <tr>
              {['Candidate', 'Marks', 'Ended', 'Violations', 'Captured questions'].map((h) => (
                <th key={h} scope="col" className="px-3 py-2 text-start">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {results.data.attempts.map((a) => (
              <tr key={a.attempt_id} className="border-t border-line align-top">
                <td className="px-3 py-2">
                  <Link href={`/admin/players/${a.user_id}/`}>{a.name || `#${a.user_id}`}</Link>
                </td>
                <td className="px-3 py-2">{a.obtained_marks === null ? 'in progress' : `${a.obtained_marks} / ${a.total_marks}`}</td>
                <td className="px-3 py-2">
                  {a.end_reason ?? '—'}
                  {a.rules_violated ? <strong className="block text-danger">rules violated</strong> : null}
                </td>
                <td className="px-3 py-2">
                  {a.violations.length === 0
                    ? 'none'
                    : a.violations.map((v, i) => (
                        <span key={i} className="block">
                          {v.kind} · {formatWhen(v.at)}
                          {v.duration_ms ? ` · ${Math.round(v.duration_ms / 1000)} s` : ''}
                        </span>
                      ))}
                </td>
                <td className="px-3 py-2">{a.captured_question_ids.length === 0 ? 'none' : a.captured_question_ids.map((id) => `Q${questionNumber(id) || `#${id}`}`).join(', ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
