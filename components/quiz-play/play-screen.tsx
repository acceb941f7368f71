'use client';

import { useSelector } from '@xstate/react';
import { PlainImage } from '@/components/ui/plain-image';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from '@/services/client/i18n';
import { selectQuestion, selectSession, selectStep } from '@/components/quiz-play/play-selectors';
import { answerLabel } from '@/components/quiz-play/answer-label';
import { AudioClip, MultiSelectAnswer, SequenceAnswer, WordAnswer } from '@/components/quiz-play/answer-kinds';
import { ContentText } from '@/components/quiz-play/content-text';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TimerBar } from '@/components/ui/timer-bar';
import { PlayExit } from '@/components/quiz-play/play-exit';
import { useImmersive } from '@/components/shell/immersive';
import { useGameSound } from '@/services/client/use-game-sound';
import { ChartColumn, CircleCheck, CircleX, Coins, Flame, SkipForward, SquareSplitHorizontal, Star, TimerOff, TimerReset, type LucideIcon } from 'lucide-react';
import { formatNumber } from '@/services/client/format-number';
import { OptionButton, type OptionStatus } from '@/components/ui/option-button';
import { useFocusOnChange } from '@/components/ui/use-focus-on-change';
import { secondsLeft } from '@/machines/countdown/countdown-format';
import { lifelineRefusal } from '@/machines/lifelines/lifelines.machine';
import type { Feedback, QuizPlayActorRef, QuizPlaySnapshot } from '@/machines/quiz-play/quiz-play.machine';
import type { PlayQuestion } from '@/services/domain/play-session';
import { SCORE_SETTINGS } from '@/services/domain/scoring';

type CountdownRef = NonNullable<QuizPlaySnapshot['children']['countdown']>;
type LifelinesRef = NonNullable<QuizPlaySnapshot['children']['lifelines']>;

const LETTERS = ['A', 'B', 'C', 'D', 'E'];
/** Keys that pick an option by its place: 1–5 and A–E. */
const KEY_TO_POSITION: Readonly<Record<string, number>> = { '1': 0, '2': 1, '3': 2, '4': 3, '5': 4, a: 0, b: 1, c: 2, d: 3, e: 4 };

/** "C. Mars" (or a set, an order, a word): how an answer is named in messages. */
const optionLabel = (question: PlayQuestion, key: string | null): string => answerLabel(question, key) ?? '';

function CountdownFor({ countdownRef, totalMs, label }: { countdownRef: CountdownRef; totalMs: number; label: string }) {
  const remainingMs = useSelector(countdownRef, (s) => s.context.remainingMs);
  return <TimerBar remainingMs={remainingMs} totalMs={totalMs} label={label} />;
}

/** Announces the last five seconds, once per second, with a tick when sound is on. */
function LastSeconds({ countdownRef }: { countdownRef: CountdownRef }) {
  const { t } = useTranslation();
  const seconds = useSelector(countdownRef, (s) => (s.matches('running') ? secondsLeft(s.context.remainingMs) : 0));
  const play = useGameSound();
  useEffect(() => {
    if (seconds > 0 && seconds <= 5) play('tick');
  }, [seconds, play]);
  return seconds > 0 && seconds <= 5 ? <span>{t('play.seconds_left', { seconds })}</span> : null;
}

/** The feedback line; the right answer goes through the page's content renderer (maths mania's LaTeX). */
function FeedbackText({ question, feedback }: { question: PlayQuestion; feedback: Feedback }) {
  const { t } = useTranslation();
  const answer = optionLabel(question, feedback.correctAnswer);
  const key = feedback.timedOut
    ? answer
      ? 'play.feedback.times_up_answer'
      : 'play.feedback.times_up'
    : feedback.correct
      ? 'play.feedback.correct'
      : answer
        ? 'play.feedback.wrong'
        : 'play.feedback.wrong_hidden';
  // The translation places the answer: it is cut there and the answer rendered in between.
  const mark = '\u2063';
  const [before, after] = t(key, { answer: mark }).split(mark);
  return after === undefined ? (
    <>{before}</>
  ) : (
    <>
      {before}
      {/* Its own direction: "C. Thermometer" in an Arabic sentence must not read ".C Thermometer". */}
      <bdi>
        <ContentText text={answer} />
      </bdi>
      {after}
    </>
  );
}

