'use client';

import { useActorRef, useSelector } from '@xstate/react';
import { CalendarClock, CircleCheck, CircleX, KeyRound, MessageCircleHeart, Play, RotateCcw, Timer, TimerOff, Trophy, WifiOff } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { QuestionAnswer, SecondsLeft } from '@/components/live/answer-inputs';
import { formatDateTime } from '@/components/profile/format';
import { PlayExit } from '@/components/quiz-play/play-exit';
import { useImmersive } from '@/components/shell/immersive';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import type { AssignmentContext, AssignmentEvent } from '@/machines/assignment/assignment.machine';
import { createAssignmentMachine, storedAssignmentSeat } from '@/services/client/assignment-services';
import { machineInspector } from '@/services/client/machine-inspector';
import { useTranslation } from '@/services/client/i18n';
import { useGameSound } from '@/services/client/use-game-sound';
import { showResumeCode, type AssignmentFeedback, type AssignmentPupilView } from '@/services/domain/assignments';
import { LIVE_NICKNAME_MAX } from '@/services/domain/live';
import { isUngraded } from '@/services/domain/live-kinds';
import { answerText } from '@/services/domain/live-report';
import { messageKeyFor } from '@/services/domain/code-messages';
import { selectUser } from '@/services/store/selectors';
import { useAppSelector } from '@/services/store/hooks';

/**
 * /live/assignment/: a pupil's screen in a self-paced assignment (docs/live.md, "Assignments").
 * The PIN (from the link or QR code when there is one), a nickname, "join as me" or the resume
 * code from another device, then the assignment as the server's view says. Thin: everything is
 * the pupil's machine (machines/assignment); this draws its state, counts the seconds down from
 * the server's deadline and measures how long the question was on screen.
 */
export function AssignmentPage({ pin }: { pin?: string }) {
  const user = useAppSelector(selectUser);
  const [logic] = useState(() => createAssignmentMachine());
  const [input] = useState(() => {
    const seat = storedAssignmentSeat();
    const mine = seat && (!pin || seat.pin === pin) ? seat : null;
    return { ...(pin ? { pin } : mine ? { pin: mine.pin } : {}), name: user.isLogin ? (user.data?.name ?? null) : null, ...(mine ? { assignmentId: mine.assignmentId, token: mine.token } : {}) };
  });
  const actor = useActorRef(logic, { input, inspect: machineInspector() });
  const value = useSelector(actor, (s) => s.value);
  const context = useSelector(actor, (s) => s.context);
  const state = typeof value === 'string' ? value : `seated.${(value as { seated: string }).seated}`;
  const send = useCallback((e: AssignmentEvent) => actor.send(e), [actor]);
  const playing = state === 'seated.answering' || state === 'seated.sending' || state === 'seated.feedback';
  useImmersive(playing);
  return (
    <main className={`mx-auto flex w-full max-w-md flex-col gap-4 px-4 py-4 ${playing ? 'min-h-dvh' : 'min-h-[calc(100dvh-9rem)]'}`} data-assignment-phase={state}>
      <AssignmentScreen state={state} context={context} send={send} />
    </main>
  );
}

type Send = (event: AssignmentEvent) => void;

/** The server's time now, from the offset the last view gave (its `now` against this device's clock when it came). */
function useServerClock(view: AssignmentPupilView | null) {
  const offset = useRef(0);
  useEffect(() => {
    if (view) offset.current = view.now - Date.now();
  }, [view]);
  // One function for the component's life: the countdown's timers are not set again on every render.
  return useCallback(() => Date.now() + offset.current, []);
}

