'use client';

import { useMachine, useSelector } from '@xstate/react';
import { machineInspector } from '@/services/client/machine-inspector';
import { useEffect, useRef, useState, type DragEvent, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { useTranslation } from '@/services/client/i18n';
import { ContentText } from '@/components/quiz-play/content-text';
import { ChevronDown, ChevronUp, Delete, Eraser, GripVertical, Lightbulb, Pause, Play, RotateCcw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { OptionButton, type OptionStatus } from '@/components/ui/option-button';
import type { Feedback, QuizPlayActorRef } from '@/machines/quiz-play/quiz-play.machine';
import { sequenceAnswer, sequenceOrderMachine, type SequenceAnnouncement } from '@/machines/sequence-order/sequence-order.machine';
import { enteredLetters, wordEntry, wordEntryMachine } from '@/machines/word-entry/word-entry.machine';
import { messageKeyFor } from '@/services/domain/code-messages';
import type { PlayQuestion } from '@/services/domain/play-session';

/**
 * The answer areas of the question kinds that are not one option letter (multi select, sequence,
 * guess the word) and the audio clip of audio questions. Each is keyed by its question (a fresh
 * state per question); what it builds is sent to the play machine as one `user.answer`.
 */

const LETTERS = ['A', 'B', 'C', 'D', 'E'];

export interface AnswerAreaProps {
  actorRef: QuizPlayActorRef;
  question: PlayQuestion;
  /** The player may answer now. */
  open: boolean;
  /** The answer sent, while it is checked and after. */
  locked: string | null;
  feedback: Feedback | null;
}

const ignoreKeysOf = (target: EventTarget | null) => {
  const el = target as HTMLElement | null;
  return !!el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));
};

/** Multi select: toggle the options, then submit the set. Keys 1–5 toggle, Enter submits. */
export function MultiSelectAnswer({ actorRef, question, open, locked, feedback }: AnswerAreaProps) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string[]>([]);
  const sent = (feedback?.answer ?? locked ?? '').split(',').filter(Boolean);
  const right = new Set((feedback?.correctAnswer ?? '').split(',').filter(Boolean));
  const toggle = (key: string) => setChosen((c) => (c.includes(key) ? c.filter((k) => k !== key) : [...c, key]));
  const submit = () => chosen.length > 0 && actorRef.send({ type: 'user.answer', key: chosen.join(',') });

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey || ignoreKeysOf(e.target)) return;
      const position = Number(e.key) - 1;
      const option = Number.isInteger(position) ? question.options[position] : undefined;
      if (option) {
        e.preventDefault();
        toggle(option.key);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, question]);

  const status = (key: string): OptionStatus => {
    if (feedback) return right.has(key) ? 'right' : sent.includes(key) ? 'wrong' : 'muted';
    if (locked !== null) return sent.includes(key) ? 'chosen' : 'muted';
    return chosen.includes(key) ? 'chosen' : 'idle';
  };
  const statusText = (s: OptionStatus) =>
    s === 'right' ? t('play.status.right') : s === 'wrong' ? t('play.status.wrong') : s === 'chosen' ? t(locked !== null ? 'play.status.chosen' : 'play.status.selected') : undefined;

  return (
    <section aria-label={t('play.options')} className="flex flex-col gap-2">
      <p className="text-sm font-semibold text-fg-muted">
        {question.pick ? t('play.multiselect.pick', { count: question.pick }) : t('play.multiselect.hint')}{' '}
        {/* The keys are told to keyboard players (and screen readers), not shown on a touch screen. */}
        <span className="sr-only in-data-[input=keyboard]:not-sr-only">{t('play.multiselect.keys')}</span>
      </p>
      {question.options.map((option, position) => {
        const s = status(option.key);
        return (
          <OptionButton
            key={option.key}
            letter={LETTERS[position] ?? option.key.toUpperCase()}
            text={<ContentText text={option.text} />}
            status={s}
            statusText={statusText(s)}
            aria-pressed={!feedback && locked === null ? chosen.includes(option.key) : undefined}
            checked={sent.includes(option.key) || (locked === null && !feedback && chosen.includes(option.key))}
            disabled={!open}
            onClick={() => toggle(option.key)}
          />
        );
      })}
      {!feedback && locked === null ? (
        <Button disabled={!open || chosen.length === 0} onClick={submit}>
          {t('play.submit_answer')}
        </Button>
      ) : null}
    </section>
  );
}

function announce(t: (key: string, o?: Record<string, unknown>) => string, a: SequenceAnnouncement | null, text: (key: string) => string): string {
  if (!a) return '';
  return t(`play.sequence.${a.kind}`, { item: text(a.key), position: a.position, total: a.total });
}

