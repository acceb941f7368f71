'use client';

import { ArrowDown, ArrowUp, Check, Cloud, EyeOff, Infinity as NoLimit, Keyboard, Lock, Minus, PauseCircle, SlidersHorizontal, Trophy, UserRound, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { JoinQr } from '@/components/live/join-qr';
import { teamName, TeamSwatch } from '@/components/live/team-badge';
import { LETTER_TEXT, optionMarkOf } from '@/components/ui/option-button';
import { PlainImage } from '@/components/ui/plain-image';
import { TONE_BG } from '@/components/ui/tones';
import { formatNumber } from '@/services/client/format-number';
import { useTranslation } from '@/services/client/i18n';
import { secondsLeft, type LiveGameView, type LivePlayerItem, type LiveQuestion, type LiveReveal, type LiveStanding } from '@/services/domain/live';
import { formatNumber as numberText, hasOptionTiles, isUngraded, SLIDER_BINS } from '@/services/domain/live-kinds';
import type { LiveTeamStanding } from '@/services/domain/live-names';

/**
 * The host's screens of a live game, drawn for a projector or a shared window (16:9, read from the
 * back of a room: sizes follow the viewport), and still whole on a phone held by the host. Pure
 * views of the host machine's context: the page (live-host-page.tsx) picks one by the machine's
 * `screen` state and puts the controls under it.
 */

/** What the host's page shows: the machine's top state, or its `screen` region while hosting. */
export type LiveHostScreen = 'start' | 'setup' | 'creating' | 'loading' | 'lobby' | 'question' | 'reveal' | 'leaderboard' | 'paused' | 'podium' | 'ended';

/** Names in the lobby: a list of 2,000 chips is drawn only this far, with "and N more". */
export const LOBBY_SHOWN = 120;

/** The letter of an option's place (A, B, …), from its key. */
const letterOf = (key: string) => key.toUpperCase();

/** The join link of a game and how it reads on the screen (host and path, no scheme). */
export function joinLink(origin: string, pin: string): { href: string; shown: string } {
  const href = `${origin}/live/?pin=${pin}`;
  return { href, shown: `${origin.replace(/^https?:\/\//, '')}/live` };
}

/** The lobby: how to join (link, PIN, QR) and who has. */
export function LobbyScreen({ game, players, origin, onRemove, busy }: { game: LiveGameView; players: readonly LivePlayerItem[]; origin: string; onRemove: (id: number) => void; busy: boolean }) {
  const { t } = useTranslation();
  const link = joinLink(origin, game.pin);
  const shown = players.slice(-LOBBY_SHOWN).reverse();
  return (
    <div className="grid min-h-0 flex-1 gap-[2vmin] p-[2vmin] landscape:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
      <section aria-labelledby="live-join-heading" className="flex flex-col items-center justify-center gap-[1.5vmin] rounded-tile bg-surface p-[3vmin] text-center shadow-card">
        {/* The address is read from the back of a room, as the PIN is: about 43 px at 720p, 65 px at 1080p. */}
        <h2 id="live-join-heading" className="flex flex-col items-center gap-[0.5vmin]">
          <span className="text-[clamp(1.1rem,2.6vmin,2.4rem)] font-semibold text-fg-muted">{t('live.host.join_at')}</span>{' '}
          <span data-live-join-address className="font-display text-[clamp(1.75rem,6vmin,5rem)] leading-tight font-bold text-fg [overflow-wrap:anywhere]" dir="ltr">
            {link.shown}
          </span>
        </h2>
        <p className="text-[clamp(1rem,2.2vmin,2rem)] font-semibold text-fg-muted">{t('live.pin')}</p>
        <p data-live-pin className="font-display text-[clamp(3rem,13vmin,11rem)] leading-none font-bold tracking-[0.08em] tabular-nums" dir="ltr">
          {game.pin.slice(0, 3)}
          <span className="inline-block w-[0.25em]" aria-hidden="true" />
          {game.pin.slice(3)}
        </p>
        <a href={link.href} className="block" aria-label={t('live.host.qr_link', { link: link.href })}>
          <JoinQr text={link.href} label={t('live.host.qr')} className="size-[clamp(9rem,30vmin,22rem)]" />
        </a>
        {game.locked ? (
          <p className="flex items-center gap-2 rounded-full bg-danger-soft px-4 py-1 text-[clamp(1rem,2vmin,1.6rem)] font-semibold text-danger">
            <Lock aria-hidden="true" className="size-[1.2em]" />
            {t('live.host.locked_note')}
          </p>
        ) : null}
      </section>
      <section aria-labelledby="live-players-heading" className="flex min-h-0 flex-col gap-[1.5vmin] p-[1vmin] text-white">
        <h2 id="live-players-heading" className="flex items-center gap-3 text-[clamp(1.4rem,4vmin,3.4rem)] font-bold">
          <UserRound aria-hidden="true" className="size-[1em]" />
          <span aria-live="polite">{t('live.host.players', { count: players.length })}</span>
        </h2>
        {game.team_count > 0 ? (
          <ul aria-label={t('live.host.teams')} className="flex flex-wrap gap-[1vmin]">
            {Array.from({ length: game.team_count }, (_, i) => i + 1).map((team) => (
              <li key={team} data-team={team} className="flex items-center gap-2 rounded-full bg-white/15 px-3 py-1 text-[clamp(0.95rem,2.2vmin,1.8rem)] font-semibold">
                <TeamSwatch team={team} />
                {teamName(t, team)} · {players.filter((p) => p.team === team).length}
              </li>
            ))}
          </ul>
        ) : null}
        {players.length === 0 ? (
          <p className="flex flex-1 items-center justify-center text-center text-[clamp(1.1rem,3vmin,2.6rem)] font-semibold motion-safe:animate-pulse-urgent">{t('live.host.waiting_players')}</p>
        ) : (
          <ul aria-label={t('live.host.players_list')} className="flex min-h-0 flex-1 flex-wrap content-start gap-[1vmin] overflow-y-auto">
            {shown.map((p) => (
              <li key={p.id} className="flex items-center gap-1 rounded-full bg-surface py-1 ps-4 pe-1 text-[clamp(1rem,2.6vmin,2.2rem)] font-bold text-fg shadow-chunky motion-safe:animate-pop">
                {p.team !== null ? <TeamSwatch team={p.team} /> : null}
                <span dir="auto">{p.nickname}</span>
                {p.team !== null ? <span className="sr-only">({teamName(t, p.team)})</span> : null}
                {p.signed_in ? <span className="sr-only">{t('live.host.signed_in')}</span> : null}
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => onRemove(p.id)}
                  aria-label={t('live.host.remove', { nickname: p.nickname })}
                  className="inline-flex size-touch items-center justify-center rounded-full text-fg-muted hover:bg-danger-soft hover:text-danger disabled:opacity-50"
                >
                  <X aria-hidden="true" className="size-5" />
                </button>
              </li>
            ))}
            {players.length > shown.length ? <li className="self-center px-2 text-[clamp(1rem,2.4vmin,2rem)] font-semibold">{t('live.host.more_players', { count: players.length - shown.length })}</li> : null}
          </ul>
        )}
      </section>
    </div>
  );
}

