'use client';

import { ArrowDown, ArrowUp, Infinity as NoLimit, Minus, Plus } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { OptionButton, type OptionStatus } from '@/components/ui/option-button';
import { TextField } from '@/components/ui/text-field';
import { useTranslation } from '@/services/client/i18n';
import type { LiveQuestion } from '@/services/domain/live';
import { formatNumber as numberText } from '@/services/domain/live-kinds';

/**
 * How a phone answers a question of a live game or an assignment (docs/live.md, "Question kinds"):
 * shared by the live player's screen and the pupil's.
 */

/** What the inputs need of a question: its kind, text, options and their limits. */
export type AnswerableQuestion = Pick<LiveQuestion, 'type' | 'text' | 'options' | 'pick' | 'slider' | 'max_length'>;

/** The seconds left beside a question, or "no time limit" (null). */
export function SecondsLeft({ left }: { left: number | null }) {
  const { t } = useTranslation();
  return left === null ? (
    <span role="img" aria-label={t('live.no_time_limit')} className="flex shrink-0 items-center rounded-full bg-accent px-3 py-1.5 text-on-accent">
      <NoLimit aria-hidden="true" className="size-6" strokeWidth={2.5} />
    </span>
  ) : (
    <span aria-label={t('live.seconds_left', { count: left })} className="shrink-0 rounded-full bg-accent px-3 py-1 font-display text-xl font-bold tabular-nums text-on-accent">
      {left}
    </span>
  );
}

/**
 * The answer tiles with their texts; multi select ticks then sends; a sequence is put in order with
 * buttons; a type answer, a word cloud and a slider have their own input. `clock` is drawn beside
 * the question (the seconds left, or "no time limit").
 */
export function QuestionAnswer({ question, clock, sending, pick, onAnswer }: { question: AnswerableQuestion; clock: ReactNode; sending: boolean; pick: string; onAnswer: (answer: string) => void }) {
  const { t } = useTranslation();
  const [ticked, setTicked] = useState<string[]>([]);
  const [order, setOrder] = useState<string[]>(() => question.options.map((o) => o.key));
  const textOf = (key: string) => question.options.find((o) => o.key === key)?.text ?? key;
  const status = (key: string): OptionStatus => (sending ? (pick.split(',').includes(key) ? 'chosen' : 'muted') : 'idle');

  const title = (
    <div className="flex items-start justify-between gap-3">
      <h1 id="live-question" dir="auto" className="text-xl font-bold leading-snug">
        {question.text}
      </h1>
      {clock}
    </div>
  );

  if (question.type === 'type' || question.type === 'wordcloud') {
    return (
      <section aria-labelledby="live-question" className="flex flex-col gap-3">
        {title}
        <TypedAnswer question={question} sending={sending} onAnswer={onAnswer} />
      </section>
    );
  }

  if (question.type === 'slider' && question.slider) {
    return (
      <section aria-labelledby="live-question" className="flex flex-col gap-3">
        {title}
        <SliderAnswer question={question} sending={sending} onAnswer={onAnswer} />
      </section>
    );
  }

  if (question.type === 'sequence') {
    const move = (i: number, by: number) => {
      const next = [...order];
      const [item] = next.splice(i, 1);
      next.splice(i + by, 0, item!);
      setOrder(next);
    };
    return (
      <section aria-labelledby="live-question" className="flex flex-col gap-3">
        {title}
        <p className="text-sm text-fg-muted">{t('live.sequence_hint')}</p>
        <ol className="flex flex-col gap-2">
          {order.map((key, i) => (
            <li key={key} className="flex items-center gap-2">
              <span className="w-6 text-center font-bold tabular-nums">{i + 1}</span>
              <span dir="auto" className="min-h-touch flex-1 align-with-row rounded-control border-2 border-line-strong bg-surface px-3 py-2 font-semibold">
                {textOf(key)}
              </span>
              <Button variant="secondary" aria-label={t('live.move_up', { item: textOf(key) })} disabled={i === 0 || sending} onClick={() => move(i, -1)}>
                <ArrowUp aria-hidden="true" className="size-5" />
              </Button>
              <Button variant="secondary" aria-label={t('live.move_down', { item: textOf(key) })} disabled={i === order.length - 1 || sending} onClick={() => move(i, 1)}>
                <ArrowDown aria-hidden="true" className="size-5" />
              </Button>
            </li>
          ))}
        </ol>
        <Button disabled={sending} onClick={() => onAnswer(order.join(','))}>
          {t('live.send_answer')}
        </Button>
      </section>
    );
  }

  const multi = question.type === 'multiselect';
  // The tiles share the rest of the screen, as big as a thumb could want.
  return (
    <section aria-labelledby="live-question" className="flex flex-1 flex-col gap-3">
      {title}
      {multi ? <p className="text-sm text-fg-muted">{t('live.pick_n', { count: question.pick ?? 2 })}</p> : null}
      <div role="group" aria-label={t('live.answers')} className="grid max-h-[32rem] flex-1 auto-rows-fr gap-2">
        {question.options.map((o) => (
          <OptionButton
            key={o.key}
            letter={o.key.toUpperCase()}
            text={o.text}
            status={multi && !sending && ticked.includes(o.key) ? 'chosen' : status(o.key)}
            {...(multi ? { checked: ticked.includes(o.key) } : {})}
            disabled={sending}
            onClick={() => (multi ? setTicked((t0) => (t0.includes(o.key) ? t0.filter((k) => k !== o.key) : [...t0, o.key])) : onAnswer(o.key))}
            className="h-full min-h-16 text-lg"
          />
        ))}
      </div>
      {multi ? (
        <Button disabled={sending || ticked.length === 0} onClick={() => onAnswer(ticked.join(','))}>
          {t('live.send_answer')}
        </Button>
      ) : null}
    </section>
  );
}