/** Sequence: put the options in order by dragging, by the move buttons, or by keyboard (Space, arrows, Space; Escape puts back). */
export function SequenceAnswer({ actorRef, question, open, locked, feedback }: AnswerAreaProps) {
  const { t } = useTranslation();
  const [state, send] = useMachine(sequenceOrderMachine, { input: { order: question.options.map((o) => o.key) }, inspect: machineInspector() });
  const items = useRef(new Map<string, HTMLButtonElement>());
  const textOf = (key: string) => question.options.find((o) => o.key === key)?.text ?? key;
  const { order, held, announcement } = state.context;
  const shown = feedback || locked !== null ? (feedback?.answer || locked || order.join(',')).split(',').filter(Boolean) : order;
  const right = (feedback?.correctAnswer ?? '').split(',');
  const dragged = useRef<string | null>(null);

  // The item held keeps the focus as it moves.
  useEffect(() => {
    if (held) items.current.get(held)?.focus();
  }, [held, order]);

  const onKeyDown = (key: string) => (e: ReactKeyboardEvent) => {
    if (!open) return;
    if (e.key === ' ' || e.key === 'Enter') {
      e.preventDefault();
      send(held === null ? { type: 'item.grab', key } : { type: 'item.drop' });
    } else if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
      if (held === null) return;
      e.preventDefault();
      send({ type: 'item.move', by: e.key === 'ArrowUp' ? -1 : 1 });
    } else if (e.key === 'Escape' && held !== null) {
      e.preventDefault();
      send({ type: 'item.cancel' });
    }
  };
  const onDrop = (to: number) => (e: DragEvent) => {
    e.preventDefault();
    if (dragged.current) send({ type: 'item.place', key: dragged.current, to });
    dragged.current = null;
  };

  return (
    <section aria-label={t('play.options')} className="flex flex-col gap-2">
      <p id={`sequence-help-${question.id}`} className="text-sm text-fg-muted">
        {t('play.sequence.help')}
      </p>
      <ol className="flex flex-col gap-2">
        {shown.map((key, position) => {
          const status: OptionStatus = feedback ? (right[position] === key ? 'right' : 'wrong') : held === key ? 'chosen' : locked !== null ? 'muted' : 'idle';
          return (
            <li
              key={key}
              draggable={open}
              onDragStart={() => (dragged.current = key)}
              onDragOver={(e) => open && e.preventDefault()}
              onDrop={onDrop(position)}
              className={`flex items-stretch overflow-hidden rounded-control border-2 ${status === 'chosen' ? 'border-accent ring-2 ring-accent' : status === 'right' ? 'border-success bg-success-soft' : status === 'wrong' ? 'border-danger bg-danger-soft' : 'border-line-strong bg-surface'}`}
            >
              <button
                type="button"
                ref={(el) => {
                  if (el) items.current.set(key, el);
                  else items.current.delete(key);
                }}
                disabled={!open}
                aria-describedby={`sequence-help-${question.id}`}
                aria-pressed={open ? held === key : undefined}
                onKeyDown={onKeyDown(key)}
                onClick={() => open && send(held === null ? { type: 'item.grab', key } : { type: 'item.drop' })}
                className="flex min-h-touch min-w-0 flex-1 items-center gap-2 py-3 ps-2 pe-3 text-start disabled:cursor-default"
              >
                {open ? <GripVertical aria-hidden="true" className="size-5 shrink-0 text-fg-muted" /> : null}
                <span aria-hidden="true" className="inline-flex size-8 shrink-0 items-center justify-center rounded-full border border-current font-bold">
                  {position + 1}
                </span>
                <span dir="auto" className="break-words">
                  <ContentText text={textOf(key)} />
                </span>
                {feedback ? <span className="ms-auto text-sm font-semibold">{t(status === 'right' ? 'play.sequence.in_place' : 'play.sequence.out_of_place')}</span> : null}
              </button>
              {open ? (
                // Handles a thumb can find: two 48 px arrows beside the item (dragging it, or picking it up and moving it, works too).
                <span className="flex shrink-0 items-stretch border-s border-line">
                  <button
                    type="button"
                    className="inline-flex min-h-touch w-12 items-center justify-center text-fg-muted hover:bg-accent-soft hover:text-fg disabled:opacity-30"
                    aria-label={t('play.sequence.move_up', { item: textOf(key) })}
                    disabled={position === 0}
                    onClick={() => send({ type: 'item.move', key, by: -1 })}
                  >
                    <ChevronUp aria-hidden="true" className="size-7" strokeWidth={2.5} />
                  </button>
                  <button
                    type="button"
                    className="inline-flex min-h-touch w-12 items-center justify-center border-s border-line text-fg-muted hover:bg-accent-soft hover:text-fg disabled:opacity-30"
                    aria-label={t('play.sequence.move_down', { item: textOf(key) })}
                    disabled={position === shown.length - 1}
                    onClick={() => send({ type: 'item.move', key, by: 1 })}
                  >
                    <ChevronDown aria-hidden="true" className="size-7" strokeWidth={2.5} />
                  </button>
                </span>
              ) : null}
            </li>
          );
        })}
      </ol>
      {!feedback && locked === null ? (
        <Button className="w-full shadow-chunky" disabled={!open || held !== null} onClick={() => actorRef.send({ type: 'user.answer', key: sequenceAnswer(state.context) })}>
          {t('play.submit_order')}
        </Button>
      ) : null}
      <div aria-live="assertive" className="sr-only">
        {announce(t, announcement, textOf)}
      </div>
    </section>
  );
}