function AssignmentScreen({ state, context, send }: { state: string; context: AssignmentContext; send: Send }) {
  const { t, i18n } = useTranslation();
  const error = context.error ? <Alert>{t(errorKey(context.error))}</Alert> : null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'user.submit' });
  };
  const when = (ms: number) => formatDateTime(new Date(ms).toISOString(), i18n.language);

  if (state === 'start' || state === 'checking' || state === 'joining' || state === 'joiningAsMe' || state === 'resuming' || state === 'loading' || state === 'seated.starting') {
    return (
      <div role="status" className="flex flex-1 flex-col items-center justify-center gap-3">
        <Spinner />
        <p className="text-lg font-semibold">{t('assignment.loading')}</p>
      </div>
    );
  }

  if (state === 'pin') {
    return (
      <form onSubmit={submit} className="flex flex-1 flex-col justify-center gap-4" noValidate>
        <h1 className="text-center font-display text-3xl font-bold">{t('assignment.join_title')}</h1>
        <p className="text-center text-fg-muted">{t('assignment.join_body')}</p>
        <label htmlFor="assignment-pin" className="sr-only">
          {t('live.pin')}
        </label>
        <input
          id="assignment-pin"
          inputMode="numeric"
          autoComplete="off"
          placeholder={t('live.pin')}
          value={context.pin}
          onChange={(e) => send({ type: 'user.pin', pin: e.target.value })}
          aria-invalid={context.error ? true : undefined}
          className="min-h-touch rounded-control border-2 border-line-strong bg-surface px-4 py-3 text-center font-display text-3xl font-bold tracking-[0.3em] tabular-nums"
        />
        {error}
        <Button type="submit" className="text-lg">
          {t('live.enter')}
        </Button>
      </form>
    );
  }

  if (state === 'nickname') {
    const entry = context.entry;
    return (
      <form onSubmit={submit} className="flex flex-1 flex-col justify-center gap-4" noValidate>
        {entry ? (
          <div className="rounded-card border-2 border-line bg-surface p-4">
            <h1 dir="auto" className="font-display text-2xl font-bold">
              {entry.title}
            </h1>
            <p className="text-fg-muted">
              {t('assignment.from', { host: entry.host })} · {t('assignment.questions', { count: entry.question_count })}
            </p>
            <p className="mt-1 flex items-center gap-2 font-semibold">
              <CalendarClock aria-hidden="true" className="size-5 shrink-0" />
              {t('assignment.closes', { when: when(entry.closes_at) })}
            </p>
          </div>
        ) : null}
        <TextField id="assignment-nickname" label={t('live.nickname')} value={context.nickname} maxLength={LIVE_NICKNAME_MAX} autoComplete="nickname" onChange={(e) => send({ type: 'user.nickname', nickname: e.target.value })} />
        {error}
        <Button type="submit" className="text-lg">
          {t('live.join')}
        </Button>
        {context.name ? (
          <Button variant="secondary" onClick={() => send({ type: 'user.join_as_me' })}>
            {t('live.join_as', { name: context.name })}
          </Button>
        ) : null}
        <Button variant="secondary" onClick={() => send({ type: 'user.resume' })}>
          <KeyRound aria-hidden="true" className="size-5" />
          {t('assignment.resume')}
        </Button>
        <Button variant="ghost" onClick={() => send({ type: 'user.back' })}>
          {t('live.other_pin')}
        </Button>
      </form>
    );
  }

  if (state === 'code') {
    return (
      <form onSubmit={submit} className="flex flex-1 flex-col justify-center gap-4" noValidate>
        <h1 className="text-center font-display text-2xl font-bold">{t('assignment.resume_title')}</h1>
        <p className="text-center text-fg-muted">{t('assignment.resume_body')}</p>
        <TextField
          id="assignment-code"
          label={t('assignment.code')}
          value={context.code}
          maxLength={12}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          onChange={(e) => send({ type: 'user.code', code: e.target.value })}
          className="[&_input]:text-center [&_input]:font-display [&_input]:text-2xl [&_input]:font-bold [&_input]:tracking-widest"
        />
        {error}
        <Button type="submit" className="text-lg">
          {t('assignment.continue')}
        </Button>
        <Button variant="ghost" onClick={() => send({ type: 'user.back' })}>
          {t('assignment.back')}
        </Button>
      </form>
    );
  }

  if (state === 'offline') {
    return (
      <div role="status" className="flex flex-1 flex-col items-center justify-center gap-4 text-center">
        <WifiOff aria-hidden="true" className="size-12 text-fg-muted" />
        <p className="font-display text-2xl font-bold">{t('assignment.offline')}</p>
        <p className="text-lg text-fg-muted">{t('assignment.offline_body')}</p>
        {error}
        <Button onClick={() => send({ type: 'user.refresh' })}>{t('assignment.try_again')}</Button>
      </div>
    );
  }

  const view = context.view!;
  return <Seated state={state} view={view} context={context} send={send} error={error} when={when} />;
}