/** Type answer and word cloud: a text field and a send button (Enter sends too). */
function TypedAnswer({ question, sending, onAnswer }: { question: AnswerableQuestion; sending: boolean; onAnswer: (answer: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const cloud = question.type === 'wordcloud';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (text.trim() !== '' && [...text.trim()].length <= (question.max_length ?? Infinity)) onAnswer(text);
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
      <TextField
        id="live-typed"
        label={t(cloud ? 'live.word_label' : 'live.typed_label')}
        value={text}
        {...(question.max_length ? { limit: question.max_length } : {})}
        hint={t(cloud ? 'live.word_hint' : 'live.typed_hint')}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        enterKeyHint="send"
        disabled={sending}
        onChange={(e) => setText(e.target.value)}
        className="[&_input]:min-h-14 [&_input]:text-xl [&_input]:font-semibold"
      />
      <Button type="submit" disabled={sending || text.trim() === '' || [...text.trim()].length > (question.max_length ?? Infinity)} className="text-lg">
        {t('live.send_answer')}
      </Button>
    </form>
  );
}

/** Slider: a range across the phone, its value written large, a step down and up, then send. */
function SliderAnswer({ question, sending, onAnswer }: { question: AnswerableQuestion; sending: boolean; onAnswer: (answer: string) => void }) {
  const { t, i18n } = useTranslation();
  const range = question.slider!;
  const middle = range.min + Math.round((range.max - range.min) / range.step / 2) * range.step;
  const [value, setValue] = useState(middle);
  const clamp = (v: number) => Math.min(range.max, Math.max(range.min, Math.round((v - range.min) / range.step) * range.step + range.min));
  const shown = numberText(value);
  return (
    <div className="flex flex-col gap-4">
      <output htmlFor="live-slider" aria-live="polite" className="self-center rounded-card bg-accent-soft px-6 py-2 font-display text-5xl font-bold tabular-nums" dir="ltr">
        {Number(shown).toLocaleString(i18n.language, { maximumFractionDigits: 6 })}
      </output>
      {/* Numbers run left to right in every language: the step down sits at the low end, the step up at the high end. */}
      <div className="flex items-center gap-2" dir="ltr">
        <Button variant="secondary" aria-label={t('live.slider_down')} disabled={sending || value <= range.min} onClick={() => setValue((v) => clamp(v - range.step))}>
          <Minus aria-hidden="true" className="size-5" />
        </Button>
        <label htmlFor="live-slider" className="sr-only">
          {t('live.slider_label', { min: numberText(range.min), max: numberText(range.max) })}
        </label>
        <input
          id="live-slider"
          type="range"
          min={range.min}
          max={range.max}
          step={range.step}
          value={value}
          disabled={sending}
          onChange={(e) => setValue(clamp(Number(e.target.value)))}
          className="h-touch min-w-0 flex-1 accent-[var(--color-accent)]"
          dir="ltr"
        />
        <Button variant="secondary" aria-label={t('live.slider_up')} disabled={sending || value >= range.max} onClick={() => setValue((v) => clamp(v + range.step))}>
          <Plus aria-hidden="true" className="size-5" />
        </Button>
      </div>
      <p aria-hidden="true" className="flex justify-between text-sm font-semibold text-fg-muted tabular-nums" dir="ltr">
        <span>{numberText(range.min)}</span>
        <span>{numberText(range.max)}</span>
      </p>
      <Button disabled={sending} onClick={() => onAnswer(shown)} className="text-lg">
        {t('live.send_answer')}
      </Button>
    </div>
  );
}