/** For each slot of a word, its letter place (0-based), or -1 where a character is shown. */
function placesOf(slots: readonly (string | null)[]): number[] {
  const out: number[] = [];
  let n = 0;
  for (const slot of slots) out.push(slot === null ? n++ : -1);
  return out;
}

/**
 * Guess the word's tools (Delete, Clear, Hint): three equal tiles in one row, each its icon over its
 * word, as the lifelines are drawn, so the whole word shows on a 320 px phone in every language.
 */
const WORD_TOOL = 'flex-col gap-0.5 px-1! py-1 text-sm leading-tight';

/** Guess the word: the letter places, the tiles, Delete, Clear, a hint, Submit; letters from the keyboard too. */
export function WordAnswer({ actorRef, question, open, locked, feedback }: AnswerAreaProps) {
  const { t } = useTranslation();
  const hints = useSelector(actorRef, (s) => s.context.hints);
  const hintError = useSelector(actorRef, (s) => s.context.hintError);
  const hinting = useSelector(actorRef, (s) => s.matches({ playing: { question: 'hinting' } }));
  const rules = useSelector(actorRef, (s) => s.context.session?.hints ?? null);
  const word = question.word!;
  const [state, send, entryRef] = useMachine(wordEntryMachine, { input: { word, hints }, inspect: machineInspector() });
  const complete = state.matches('complete');
  const letters = enteredLetters(state.context);
  const submit = () => complete && actorRef.send({ type: 'user.answer', key: wordEntry(state.context) });

  // A letter a hint revealed goes into its place.
  const told = useRef(hints.length);
  useEffect(() => {
    for (const hint of hints.slice(told.current)) send({ type: 'hint.revealed', hint });
    told.current = hints.length;
  }, [hints, send]);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey || ignoreKeysOf(e.target)) return;
      if (e.key === 'Backspace') {
        e.preventDefault();
        send({ type: 'entry.backspace' });
      } else if (e.key === 'Enter') {
        // Keys come faster than renders: the entry as it stands now, not as last drawn.
        const entry = entryRef.getSnapshot();
        if (!entry.matches('complete') || (e.target as HTMLElement | null)?.tagName === 'BUTTON') return;
        e.preventDefault();
        actorRef.send({ type: 'user.answer', key: wordEntry(entry.context) });
      } else if (e.key.length === 1 && /\p{L}/u.test(e.key)) {
        e.preventDefault();
        send({ type: 'key.letter', letter: e.key });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, send, entryRef, actorRef]);

  const placeOf = placesOf(word.slots);
  const used = new Set(state.context.filledBy.filter((x): x is number => x !== null));
  const hintsLeft = rules ? rules.per_question - hints.length : 0;
  return (
    <section aria-label={t('play.word.answer')} className="flex flex-col gap-4">
      <p className="sr-only" aria-live="polite">
        {t('play.word.entered', { letters: letters.map((l) => l || '_').join(' '), n: letters.filter(Boolean).length, total: letters.length, count: letters.length })}
      </p>
      <div dir="auto" className="flex flex-wrap justify-center gap-1" aria-hidden="true">
        {word.slots.map((slot, i) => {
          if (slot !== null) {
            return (
              <span key={i} className="inline-flex h-12 w-4 items-end justify-center text-xl font-bold">
                {slot === ' ' ? '' : slot}
              </span>
            );
          }
          const at = placeOf[i]!;
          const revealed = state.context.locked[at];
          return (
            <button
              key={i}
              type="button"
              tabIndex={-1}
              data-place={at}
              data-revealed={revealed ? 'true' : undefined}
              disabled={!open || revealed || !letters[at]}
              onClick={() => send({ type: 'place.clear', place: at })}
              className={`inline-flex h-12 w-11 items-center justify-center rounded-control border-b-4 text-2xl font-bold ${revealed ? 'border-accent bg-accent-soft' : 'border-line-strong bg-surface'}`}
            >
              {letters[at]}
            </button>
          );
        })}
      </div>
      {feedback ? null : (
        <>
          <div role="group" aria-label={t('play.word.tiles')} className="grid grid-cols-6 gap-2 sm:grid-cols-8">
            {state.context.tiles.map((tile, i) => (
              <button
                key={i}
                type="button"
                disabled={!open || used.has(i) || complete}
                aria-label={t('play.word.tile', { letter: tile })}
                onClick={() => send({ type: 'tile.pick', tile: i })}
                className="min-h-touch min-w-11 rounded-control border border-line-strong bg-surface text-xl font-bold shadow-chunky hover:bg-accent-soft disabled:opacity-40 disabled:shadow-none"
              >
                {tile}
              </button>
            ))}
          </div>
          {/* Equal tools in one row, then the answer full width, as in multi match. */}
          <div className={`grid gap-2 ${rules ? 'grid-cols-3' : 'grid-cols-2'}`}>
            <Button variant="secondary" className={WORD_TOOL} disabled={!open || letters.every((l, i) => !l || state.context.locked[i])} onClick={() => send({ type: 'entry.backspace' })}>
              <Delete aria-hidden="true" className="size-5 shrink-0 rtl:-scale-x-100" />
              <span>{t('play.word.delete')}</span>
            </Button>
            <Button variant="secondary" className={WORD_TOOL} disabled={!open} onClick={() => send({ type: 'entry.clear' })}>
              <Eraser aria-hidden="true" className="size-5 shrink-0" />
              <span>{t('play.word.clear')}</span>
            </Button>
            {rules ? (
              <Button
                variant="secondary"
                className={WORD_TOOL}
                aria-label={t('play.word.hint', { cost: rules.cost, left: hintsLeft, count: rules.cost })}
                disabled={!open || hinting || hintsLeft <= 0}
                onClick={() => actorRef.send({ type: 'user.hint' })}
              >
                <Lightbulb aria-hidden="true" className="size-5 shrink-0" />
                <span aria-hidden="true">
                  {t('play.word.hint_short', { left: hintsLeft })}
                </span>
              </Button>
            ) : null}
          </div>
          <Button className="w-full shadow-chunky" disabled={!open || !complete || locked !== null} onClick={submit}>
            {t('play.submit_answer')}
          </Button>
          {state.context.refused ? <p className="text-sm text-fg-muted">{t('play.word.no_tile', { letter: state.context.refused })}</p> : null}
          {hintError ? (
            <p role="alert" className="text-sm text-danger">
              {t(messageKeyFor(hintError))}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}

/** An audio question's clip: play, pause, replay and the transcript; tells the play when it can play (the clock starts then). */
export function AudioClip({ actorRef, question }: { actorRef: QuizPlayActorRef; question: PlayQuestion }) {
  const { t } = useTranslation();
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [failed, setFailed] = useState(false);
  const [transcript, setTranscript] = useState(false);
  const told = useRef(false);
  const tell = (type: 'media.ready' | 'media.failed') => {
    if (told.current) return;
    told.current = true;
    actorRef.send({ type });
  };
  const play = () => void audio.current?.play().catch(() => setPlaying(false));
  return (
    <div className="flex flex-col gap-2">
      <audio
        ref={audio}
        src={question.audio}
        preload="auto"
        onCanPlay={() => tell('media.ready')}
        onError={() => {
          setFailed(true);
          tell('media.failed');
        }}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
      />
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          aria-label={playing ? t('play.audio.pause') : t('play.audio.play')}
          title={playing ? t('play.audio.pause') : t('play.audio.play')}
          disabled={failed}
          onClick={() => (playing ? audio.current?.pause() : play())}
          className="inline-flex size-16 items-center justify-center rounded-full bg-accent text-on-accent shadow-chunky hover:bg-accent-hover disabled:opacity-50"
        >
          {playing ? <Pause aria-hidden="true" className="size-8 fill-current" /> : <Play aria-hidden="true" className="size-8 translate-x-0.5 fill-current rtl:-scale-x-100" />}
        </button>
        <button
          type="button"
          aria-label={t('play.audio.replay')}
          title={t('play.audio.replay')}
          disabled={failed}
          onClick={() => {
            if (audio.current) audio.current.currentTime = 0;
            play();
          }}
          className="inline-flex size-touch items-center justify-center rounded-full border-2 border-line-strong bg-surface text-fg hover:bg-surface-muted disabled:opacity-50"
        >
          <RotateCcw aria-hidden="true" className="size-6" />
        </button>
        <Button variant="ghost" aria-expanded={transcript} onClick={() => setTranscript((v) => !v)}>
          {transcript ? t('play.audio.hide_transcript') : t('play.audio.show_transcript')}
        </Button>
      </div>
      {failed ? <p className="text-sm text-danger">{t('play.audio.failed')}</p> : null}
      {transcript ? (
        <p dir="auto" className="rounded-control bg-surface-muted p-3" aria-label={t('play.audio.transcript')}>
          {question.transcript}
        </p>
      ) : null}
    </div>
  );
}