/** The question's text at the top of the question and reveal screens, on a card of its own. */
function QuestionHead({ game, question, aside }: { game: LiveGameView; question: LiveQuestion; aside?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex items-start justify-between gap-[2vmin] rounded-tile bg-surface px-[2.5vmin] py-[1.5vmin] text-fg shadow-card">
      <div className="flex min-w-0 flex-col gap-[0.5vmin]">
        <p className="text-[clamp(0.95rem,2vmin,1.6rem)] font-semibold text-fg-muted">{t('live.question_of', { n: question.index + 1, total: game.question_count })}</p>
        <h2 id="live-host-question" dir="auto" className="text-[clamp(1.4rem,4.6vmin,4.2rem)] leading-tight font-bold">
          {question.text}
        </h2>
      </div>
      {aside}
    </div>
  );
}

/** An option as a tile: solid in its colour while open and when right, pale when wrong; always with its shape and text. */
function HostTile({ optionKey, text, state = 'idle' }: { optionKey: string; text: string; state?: 'idle' | 'right' | 'wrong' }) {
  const { t } = useTranslation();
  const mark = optionMarkOf(letterOf(optionKey));
  const solid = state !== 'wrong';
  return (
    <li
      data-option={optionKey}
      data-state={state}
      className={`flex min-h-0 items-center gap-[2vmin] rounded-tile p-[2vmin] shadow-chunky ${solid ? `${TONE_BG[mark.tone]} text-white` : 'bg-surface text-fg-muted'} ${state === 'right' ? 'ring-[0.7vmin] ring-white motion-safe:animate-pop' : ''}`}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className={`size-[clamp(1.6rem,6vmin,4.5rem)] shrink-0 ${solid ? 'fill-white' : `fill-current ${LETTER_TEXT[mark.tone] ?? ''}`}`}>
        <path d={mark.shape} />
      </svg>
      <span className="sr-only">{letterOf(optionKey)}</span>
      <span dir="auto" className="min-w-0 flex-1 align-with-row text-[clamp(1.1rem,3.6vmin,3.2rem)] leading-tight font-bold break-words">
        {text}
      </span>
      {state === 'right' ? (
        <span className="flex shrink-0 items-center">
          <Check aria-hidden="true" className="size-[clamp(1.6rem,6vmin,4.5rem)]" strokeWidth={3.5} />
          <span className="sr-only">{t('live.host.right_answer')}</span>
        </span>
      ) : state === 'wrong' ? (
        <X aria-hidden="true" className="size-[clamp(1.4rem,5vmin,3.6rem)] shrink-0" strokeWidth={3} />
      ) : null}
    </li>
  );
}

