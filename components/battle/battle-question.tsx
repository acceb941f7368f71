'use client';

import { useSelector } from '@xstate/react';
import { PlainImage } from '@/components/ui/plain-image';
import { useEffect } from 'react';
import { useTranslation } from '@/services/client/i18n';
import { BattleCountdown, LastSeconds } from '@/components/battle/battle-countdown';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { ProgressBar } from '@/components/ui/progress-bar';
import { useFocusOnChange } from '@/components/ui/use-focus-on-change';
import { OptionButton, type OptionStatus } from '@/components/ui/option-button';
import type { BattlePlayActorRef, BattlePlaySnapshot } from '@/machines/battle-play/battle-play.machine';
import { answerOf, revealedQuestion } from '@/machines/battle-play/battle-room';
import { currentQuestion, type RoomDocument, type RoomQuestion } from '@/services/domain/rooms';

const LETTERS = ['A', 'B', 'C', 'D', 'E'];
/** Keys that pick an option by its place: 1–5 and A–E. */
const KEY_TO_POSITION: Readonly<Record<string, number>> = { '1': 0, '2': 1, '3': 2, '4': 3, '5': 4, a: 0, b: 1, c: 2, d: 3, e: 4 };

export type PlayStepName = 'question' | 'submitting' | 'answered' | 'timeUp' | 'reveal';

/** Where the play child stands, by its state. */
export function selectPlayStep(s: BattlePlaySnapshot): PlayStepName {
  if (s.matches({ round: 'submitting' })) return 'submitting';
  if (s.matches({ round: 'answered' })) return 'answered';
  if (s.matches('timeUp')) return 'timeUp';
  if (s.matches('reveal') || s.matches('route')) return 'reveal';
  return 'question';
}

const optionLabel = (question: RoomQuestion, key: string | null) => {
  const position = question.options.findIndex((o) => o.key === key);
  return position < 0 ? '' : `${LETTERS[position] ?? ''}. ${question.options[position]!.text}`;
};

function statusOf(key: string, step: PlayStepName, question: RoomQuestion, mine: string | null): OptionStatus {
  if (step === 'reveal') {
    if (key === question.correct_answer) return 'right';
    return key === mine ? 'wrong' : 'muted';
  }
  if (step === 'question') return 'idle';
  return key === mine ? 'chosen' : 'muted';
}

const STATUS_TEXT: Partial<Record<OptionStatus, string>> = { chosen: 'play.status.chosen', right: 'play.status.right', wrong: 'play.status.wrong' };

/** Who picked an option of a closed question, by name. */
function pickedBy(doc: RoomDocument, question: RoomQuestion, key: string): string[] {
  return question.answers.filter((a) => a.answer === key).map((a) => doc.players.find((p) => p.user_id === a.user_id)?.name ?? '');
}

/**
 * The question of a battle, as the play child holds it: the open question with its clock and big
 * option buttons (keys 1–4 / A–D), the answer locked while it is sent, "waiting for the others",
 * "time's up", and the reveal: the right answer and everyone's picks. The result of each question
 * and the last seconds are announced in a live region.
 */