function Seated({ state, view, context, send, error, when }: { state: string; view: AssignmentPupilView; context: AssignmentContext; send: Send; error: ReactNode; when: (ms: number) => string }) {
  const { t } = useTranslation();
  const serverNow = useServerClock(view);
  const q = view.question;
  const header = (
    <div className="flex items-center justify-between gap-2 text-sm font-semibold">
      <PlayExit href="/" message={t('assignment.exit_message')} />
      <span dir="auto" className="min-w-0 flex-1 truncate">
        {view.pupil.nickname}
      </span>
      {q ? <span className="tabular-nums">{t('live.question_of', { n: q.position + 1, total: q.count })}</span> : null}
    </div>
  );
  const code = (
    <p className="rounded-card bg-accent-soft p-3 text-center" data-resume-code={view.pupil.resume_code}>
      {t('assignment.your_code')}{' '}
      <span dir="ltr" className="font-display text-xl font-bold tracking-widest">
        {showResumeCode(view.pupil.resume_code)}
      </span>
      <span className="block text-sm text-fg-muted">{t('assignment.your_code_body')}</span>
    </p>
  );
  const title = (
    <div className="flex flex-col gap-1">
      <h1 dir="auto" className="font-display text-2xl font-bold">
        {view.assignment.title}
      </h1>
      <p className="text-fg-muted">
        {t('assignment.from', { host: view.assignment.host })} · {t('assignment.questions', { count: view.assignment.question_count })}
      </p>
    </div>
  );

  switch (state) {
    case 'seated.scheduled':
      return (
        <>
          {title}
          <OpensSoon opensAt={view.assignment.opens_at} serverNow={serverNow} send={send} when={when} />
          {code}
        </>
      );
    case 'seated.ready': {
      const again = view.attempts_used > 0;
      return (
        <>
          {title}
          {again ? <Results view={view} when={when} /> : null}
          <ul className="flex flex-col gap-3 rounded-card border-2 border-line bg-surface p-4 text-lg">
            <li className="flex items-center gap-3">
              {view.assignment.timer === 'none' ? <TimerOff aria-hidden="true" className="size-6 shrink-0 text-accent" /> : <Timer aria-hidden="true" className="size-6 shrink-0 text-accent" />}
              {view.assignment.timer === 'none' ? t('assignment.no_clock') : t('assignment.clock')}
            </li>
            <li className="flex items-center gap-3">
              <RotateCcw aria-hidden="true" className="size-6 shrink-0 text-accent" />
              {t('assignment.attempts_left', { count: view.assignment.attempts - view.attempts_used })}
            </li>
            <li className="flex items-center gap-3">
              <CalendarClock aria-hidden="true" className="size-6 shrink-0 text-accent" />
              {t('assignment.closes', { when: when(view.assignment.closes_at) })}
            </li>
          </ul>
          {error}
          <Button className="min-h-14 text-xl" onClick={() => send({ type: 'user.start' })}>
            <Play aria-hidden="true" className="size-6" />
            {again ? t('assignment.start_again', { n: view.attempts_used + 1, count: view.assignment.attempts }) : t('assignment.start')}
          </Button>
          {code}
        </>
      );
    }
    case 'seated.answering':
    case 'seated.sending':
      return (
        <>
          {header}
          <Answering key={`${view.attempt?.number}:${q!.position}`} view={view} context={context} sending={state === 'seated.sending'} serverNow={serverNow} send={send} />
          {error}
        </>
      );
    case 'seated.feedback':
      return (
        <>
          {header}
          <Feedback last={view.last!} />
          <Button className="text-lg" onClick={() => send({ type: 'user.next' })}>
            {view.attempt?.finished ? t('assignment.see_results') : t('assignment.next')}
          </Button>
        </>
      );
    case 'seated.finished':
      return (
        <>
          {title}
          <Results view={view} when={when} />
          {view.assignment.status === 'closed' ? <p className="text-center text-fg-muted">{t('codes.assignment_closed')}</p> : null}
        </>
      );
    case 'seated.closed':
      return (
        <>
          {title}
          <div role="status" className="flex flex-col items-center gap-3 py-8 text-center">
            <TimerOff aria-hidden="true" className="size-12 text-fg-muted" />
            <p className="font-display text-2xl font-bold">{t('codes.assignment_closed')}</p>
          </div>
        </>
      );
    default:
      return null;
  }
}