/** How many columns the tiles take: two in a row on a wide screen, one on a phone held upright. */
const TILE_GRID = 'grid min-h-0 flex-1 auto-rows-fr gap-[1.5vmin] landscape:grid-cols-2';

/** A question on screen: "get ready" until it opens, then the tiles, the countdown and the count. */
export function QuestionScreen({ game, question, now, answered, players }: { game: LiveGameView; question: LiveQuestion; now: number; answered: number; players: number }) {
  const { t } = useTranslation();
  if (now < question.opens_at) {
    const share = Math.max(0, Math.min(1, (question.opens_at - now) / 3000));
    return (
      <div data-live-host-phase="get-ready" className="flex flex-1 flex-col items-center justify-center gap-[3vmin] p-[4vmin] text-center text-white">
        <p className="rounded-full bg-white/15 px-[2vmin] py-[0.5vmin] text-[clamp(1.2rem,3vmin,2.6rem)] font-semibold">{t('live.question_of', { n: question.index + 1, total: game.question_count })}</p>
        <h2 dir="auto" className="max-w-[90vw] text-[clamp(1.8rem,6.5vmin,6rem)] leading-tight font-bold motion-safe:animate-pop">
          {question.text}
        </h2>
        <div aria-hidden="true" className="h-[1.4vmin] w-[60vw] overflow-hidden rounded-full bg-white/25">
          <div className="h-full rounded-full bg-white motion-safe:transition-[width] motion-safe:duration-300 motion-safe:ease-linear" style={{ width: `${share * 100}%` }} />
        </div>
        <p role="status" className="text-[clamp(1.1rem,3vmin,2.4rem)] font-semibold">
          {t('live.get_ready')}
        </p>
      </div>
    );
  }
  const left = secondsLeft(question, now);
  const urgent = left !== null && left <= 5;
  const share = players > 0 ? Math.min(1, answered / players) : 0;
  return (
    <div data-live-host-phase="open" className="flex min-h-0 flex-1 flex-col gap-[2vmin] p-[2vmin]">
      <QuestionHead game={game} question={question} />
      <div className="flex min-h-0 items-center justify-between gap-[3vmin] text-white">
        {left === null ? (
          <div role="timer" data-live-no-limit aria-label={t('live.no_time_limit')} className="flex size-[clamp(4.5rem,17vmin,12rem)] shrink-0 flex-col items-center justify-center rounded-full bg-white text-tone-indigo shadow-chunky">
            <NoLimit aria-hidden="true" className="size-[55%]" strokeWidth={2.5} />
          </div>
        ) : (
          <div
            role="timer"
            aria-label={t('live.seconds_left', { count: left })}
            className={`flex size-[clamp(4.5rem,17vmin,12rem)] shrink-0 items-center justify-center rounded-full font-display text-[clamp(2rem,8vmin,6.5rem)] font-bold tabular-nums shadow-chunky ${urgent ? 'bg-tone-rose text-white motion-safe:animate-pulse-urgent' : 'bg-white text-tone-indigo'}`}
          >
            <span aria-hidden="true">{left}</span>
          </div>
        )}
        {question.image ? (
          <PlainImage src={question.image} alt="" width={640} height={360} className="h-auto max-h-[26vh] min-h-0 w-auto max-w-[40vw] rounded-card bg-surface object-contain" />
        ) : (
          <div aria-hidden="true" className="h-[2vmin] flex-1 overflow-hidden rounded-full bg-white/25">
            <div className="h-full rounded-full bg-white motion-safe:transition-[width] motion-safe:duration-300" style={{ width: `${share * 100}%` }} />
          </div>
        )}
        <div className="flex shrink-0 flex-col items-center">
          <span data-live-answered className="font-display text-[clamp(2rem,8vmin,6.5rem)] leading-none font-bold tabular-nums" aria-hidden="true">
            {answered}
          </span>
          <span className="text-[clamp(0.95rem,2.4vmin,2rem)] font-semibold" aria-hidden="true">
            {t('live.host.answers_word', { count: answered })}
          </span>
          <span className="sr-only" aria-live="polite">
            {t('live.host.answered_of', { answered, players })}
          </span>
        </div>
      </div>
      {question.type === 'multiselect' ? <p className="text-[clamp(1rem,2.6vmin,2.2rem)] font-semibold text-white">{t('live.pick_n', { count: question.pick ?? 2 })}</p> : null}
      {question.type === 'sequence' ? <p className="text-[clamp(1rem,2.6vmin,2.2rem)] font-semibold text-white">{t('live.host.sequence_hint')}</p> : null}
      {question.type === 'poll' ? <p className="text-[clamp(1rem,2.6vmin,2.2rem)] font-semibold text-white">{t('live.host.poll_hint')}</p> : null}
      {hasOptionTiles(question.type) ? (
        <ul aria-label={t('live.answers')} className={TILE_GRID}>
          {question.options.map((o) => (
            <HostTile key={o.key} optionKey={o.key} text={o.text} />
          ))}
        </ul>
      ) : (
        <OnYourPhone question={question} />
      )}
    </div>
  );
}