export function BattleQuestion({ playRef, onAnswer }: { playRef: BattlePlayActorRef; onAnswer: (key: string) => void }) {
  const { t } = useTranslation();
  const step = useSelector(playRef, selectPlayStep);
  const doc = useSelector(playRef, (s) => s.context.doc);
  const userId = useSelector(playRef, (s) => s.context.userId);
  const locked = useSelector(playRef, (s) => (s.context.answerIndex === currentQuestion(s.context.doc)?.index ? s.context.answer : null));
  const submitError = useSelector(playRef, (s) => s.context.submitError);
  const countdownRef = useSelector(playRef, (s) => s.children.countdown);

  const open = currentQuestion(doc);
  const shown = step === 'reveal' ? revealedQuestion(doc) : open;
  // A new question takes the focus; its reveal does not (the answer is announced).
  const heading = useFocusOnChange<HTMLHeadingElement>(open ? open.index : null);

  useEffect(() => {
    if (step !== 'question' || !open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      const target = e.target as HTMLElement | null;
      if (target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))) return;
      const position = KEY_TO_POSITION[e.key.toLowerCase()];
      const option = position === undefined ? undefined : open.options[position];
      if (!option) return;
      e.preventDefault();
      onAnswer(option.key);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onAnswer, open, step]);

  if (!shown) {
    return (
      <Card as="section" className="flex flex-col items-center gap-2 py-10 text-center">
        <p role="status" className="text-lg font-semibold">
          {t('battle.get_ready')}
        </p>
      </Card>
    );
  }

  const mine = step === 'reveal' ? (answerOf(shown, userId)?.answer ?? null) : locked;
  const announcement =
    step === 'reveal'
      ? t('battle.reveal.right_answer', { answer: optionLabel(shown, shown.correct_answer) })
      : step === 'timeUp'
        ? t('play.feedback.times_up')
        : null;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center gap-3">
        <span className="flex-1 font-semibold">{t('play.question_of', { n: shown.index + 1, total: doc.no_of_que })}</span>
        {countdownRef && step !== 'reveal' && step !== 'timeUp' ? <BattleCountdown countdownRef={countdownRef} totalMs={doc.seconds_per_question * 1000} /> : null}
      </div>
      <ProgressBar
        value={shown.index + 1}
        max={doc.no_of_que}
        label={t('play.progress_label')}
        valueText={t('play.question_of', { n: shown.index + 1, total: doc.no_of_que })}
      />

      <Card as="section" aria-labelledby="battle-question-text" className="flex flex-col gap-3">
        <h2 id="battle-question-text" ref={heading} tabIndex={-1} dir="auto" className="text-xl font-bold leading-snug outline-none">
          {shown.question}
        </h2>
        {shown.image ? (
          <PlainImage src={shown.image} alt={t('play.question_image')} width={640} height={360} className="h-auto max-h-64 w-full rounded-control object-contain" />
        ) : null}
      </Card>

      <section aria-label={t('play.options')} aria-busy={step === 'submitting'} className="flex flex-col gap-2">
        <p className="sr-only">{t('play.keys_hint')}</p>
        {shown.options.map((option, position) => {
          const status = statusOf(option.key, step, shown, mine);
          const statusKey = STATUS_TEXT[status];
          const names = step === 'reveal' ? pickedBy(doc, shown, option.key) : [];
          return (
            <div key={option.key} className="flex flex-col gap-1">
              <OptionButton
                letter={LETTERS[position] ?? option.key.toUpperCase()}
                text={option.text}
                status={status}
                statusText={statusKey ? t(statusKey) : undefined}
                disabled={step !== 'question'}
                onClick={() => onAnswer(option.key)}
              />
              {names.length ? <p className="ps-4 text-sm text-fg-muted">{t('battle.reveal.picked_by', { names: names.join(', ') })}</p> : null}
            </div>
          );
        })}
      </section>

      {step === 'submitting' ? <p className="text-center text-fg-muted">{t('play.sending')}</p> : null}
      {step === 'answered' ? <p className="text-center font-semibold">{t('battle.waiting_others')}</p> : null}
      {step === 'timeUp' ? <p className="text-center font-semibold text-danger">{t('play.feedback.times_up')}</p> : null}
      {step === 'reveal' ? <p className="text-center text-fg-muted">{doc.current_index < doc.no_of_que ? t('battle.reveal.next') : t('battle.reveal.last')}</p> : null}
      {step === 'question' && submitError ? <Alert>{t('battle.submit_failed')}</Alert> : null}

      <div aria-live="polite" className="sr-only">
        {announcement ?? (countdownRef && step === 'question' ? <LastSeconds countdownRef={countdownRef} /> : null)}
      </div>
    </div>
  );
}