/** Before the opening: when it opens, and the screen asks the server again at that moment. */
function OpensSoon({ opensAt, serverNow, send, when }: { opensAt: number; serverNow: () => number; send: Send; when: (ms: number) => string }) {
  const { t } = useTranslation();
  useEffect(() => {
    const wait = Math.max(0, opensAt - serverNow()) + 250;
    // Past a day, a timer would not fire on time (nor would the tab stay open): the pupil comes back.
    if (wait > 86_400_000) return;
    const id = window.setTimeout(() => send({ type: 'user.refresh' }), wait);
    return () => window.clearTimeout(id);
  }, [opensAt, serverNow, send]);
  return (
    <div role="status" className="flex flex-col items-center gap-3 py-8 text-center">
      <CalendarClock aria-hidden="true" className="size-12 text-accent" />
      <p className="font-display text-2xl font-bold">{t('assignment.opens', { when: when(opensAt) })}</p>
      <p className="text-lg text-fg-muted">{t('assignment.opens_body')}</p>
    </div>
  );
}

/** A question with its countdown from the server's deadline; the time on screen goes with the answer. */
function Answering({ view, context, sending, serverNow, send }: { view: AssignmentPupilView; context: AssignmentContext; sending: boolean; serverNow: () => number; send: Send }) {
  const q = view.question!;
  // When this question came on screen (the component is keyed by the question: mounted once per question).
  const shownAt = useRef(0);
  useEffect(() => {
    shownAt.current = performance.now();
  }, []);
  const [now, setNow] = useState(() => serverNow());
  useEffect(() => {
    if (q.deadline_at === 0) return;
    const id = window.setInterval(() => setNow(serverNow()), 250);
    return () => window.clearInterval(id);
  }, [q.deadline_at, serverNow]);
  const timed = q.deadline_at > 0;
  const left = timed ? Math.max(0, Math.ceil((q.deadline_at - now) / 1000)) : null;
  const expired = timed && now >= q.deadline_at;
  useEffect(() => {
    if (expired && !sending) send({ type: 'timer.expired' });
  }, [expired, sending, send]);
  return (
    <QuestionAnswer
      question={q}
      clock={<SecondsLeft left={left} />}
      sending={sending}
      pick={context.pick}
      onAnswer={(answer) => send({ type: 'user.answer', answer, screenMs: Math.round(performance.now() - shownAt.current) })}
    />
  );
}

/** What the answer earned, with the weight of the play screen's feedback. */
function Feedback({ last }: { last: AssignmentFeedback }) {
  const { t } = useTranslation();
  const play = useGameSound();
  const ungraded = isUngraded(last.type);
  const verdict = last.answer === '' ? 'none' : ungraded ? 'counted' : last.correct ? 'right' : 'wrong';
  useEffect(() => {
    if (verdict === 'right' || verdict === 'wrong') play(verdict);
  }, [verdict, play]);
  const Icon = verdict === 'right' ? CircleCheck : verdict === 'wrong' ? CircleX : verdict === 'counted' ? MessageCircleHeart : TimerOff;
  const won = (last.points ?? 0) + (last.bonus ?? 0);
  const right = last.right_answer ? answerText(last, last.right_answer) : '';
  return (
    <div
      role="status"
      data-assignment-result={verdict}
      className={`flex flex-1 flex-col items-center justify-center gap-3 rounded-card p-6 text-center text-on-accent motion-safe:animate-[pop_240ms_ease-out] ${verdict === 'right' ? 'bg-success' : verdict === 'wrong' || verdict === 'none' ? 'bg-danger' : 'bg-accent'}`}
    >
      <Icon aria-hidden="true" strokeWidth={2.5} className="size-28" />
      <p className="font-display text-4xl font-bold">{t(verdict === 'right' ? 'live.right' : verdict === 'wrong' ? 'live.wrong' : verdict === 'counted' ? 'live.counted' : 'live.no_answer')}</p>
      {!ungraded ? (
        <p className="rounded-full bg-black/20 px-5 py-2 font-display text-2xl font-bold tabular-nums">
          {t('live.points_won', { count: won })}
        </p>
      ) : null}
      {verdict !== 'right' && right ? (
        <p className="text-lg">
          {t('live.right_answer_lead')} <bdi className="font-semibold">{right}</bdi>
        </p>
      ) : null}
    </div>
  );
}