/** Kinds answered by typing or sliding: what to do on the phone, in place of the tiles. */
function OnYourPhone({ question }: { question: LiveQuestion }) {
  const { t, i18n } = useTranslation();
  const Icon = question.type === 'slider' ? SlidersHorizontal : question.type === 'wordcloud' ? Cloud : Keyboard;
  return (
    <div data-live-host-input={question.type} className="flex min-h-0 flex-1 flex-col items-center justify-center gap-[2vmin] rounded-tile bg-surface p-[3vmin] text-center text-fg shadow-card">
      <Icon aria-hidden="true" className="size-[clamp(2.5rem,10vmin,7rem)] text-tone-indigo" />
      <p className="text-[clamp(1.3rem,4.4vmin,3.8rem)] leading-tight font-bold">{t(`live.host.input_${question.type}`)}</p>
      {question.slider ? (
        <div className="flex w-full max-w-[70vw] items-center gap-[2vmin] text-[clamp(1.2rem,4vmin,3.4rem)] font-bold tabular-nums">
          <span dir="ltr">{formatNumber(question.slider.min, i18n.language)}</span>
          <span aria-hidden="true" className="h-[1.6vmin] flex-1 rounded-full bg-tone-indigo/30" />
          <span dir="ltr">{formatNumber(question.slider.max, i18n.language)}</span>
        </div>
      ) : null}
    </div>
  );
}