function optionStatus(key: string, step: ReturnType<typeof selectStep>, locked: string | null, feedback: Feedback | null, removed: readonly string[]): OptionStatus {
  if (feedback) {
    if (key === feedback.correctAnswer) return 'right';
    if (key === feedback.answer) return 'wrong';
    return 'muted';
  }
  if (removed.includes(key)) return 'removed';
  if (step === 'submitting') return key === locked ? 'chosen' : 'muted';
  return 'idle';
}

const STATUS_TEXT: Partial<Record<OptionStatus, string>> = {
  chosen: 'play.status.chosen',
  right: 'play.status.right',
  wrong: 'play.status.wrong',
  removed: 'play.status.removed',
};

/** Each lifeline's icon (the text under it names it). */
const LIFELINE_ICONS: Readonly<Record<string, LucideIcon>> = { fifty_fifty: SquareSplitHorizontal, audience_poll: ChartColumn, reset_timer: TimerReset, skip: SkipForward };

function LifelineBar({ actorRef, lifelinesRef, enabled }: { actorRef: QuizPlayActorRef; lifelinesRef: LifelinesRef; enabled: boolean }) {
  const { t } = useTranslation();
  const offers = useSelector(actorRef, (s) => s.context.session?.lifelines ?? []);
  const context = useSelector(lifelinesRef, (s) => s.context);
  return (
    <section aria-labelledby="lifelines-heading" className="flex flex-col gap-1">
      <h2 id="lifelines-heading" className="sr-only">
        {t('play.lifelines')}
      </h2>
      <ul className="grid grid-cols-4 gap-2">
        {offers.map((offer) => {
          const refusal = lifelineRefusal(context, offer.key);
          const status = refusal === null ? 'play.lifeline.available' : refusal === 'lifeline_used' ? 'play.lifeline.used' : 'play.lifeline.unavailable';
          const Icon = LIFELINE_ICONS[offer.key] ?? SkipForward;
          const ready = refusal === null && enabled;
          return (
            <li key={offer.key} className="flex">
              <button
                type="button"
                // Unavailable lifelines stay pressable so that the player hears why (a toast).
                aria-disabled={refusal !== null || !enabled ? true : undefined}
                disabled={!enabled}
                data-lifeline={offer.key}
                onClick={() => actorRef.send({ type: 'user.lifeline', lifeline: offer.key })}
                className={`flex min-h-touch flex-1 flex-col items-center justify-center gap-0.5 rounded-control border-2 px-1 py-1.5 text-center ${
                  ready ? 'border-accent bg-surface text-accent shadow-chunky hover:bg-accent-soft' : 'border-line bg-surface-muted text-fg-muted'
                }`}
              >
                <Icon aria-hidden="true" className="size-6" />
                <span className="text-xs font-semibold leading-tight text-fg">{t(`play.lifeline.${offer.key}`)}</span>
                <span className="sr-only">
                  {t('play.lifeline.cost', { cost: offer.cost, count: offer.cost })}, {t(status)}
                </span>
                <span aria-hidden="true" className={`inline-flex items-center gap-0.5 text-xs font-bold ${refusal === 'lifeline_used' ? 'line-through' : 'text-coin'}`}>
                  <Coins className="size-3" />
                  {offer.cost}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The question screen: top bar, question, options, feedback, lifelines, announcements. */
export function PlayScreen({ actorRef, questionActions, exitHref }: { actorRef: QuizPlayActorRef; questionActions?: (question: PlayQuestion) => ReactNode; exitHref?: string }) {
  const { t, i18n } = useTranslation();
  useImmersive();
  const session = useSelector(actorRef, selectSession);
  const question = useSelector(actorRef, selectQuestion);
  const step = useSelector(actorRef, selectStep);
  const index = useSelector(actorRef, (s) => s.context.index);
  const coins = useSelector(actorRef, (s) => s.context.coins);
  const locked = useSelector(actorRef, (s) => s.context.answer);
  const streak = useSelector(actorRef, (s) => s.context.streak);
  const score = useSelector(actorRef, (s) => s.context.score);
  const play = useGameSound();
  const feedback = useSelector(actorRef, (s) => s.context.feedback);
  const removed = useSelector(actorRef, (s) => s.context.removed);
  const poll = useSelector(actorRef, (s) => s.context.poll);
  const lifelinesEnabled = useSelector(actorRef, (s) => s.context.lifelinesEnabled);
  const countdownRef = useSelector(actorRef, (s) => s.children.countdown);
  const lifelinesRef = useSelector(actorRef, (s) => s.children.lifelines);

  // Keys 1–4 / A–D answer while the question is open. A key listener is an input, not a flow:
  // what a key does is decided by the machine.
  const single = question?.question_type === 'multiple' || question?.question_type === 'boolean';
  const heading = useFocusOnChange<HTMLHeadingElement>(question ? `${index}:${question.id}` : null);
  useEffect(() => {
    if ((step !== 'answering' && step !== 'waitingAudio' && step !== 'startingClock') || !question || !single) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      const target = e.target as HTMLElement | null;
      if (target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))) return;
      const position = KEY_TO_POSITION[e.key.toLowerCase()];
      const option = position === undefined ? undefined : question.options[position];
      if (!option) return;
      e.preventDefault();
      actorRef.send({ type: 'user.answer', key: option.key });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [actorRef, question, step, single]);

  // Right and wrong are heard (and felt) as well as seen, when the player's setting allows.
  const verdict = feedback ? (feedback.correct ? 'right' : 'wrong') : null;
  useEffect(() => {
    if (verdict) play(verdict);
  }, [verdict, index, play]);

  if (!session || !question) return null;
  const total = session.questions.length;
  const totalMs = (session.total_time ?? session.time_per_question ?? 0) * 1000;
  // Answers are taken while the question is open, and while an audio question waits for its clip
  // or for the server to start its clock.
  const answering = step === 'answering' || step === 'waitingAudio' || step === 'startingClock';
  const area = { actorRef, question, open: answering, locked, feedback };
  // Practice modes (bookmarks, fun and learn) score nothing: no score to show.
  const scored = SCORE_SETTINGS[session.mode] !== null;

  return (
    <div data-play-screen className={`flex flex-col gap-3 ${feedback ? 'pb-44' : ''}`}>
      {/* One progress signal (the question's number) beside the clock below; the running score, the streak and the coins at the end. */}
      <header className="flex items-center gap-2">
        <PlayExit href={exitHref} />
        <span className="min-w-0 flex-1 truncate font-display text-base font-bold">{t('play.question_of', { n: index + 1, total })}</span>
        {streak >= 2 ? (
          <span data-streak={streak} className="inline-flex shrink-0 items-center gap-0.5 rounded-full bg-coin-soft px-2 py-1 font-display font-bold text-streak motion-safe:animate-pop" key={streak}>
            <Flame aria-hidden="true" className="size-4 fill-current" />
            <span aria-hidden="true" className="tabular-nums">
              {formatNumber(streak, i18n.language)}
            </span>
            <span className="sr-only">{t('play.streak', { count: streak })}</span>
          </span>
        ) : null}
        {scored ? (
          <span data-play-score={score} className="inline-flex shrink-0 items-center gap-1 rounded-full bg-accent-soft px-2.5 py-1 font-display font-bold text-accent">
            <Star aria-hidden="true" className="size-4 fill-current" />
            <span aria-hidden="true" className="tabular-nums">
              {formatNumber(score, i18n.language)}
            </span>
            <span className="sr-only">{t('play.score_so_far', { score: formatNumber(score, i18n.language) })}</span>
          </span>
        ) : null}
        {coins !== null ? (
          <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-coin-soft px-2.5 py-1 font-display font-bold text-coin">
            <Coins aria-hidden="true" className="size-4" />
            <span className="sr-only">{t('play.coins', { coins })}</span>
            <span aria-hidden="true" className="tabular-nums">{formatNumber(coins, i18n.language)}</span>
          </span>
        ) : null}
      </header>
      {countdownRef ? <CountdownFor countdownRef={countdownRef} totalMs={totalMs} label={t('play.time_left')} /> : null}

      <Card as="section" aria-labelledby="question-text" className="relative flex flex-col gap-3">
        {feedback && feedback.points !== null && feedback.points !== 0 ? (
          // The points the answer won or lost rise and fade over the line (the feedback says it in words).
          <span
            key={`points-${index}`}
            aria-hidden="true"
            data-points={feedback.points}
            className={`pointer-events-none absolute inset-x-0 -top-4 z-10 mx-auto w-fit rounded-full px-3 py-1 font-display text-2xl font-bold text-white shadow-raised motion-safe:animate-rise ${feedback.points > 0 ? 'bg-tone-green' : 'bg-tone-rose'}`}
          >
            {feedback.points > 0 ? `+${formatNumber(feedback.points, i18n.language)}` : formatNumber(feedback.points, i18n.language)}
          </span>
        ) : null}
        <h1 id="question-text" ref={heading} tabIndex={-1} dir="auto" className="font-sans text-lg font-bold leading-snug outline-none sm:text-xl">
          <ContentText text={question.question} />
        </h1>
        {question.image ? (
          <PlainImage src={question.image} alt={t('play.question_image')} width={640} height={360} className="h-auto max-h-64 w-full rounded-control object-contain" />
        ) : null}
        {question.audio ? <AudioClip key={`audio-${question.id}`} actorRef={actorRef} question={question} /> : null}
        {step === 'waitingAudio' ? <p className="text-sm text-fg-muted">{t('play.audio.waiting')}</p> : null}
        {/* Keyed by question: a control's own state (e.g. a dialog) never carries over to the next one. Quiet icons at the end. */}
        {questionActions ? (
          <div key={question.id} className="-mb-2 -me-2 flex justify-end gap-1">
            {questionActions(question)}
          </div>
        ) : null}
      </Card>

      {question.question_type === 'multiselect' ? (
        <MultiSelectAnswer key={question.id} {...area} />
      ) : question.question_type === 'sequence' ? (
        <SequenceAnswer key={question.id} {...area} />
      ) : question.question_type === 'word' && question.word ? (
        <WordAnswer key={question.id} {...area} />
      ) : (
      <section aria-label={t('play.options')} aria-busy={step === 'lifeline' || step === 'submitting'} className="flex flex-col gap-2">
        <p className="sr-only">{t('play.keys_hint')}</p>
        {question.options.map((option, position) => {
          const status = optionStatus(option.key, step, locked, feedback, removed);
          const statusKey = STATUS_TEXT[status];
          return (
            <OptionButton
              key={option.key}
              letter={LETTERS[position] ?? option.key.toUpperCase()}
              text={<ContentText text={option.text} />}
              status={status}
              statusText={statusKey ? t(statusKey) : undefined}
              percent={poll && !feedback ? (poll[option.key] ?? 0) : null}
              disabled={!answering || status === 'removed'}
              onClick={() => actorRef.send({ type: 'user.answer', key: option.key })}
            />
          );
        })}
      </section>
      )}

      {step === 'submitting' ? <p className="text-center text-fg-muted">{t('play.sending')}</p> : null}

      {feedback ? (
        // Fixed at the bottom, so that the question, its options and Next share one screen.
        <div
          data-feedback={feedback.correct ? 'right' : 'wrong'}
          className={`fixed inset-x-0 bottom-0 z-20 border-t-4 pb-[env(safe-area-inset-bottom)] shadow-raised motion-safe:animate-pop ${feedback.correct ? 'border-success bg-success-soft' : 'border-danger bg-danger-soft'}`}
        >
          <div className="mx-auto flex w-full max-w-3xl flex-col gap-3 px-4 py-3">
            <p className={`flex items-center gap-2 font-display text-lg font-bold leading-snug ${feedback.correct ? 'text-success' : 'text-danger'}`}>
              {feedback.correct ? <CircleCheck aria-hidden="true" className="size-7 shrink-0" /> : feedback.timedOut ? <TimerOff aria-hidden="true" className="size-7 shrink-0" /> : <CircleX aria-hidden="true" className="size-7 shrink-0" />}
              <span className="text-fg">
                <FeedbackText question={question} feedback={feedback} />
              </span>
            </p>
            <Button autoFocus className="w-full shadow-chunky" onClick={() => actorRef.send({ type: 'user.next' })}>
              {feedback.finished ? t('play.see_result') : t('play.next')}
            </Button>
          </div>
        </div>
      ) : null}

      {lifelinesEnabled && session.lifelines.length > 0 && lifelinesRef ? <LifelineBar actorRef={actorRef} lifelinesRef={lifelinesRef} enabled={answering} /> : null}

      <div aria-live="polite" className="sr-only">
        {feedback ? <FeedbackText question={question} feedback={feedback} /> : countdownRef && (answering || step === 'lifeline') ? <LastSeconds countdownRef={countdownRef} /> : null}
      </div>
    </div>
  );
}