/** An attempt's results: the score and each answer when the assignment shows them, else when they will be shown. */
function Results({ view, when }: { view: AssignmentPupilView; when: (ms: number) => string }) {
  const { t } = useTranslation();
  const attempt = view.attempt;
  if (!attempt) return null;
  if (attempt.score === null) {
    return (
      <div role="status" className="flex flex-col items-center gap-2 rounded-card border-2 border-line bg-surface p-5 text-center">
        <CircleCheck aria-hidden="true" className="size-10 text-success" />
        <p className="font-display text-xl font-bold">{t('assignment.handed_in')}</p>
        <p className="text-fg-muted">{view.assignment.show_answers === 'after_close' ? t('assignment.results_after', { when: when(view.assignment.closes_at) }) : t('assignment.results_end')}</p>
      </div>
    );
  }
  return (
    <section aria-labelledby="assignment-results" className="flex flex-col gap-3">
      <div className="flex flex-col items-center gap-1 rounded-card bg-accent p-5 text-center text-on-accent">
        <Trophy aria-hidden="true" className="size-10" />
        <h2 id="assignment-results" className="font-display text-3xl font-bold tabular-nums" data-assignment-score={attempt.score}>
          {t('live.points', { count: attempt.score })}
        </h2>
        <p className="text-lg">{t('assignment.right_of', { n: attempt.correct ?? 0, count: view.assignment.question_count })}</p>
        {view.best_score !== null && view.attempts_used > 1 ? <p className="font-semibold">{t('assignment.best', { count: view.best_score })}</p> : null}
      </div>
      {view.review.length > 0 ? (
        <ol className="flex flex-col gap-2">
          {view.review.map((r) => (
            <li key={r.position} className="flex items-start gap-2 rounded-card border-2 border-line bg-surface p-3">
              {isUngraded(r.type) ? <MessageCircleHeart aria-label={t('live.counted')} className="mt-0.5 size-5 shrink-0 text-accent" /> : r.correct ? <CircleCheck aria-label={t('live.right')} className="mt-0.5 size-5 shrink-0 text-success" /> : <CircleX aria-label={t('live.wrong')} className="mt-0.5 size-5 shrink-0 text-danger" />}
              <div className="min-w-0 flex-1">
                <p dir="auto" className="font-semibold">
                  {r.text}
                </p>
                <p className="text-sm text-fg-muted">
                  {t('live.your_answer')} <bdi>{r.answer ? answerText(r, r.answer) : t('live.no_answer')}</bdi>
                  {!isUngraded(r.type) && !r.correct && r.right_answer ? (
                    <>
                      {' · '}
                      {t('live.right_answer_lead')} <bdi className="font-semibold">{answerText(r, r.right_answer)}</bdi>
                    </>
                  ) : null}
                </p>
              </div>
              {!isUngraded(r.type) ? <span className="shrink-0 font-bold tabular-nums">{(r.points ?? 0) + (r.bonus ?? 0)}</span> : null}
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}

/** The interface text of a refusal the pupil's screen shows. */
function errorKey(code: string): string {
  if (code === 'pin_required') return 'live.pin_required';
  if (code === 'nickname_invalid') return 'live.nickname_invalid';
  if (code === 'code_invalid') return 'assignment.code_invalid';
  if (code === 'network') return 'live.network';
  return messageKeyFor(code);
}