/** The question closed: how many picked each option, as bars, and the right answer marked. */
export function RevealScreen({ game, question, onHideWord, busy = false }: { game: LiveGameView; question: LiveQuestion; onHideWord?: (word: string) => void; busy?: boolean }) {
  const { t } = useTranslation();
  const reveal = game.reveal;
  const order = (reveal?.answer ?? '').split(',').filter(Boolean);
  const right = new Set(order);
  const counts = reveal?.counts ?? {};
  const most = Math.max(1, ...Object.values(counts));
  const ungraded = isUngraded(question.type);
  const summary = reveal ? (
    <p className={`shrink-0 rounded-full px-4 py-1 text-[clamp(1rem,2.6vmin,2.2rem)] font-bold ${ungraded ? 'bg-surface-muted text-fg' : 'bg-success-soft text-success'}`}>
      {ungraded ? t('live.host.answers_count', { count: reveal.answered }) : t('live.host.right_of', { correct: reveal.correct, count: reveal.answered })}
    </p>
  ) : null;
  return (
    <div data-live-host-phase="reveal" className="flex min-h-0 flex-1 flex-col gap-[2vmin] p-[2vmin]">
      <QuestionHead game={game} question={question} aside={summary} />
      {question.type === 'type' && reveal ? (
        <TypedReveal reveal={reveal} />
      ) : question.type === 'slider' && reveal ? (
        <SliderReveal reveal={reveal} question={question} />
      ) : question.type === 'wordcloud' && reveal ? (
        <WordCloud reveal={reveal} onHide={onHideWord} busy={busy} />
      ) : question.type === 'sequence' ? (
        <section aria-labelledby="live-order-heading" className="flex min-h-0 flex-1 flex-col gap-[1.5vmin]">
          <h3 id="live-order-heading" className="text-[clamp(1.1rem,3vmin,2.6rem)] font-bold text-white">
            {t('live.host.right_order')}
          </h3>
          <ol className="flex min-h-0 flex-1 flex-col gap-[1vmin]">
            {order.map((key, i) => (
              <li key={key} className="flex items-center gap-[2vmin] rounded-tile bg-surface p-[1.5vmin] text-[clamp(1.1rem,3.4vmin,3rem)] font-bold shadow-card motion-safe:animate-pop" style={{ animationDelay: `${i * 120}ms` }}>
                <span className="flex size-[1.6em] items-center justify-center rounded-full bg-success text-on-accent tabular-nums">{i + 1}</span>
                <span dir="auto">{question.options.find((o) => o.key === key)?.text ?? key}</span>
              </li>
            ))}
          </ol>
        </section>
      ) : (
        <>
          <figure className="flex min-h-0 justify-center rounded-tile bg-surface px-[3vmin] pt-[2vmin] pb-[1vmin] shadow-card">
            <figcaption className="sr-only">{t('live.host.chart')}</figcaption>
            <ul className="flex items-end justify-center gap-[3vmin]">
              {question.options.map((o) => {
                const n = counts[o.key] ?? 0;
                const mark = optionMarkOf(letterOf(o.key));
                const isRight = right.has(o.key);
                return (
                  <li key={o.key} data-bar={o.key} data-count={n} className="flex w-[clamp(3rem,13vmin,10rem)] flex-col items-center gap-[0.5vmin]">
                    <span className="text-[clamp(1.1rem,4vmin,3.4rem)] leading-none font-bold tabular-nums">
                      <span className="sr-only">{t('live.host.bar', { option: o.text, count: n })}</span>
                      <span aria-hidden="true">{n}</span>
                    </span>
                    <span aria-hidden="true" className="flex h-[20vh] w-full items-end">
                      <span
                        className={`flex w-full items-start justify-center rounded-t-card pt-1 motion-safe:transition-[height] motion-safe:duration-700 ${TONE_BG[mark.tone]} ${isRight || ungraded ? '' : 'opacity-45'}`}
                        style={{ height: `${Math.max(3, (n / most) * 100)}%` }}
                      >
                        {isRight ? <Check className="size-[clamp(1.2rem,4vmin,3rem)] text-white" strokeWidth={3.5} /> : null}
                      </span>
                    </span>
                    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-[clamp(1.2rem,4vmin,3rem)]">
                      <path d={mark.shape} className={`fill-current ${LETTER_TEXT[mark.tone] ?? ''}`} />
                    </svg>
                  </li>
                );
              })}
            </ul>
          </figure>
          <ul aria-label={t('live.answers')} className={TILE_GRID}>
            {question.options.map((o) => (
              <HostTile key={o.key} optionKey={o.key} text={o.text} state={ungraded ? 'idle' : right.has(o.key) ? 'right' : 'wrong'} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** Type answer: the accepted answers, and what players typed most, the right ones ticked. */
function TypedReveal({ reveal }: { reveal: LiveReveal }) {
  const { t } = useTranslation();
  const words = reveal.words ?? [];
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-[2vmin]">
      <p data-live-right-text className="flex items-center gap-[2vmin] rounded-tile bg-success p-[2vmin] text-[clamp(1.4rem,5vmin,4.4rem)] font-bold text-white shadow-chunky motion-safe:animate-pop">
        <Check aria-hidden="true" className="size-[1.1em] shrink-0" strokeWidth={3.5} />
        <span className="sr-only">{t('live.host.right_answer')}: </span>
        <span dir="auto">{reveal.answer_text}</span>
      </p>
      {words.length > 0 ? (
        <section aria-labelledby="live-typed-heading" className="flex min-h-0 flex-1 flex-col gap-[1vmin]">
          <h3 id="live-typed-heading" className="text-[clamp(1.1rem,3vmin,2.6rem)] font-bold text-white">
            {t('live.host.typed_most')}
          </h3>
          <ul className="grid min-h-0 flex-1 auto-rows-min gap-[1vmin] overflow-y-auto landscape:grid-cols-2">
            {words.map((w) => (
              <li key={w.text} data-typed={w.text} className="flex items-center gap-[2vmin] rounded-control bg-surface px-[2vmin] py-[1vmin] text-[clamp(1.1rem,3.2vmin,2.8rem)] font-bold text-fg shadow-card">
                <span dir="auto" className="min-w-0 flex-1 truncate">
                  {w.text}
                </span>
                {w.right ? (
                  <span className="flex items-center text-success">
                    <Check aria-hidden="true" className="size-[1em]" strokeWidth={3.5} />
                    <span className="sr-only">{t('live.host.right_answer')}</span>
                  </span>
                ) : null}
                <span className="tabular-nums text-fg-muted">{w.count}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

/** Slider: the right value, and how the answers spread over the range (ten bars), with their mean. */
function SliderReveal({ reveal, question }: { reveal: LiveReveal; question: LiveQuestion }) {
  const { t, i18n } = useTranslation();
  const bins = reveal.bins ?? new Array<number>(SLIDER_BINS).fill(0);
  const most = Math.max(1, ...bins);
  const range = question.slider!;
  const width = (range.max - range.min) / SLIDER_BINS;
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-[2vmin]">
      <p data-live-right-text className="flex flex-wrap items-center gap-[2vmin] rounded-tile bg-success p-[2vmin] text-[clamp(1.4rem,5vmin,4.4rem)] font-bold text-white shadow-chunky motion-safe:animate-pop">
        <Check aria-hidden="true" className="size-[1.1em] shrink-0" strokeWidth={3.5} />
        <span className="sr-only">{t('live.host.right_answer')}: </span>
        <span dir="ltr" className="tabular-nums">
          {reveal.answer_text}
        </span>
        {reveal.mean !== null && reveal.mean !== undefined ? <span className="text-[0.55em] font-semibold">{t('live.host.mean_answer', { value: numberText(reveal.mean) })}</span> : null}
      </p>
      <figure className="flex min-h-0 flex-1 flex-col rounded-tile bg-surface px-[3vmin] pt-[2vmin] pb-[1vmin] text-fg shadow-card">
        <figcaption className="sr-only">{t('live.host.slider_chart')}</figcaption>
        <ul className="flex min-h-0 flex-1 items-end gap-[1vmin]" dir="ltr">
          {bins.map((n, i) => {
            const from = range.min + i * width;
            return (
              <li key={i} data-bin={i} data-count={n} className="flex h-full min-w-0 flex-1 flex-col items-center justify-end gap-[0.5vmin]">
                <span className="text-[clamp(0.9rem,2.6vmin,2.2rem)] font-bold tabular-nums">
                  <span className="sr-only">{t('live.host.bin', { from: numberText(from), to: numberText(from + width), count: n })}</span>
                  <span aria-hidden="true">{n}</span>
                </span>
                <span aria-hidden="true" className="w-full rounded-t-card bg-tone-indigo motion-safe:transition-[height] motion-safe:duration-700" style={{ height: `${Math.max(2, (n / most) * 80)}%` }} />
              </li>
            );
          })}
        </ul>
        <p aria-hidden="true" className="flex justify-between pt-[0.5vmin] text-[clamp(0.9rem,2.4vmin,2rem)] font-semibold text-fg-muted tabular-nums" dir="ltr">
          <span>{formatNumber(range.min, i18n.language)}</span>
          <span>{formatNumber(range.max, i18n.language)}</span>
        </p>
      </figure>
    </div>
  );
}

/** Word cloud: the words sized by how many gave them; each a button that hides it from every screen. */
function WordCloud({ reveal, onHide, busy }: { reveal: LiveReveal; onHide?: (word: string) => void; busy: boolean }) {
  const { t } = useTranslation();
  const words = reveal.words ?? [];
  const most = Math.max(1, ...words.map((w) => w.count));
  if (words.length === 0) return <p className="flex flex-1 items-center justify-center text-[clamp(1.1rem,3vmin,2.4rem)] font-semibold text-white">{t('live.host.no_words')}</p>;
  return (
    <section aria-labelledby="live-cloud-heading" className="flex min-h-0 flex-1 flex-col gap-[1vmin] rounded-tile bg-surface p-[2vmin] shadow-card">
      <h3 id="live-cloud-heading" className="sr-only">
        {t('live.host.cloud')}
      </h3>
      <ul data-live-cloud className="flex min-h-0 flex-1 flex-wrap content-center items-center justify-center gap-x-[2.5vmin] gap-y-[1vmin] overflow-y-auto">
        {words.map((w, i) => {
          const size = 1.1 + (w.count / most) * 4.2;
          const mark = optionMarkOf(letterOf(['a', 'b', 'c', 'd', 'e'][i % 5]!));
          return (
            <li key={w.text} data-word={w.text} data-count={w.count}>
              {onHide ? (
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => onHide(w.text)}
                  title={t('live.host.hide_word', { word: w.text })}
                  aria-label={t('live.host.hide_word_count', { word: w.text, count: w.count })}
                  className={`group inline-flex min-h-touch items-center gap-1 rounded-control px-2 leading-none font-bold hover:bg-danger-soft disabled:opacity-60 ${LETTER_TEXT[mark.tone] ?? ''}`}
                  style={{ fontSize: `clamp(1rem, ${size * 1.6}vmin, ${size}rem)` }}
                >
                  <span dir="auto">{w.text}</span>
                  <EyeOff aria-hidden="true" className="size-[0.6em] opacity-0 group-hover:opacity-100 group-focus-visible:opacity-100" />
                </button>
              ) : (
                <span dir="auto" className={`leading-none font-bold ${LETTER_TEXT[mark.tone] ?? ''}`} style={{ fontSize: `clamp(1rem, ${size * 1.6}vmin, ${size}rem)` }}>
                  {w.text}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {onHide ? <p className="text-center text-[clamp(0.9rem,2vmin,1.6rem)] text-fg-muted">{t('live.host.hide_hint')}</p> : null}
    </section>
  );
}

/** Teams by the mean of their members' points, each with its colour and how many play in it. */
function TeamBoard({ teams }: { teams: readonly LiveTeamStanding[] }) {
  const { t, i18n } = useTranslation();
  return (
    <ol aria-label={t('live.host.teams')} className="flex w-full max-w-[min(92vw,80rem)] flex-col gap-[1.2vmin]">
      {teams.map((s, i) => (
        <li
          key={s.team}
          data-team-rank={s.team}
          style={{ animationDelay: `${i * 90}ms` }}
          className="flex items-center gap-[2vmin] rounded-tile bg-surface px-[3vmin] py-[1.4vmin] text-[clamp(1.2rem,4vmin,3.4rem)] font-bold text-fg shadow-chunky motion-safe:animate-pop"
        >
          <span className="w-[1.6em] tabular-nums">{s.rank}</span>
          <TeamSwatch team={s.team} className="size-[1.1em]" />
          <span dir="auto" className="min-w-0 flex-1 truncate">{teamName(t, s.team)}</span>
          <span className="text-[0.6em] font-semibold text-fg-muted">{t('live.host.players', { count: s.members })}</span>
          <span className="tabular-nums">{formatNumber(s.score, i18n.language)}</span>
        </li>
      ))}
    </ol>
  );
}

/** Places moved since the last leaderboard, in words and an arrow. */
function Moved({ moved }: { moved: number }) {
  const { t } = useTranslation();
  if (moved === 0)
    return (
      <span className="flex w-[3em] items-center justify-end opacity-70">
        <Minus aria-hidden="true" className="size-[1em]" />
        <span className="sr-only">{t('live.host.moved_none')}</span>
      </span>
    );
  const up = moved > 0;
  return (
    <span data-moved={moved} className={`flex w-[3em] items-center justify-end gap-1 rounded-full px-2 font-bold text-white ${up ? 'bg-success' : 'bg-tone-rose'}`}>
      {up ? <ArrowUp aria-hidden="true" className="size-[1em]" /> : <ArrowDown aria-hidden="true" className="size-[1em]" />}
      <span aria-hidden="true" className="tabular-nums">
        {Math.abs(moved)}
      </span>
      <span className="sr-only">{t(up ? 'live.host.moved_up' : 'live.host.moved_down', { count: Math.abs(moved) })}</span>
    </span>
  );
}

/** The top five between questions, with who moved. */
export function LeaderboardScreen({ game }: { game: LiveGameView }) {
  const { t, i18n } = useTranslation();
  return (
    <div data-live-host-phase="leaderboard" className="flex min-h-0 flex-1 flex-col items-center gap-[2vmin] p-[3vmin]">
      <h2 className="flex items-center gap-3 text-[clamp(1.6rem,6vmin,5rem)] font-bold text-white">
        <Trophy aria-hidden="true" className="size-[1em]" />
        {t('live.host.leaderboard')}
      </h2>
      {game.team_count > 0 ? (
        <TeamBoard teams={game.teams} />
      ) : game.standings.length === 0 ? (
        <p className="text-[clamp(1.1rem,3vmin,2.4rem)] text-white">{t('live.host.nobody_scored')}</p>
      ) : (
        <ol className="flex w-full max-w-[min(92vw,80rem)] flex-col gap-[1.2vmin]">
          {game.standings.map((s, i) => (
            <li
              key={s.player_id}
              style={{ animationDelay: `${i * 90}ms` }}
              className={`flex items-center gap-[2vmin] rounded-tile px-[3vmin] py-[1.4vmin] text-[clamp(1.2rem,4vmin,3.4rem)] font-bold shadow-chunky motion-safe:animate-pop ${i === 0 ? 'bg-tone-amber text-white' : 'bg-surface text-fg'}`}
            >
              <span className="w-[1.6em] tabular-nums">{s.rank}</span>
              <span dir="auto" className="min-w-0 flex-1 truncate align-with-row">
                {s.nickname}
              </span>
              <span className="tabular-nums">{formatNumber(s.score, i18n.language)}</span>
              <Moved moved={s.moved} />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

const PODIUM_ORDER = [1, 0, 2] as const;
const PODIUM_HEIGHT = ['h-[28vh]', 'h-[20vh]', 'h-[14vh]'] as const;
const PODIUM_TONE = ['bg-tone-amber', 'bg-tone-slate', 'bg-tone-orange'] as const;

/** The podium of three, the rest below; or, for a game ended early, the standings as they were. */
export function PodiumScreen({ game, ended }: { game: LiveGameView; ended: boolean }) {
  const { t } = useTranslation();
  // In a team game the podium is the teams': each a name and the mean of its members' points.
  const rows: LiveStanding[] =
    game.team_count > 0 ? game.teams.map((s) => ({ player_id: -s.team, nickname: teamName(t, s.team), score: s.score, rank: s.rank, moved: 0 })) : [...game.standings];
  const top = rows.slice(0, 3);
  const rest = rows.slice(3);
  return (
    <div data-live-host-phase={ended ? 'ended' : 'podium'} className="flex min-h-0 flex-1 flex-col items-center gap-[1.5vmin] p-[2vmin] text-white">
      <h2 className="text-[clamp(1.6rem,5.5vmin,4.6rem)] leading-tight font-bold">{ended ? t('live.host.ended') : t('live.host.podium')}</h2>
      {ended ? <p className="text-[clamp(1rem,2.6vmin,2.2rem)]">{t('live.host.ended_body')}</p> : null}
      {top.length === 0 ? (
        <p className="text-[clamp(1.1rem,3vmin,2.4rem)]">{t('live.host.nobody_scored')}</p>
      ) : (
        <ol aria-label={t('live.host.podium')} className="flex w-full max-w-[min(92vw,70rem)] items-end justify-center gap-[2vmin]">
          {PODIUM_ORDER.filter((i) => top[i]).map((i) => {
            const s = top[i]!;
            return (
              <li key={s.player_id} value={s.rank} data-podium={i + 1} className="flex min-w-0 flex-1 flex-col items-center gap-[0.5vmin]">
                {i === 0 ? <Trophy aria-hidden="true" className="size-[clamp(2rem,7vmin,5.5rem)] text-white motion-safe:animate-pop" /> : null}
                <span dir="auto" className="max-w-full truncate text-[clamp(1.1rem,4vmin,3.4rem)] font-bold">
                  {s.nickname}
                </span>
                <span className="text-[clamp(1rem,2.8vmin,2.4rem)] font-semibold tabular-nums">{t('live.points', { count: s.score })}</span>
                <span
                  className={`flex w-full items-start justify-center rounded-t-card pt-[1vmin] font-display text-[clamp(2rem,8vmin,6.5rem)] font-bold text-white shadow-chunky motion-safe:animate-pop ${PODIUM_HEIGHT[i]} ${PODIUM_TONE[i]}`}
                  style={{ animationDelay: `${(2 - i) * 250}ms` }}
                >
                  <span className="sr-only">{t('live.host.place', { rank: s.rank })}</span>
                  <span aria-hidden="true">{s.rank}</span>
                </span>
              </li>
            );
          })}
        </ol>
      )}
      {rest.length > 0 ? (
        <section aria-labelledby="live-rest-heading" className="flex min-h-0 w-full max-w-[min(92vw,70rem)] flex-1 flex-col">
          <h3 id="live-rest-heading" className="sr-only">
            {t('live.host.rest')}
          </h3>
          <ol className="grid min-h-0 flex-1 auto-rows-min gap-x-[3vmin] gap-y-1 overflow-y-auto landscape:grid-cols-2">
            {rest.map((s) => (
              <StandingRow key={s.player_id} standing={s} />
            ))}
          </ol>
        </section>
      ) : null}
    </div>
  );
}

function StandingRow({ standing }: { standing: LiveStanding }) {
  const { i18n } = useTranslation();
  return (
    <li value={standing.rank} className="flex items-center gap-3 rounded-control bg-surface px-3 py-1 text-[clamp(1rem,2.4vmin,2rem)] font-semibold text-fg">
      <span className="w-[2em] tabular-nums text-fg-muted">{standing.rank}</span>
      <span dir="auto" className="min-w-0 flex-1 truncate align-with-row">
        {standing.nickname}
      </span>
      <span className="tabular-nums">{formatNumber(standing.score, i18n.language)}</span>
    </li>
  );
}

/** The game is paused, by the host or because the host's screen went away. */
export function PausedScreen({ game }: { game: LiveGameView }) {
  const { t } = useTranslation();
  return (
    <div data-live-host-phase="paused" className="flex flex-1 flex-col items-center justify-center gap-[2vmin] p-[4vmin] text-center text-white">
      <PauseCircle aria-hidden="true" className="size-[clamp(3rem,14vmin,10rem)]" />
      <h2 className="text-[clamp(1.8rem,7vmin,6rem)] font-bold">{t('live.paused')}</h2>
      <p className="max-w-[70vw] text-[clamp(1.1rem,3vmin,2.6rem)]">{t(game.paused === 'host_left' ? 'live.host.paused_host_left' : 'live.host.paused_body')}</p>
      <p className="rounded-full bg-white/15 px-[2vmin] py-[0.5vmin] text-[clamp(1rem,2.6vmin,2.2rem)] font-semibold" dir="ltr">
        {t('live.pin_line', { pin: game.pin })}
      </p>
    </div>
  );
}
