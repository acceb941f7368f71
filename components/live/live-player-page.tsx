'use client';

import { useActorRef, useSelector } from '@xstate/react';
import { CircleCheck, CircleX, Flame, Lock, MessageCircleHeart, PauseCircle, TimerOff, Trophy } from 'lucide-react';
import Link from 'next/link';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { QuestionAnswer, SecondsLeft } from '@/components/live/answer-inputs';
import { PlayExit } from '@/components/quiz-play/play-exit';
import { useImmersive } from '@/components/shell/immersive';
import { teamName, TeamSwatch } from '@/components/live/team-badge';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import type { LivePlayerContext } from '@/machines/live-player/live-player.machine';
import { machineInspector } from '@/services/client/machine-inspector';
import { useTranslation } from '@/services/client/i18n';
import { useGameSound } from '@/services/client/use-game-sound';
import { liveFeed } from '@/services/client/live-feed';
import { createLivePlayerMachine, storedSeat } from '@/services/client/live-services';
import { secondsLeft, LIVE_NICKNAME_MAX } from '@/services/domain/live';
import { isUngraded } from '@/services/domain/live-kinds';
import { messageKeyFor } from '@/services/domain/code-messages';
import { selectUser } from '@/services/store/selectors';
import { useAppSelector } from '@/services/store/hooks';

/**
 * /live/: a player's phone in a live game (docs/live.md). The PIN (from the link of the host's QR
 * code when there is one), a nickname or "join as me", then the game as the host's screen moves
 * it. Thin: everything is the phone's machine (machines/live-player); this draws its state.
 */
export function LivePlayerPage({ pin }: { pin?: string }) {
  const user = useAppSelector(selectUser);
  const [logic] = useState(() => createLivePlayerMachine());
  const [input] = useState(() => {
    const seat = storedSeat();
    return { ...(pin ? { pin } : {}), name: user.isLogin ? (user.data?.name ?? null) : null, ...(seat && !pin ? { gameId: seat.gameId, token: seat.token } : {}) };
  });
  const actor = useActorRef(logic, { input, inspect: machineInspector() });
  const value = useSelector(actor, (s) => s.value);
  const context = useSelector(actor, (s) => s.context);

  // The server's clock, once a second and at the question's opening: the machine reads no clock of its own.
  useEffect(() => {
    const tick = () => actor.send({ type: 'clock.tick', now: liveFeed.serverNow() });
    const id = window.setInterval(tick, 250);
    return () => window.clearInterval(id);
  }, [actor]);

  const state = typeof value === 'string' ? value : `playing.${(value as { playing: string }).playing}`;
  // A running game is immersive, as every play screen: no app bar or tabs a stray tap would leave
  // it by; its one way out is the close button, which asks. The final screens give the frame back.
  const inGame = state.startsWith('playing.') && state !== 'playing.final' && state !== 'playing.removed';
  useImmersive(inGame);
  return (
    <main className={`mx-auto flex w-full max-w-md flex-col gap-4 px-4 py-4 ${inGame ? 'min-h-dvh' : 'min-h-[calc(100dvh-9rem)]'}`} data-live-phase={state}>
      <LiveScreen state={state} context={context} send={(e) => actor.send(e)} />
    </main>
  );
}

type Send = (event: { type: 'user.pin'; pin: string } | { type: 'user.nickname'; nickname: string } | { type: 'user.team'; team: number } | { type: 'user.submit' } | { type: 'user.join_as_me' } | { type: 'user.answer'; answer: string } | { type: 'user.again' }) => void;

function LiveScreen({ state, context, send }: { state: string; context: LivePlayerContext; send: Send }) {
  const { t } = useTranslation();
  const error = context.error ? <Alert>{t(errorKey(context.error))}</Alert> : null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'user.submit' });
  };

  if (state === 'start' || state === 'rejoining' || state === 'checking' || state === 'joining' || state === 'joiningAsMe') {
    return (
      <div role="status" className="flex flex-1 flex-col items-center justify-center gap-3">
        <Spinner />
        <p className="text-lg font-semibold">{t(state === 'rejoining' ? 'live.rejoining' : 'live.joining')}</p>
      </div>
    );
  }

  if (state === 'pin') {
    return (
      <form onSubmit={submit} className="flex flex-1 flex-col justify-center gap-4" noValidate>
        <h1 className="text-center font-display text-3xl font-bold">{t('live.join_title')}</h1>
        <label htmlFor="live-pin" className="sr-only">
          {t('live.pin')}
        </label>
        <input
          id="live-pin"
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
        <Link href="/live/assignment/" className="mt-4 self-center font-medium">
          {t('assignment.homework_link')}
        </Link>
        <Link href="/live/host/" className="self-center font-medium">
          {t('live.host_a_game')}
        </Link>
      </form>
    );
  }

  if (state === 'nickname') {
    const entry = context.entry;
    const generated = entry?.names === 'generated';
    const choose = entry !== null && entry.teams > 0 && entry.team_mode === 'choose';
    return (
      <form onSubmit={submit} className="flex flex-1 flex-col justify-center gap-4" noValidate>
        <h1 className="text-center font-display text-2xl font-bold">{t(generated ? 'live.join_title' : 'live.nickname_title')}</h1>
        <p className="text-center text-fg-muted">
          {entry ? <bdi className="font-semibold">{entry.title}</bdi> : null} {t('live.pin_line', { pin: context.pin })}
        </p>
        {generated ? (
          <p className="rounded-card bg-accent-soft p-4 text-center text-lg">{t('live.generated_note')}</p>
        ) : (
          <TextField id="live-nickname" label={t('live.nickname')} value={context.nickname} maxLength={LIVE_NICKNAME_MAX} autoComplete="nickname" onChange={(e) => send({ type: 'user.nickname', nickname: e.target.value })} />
        )}
        {choose ? (
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-lg font-semibold">{t('live.choose_team')}</legend>
            {/* Up to four teams a tile each across the phone; more in two columns. */}
            <div className={`grid gap-2 ${entry.teams > 4 ? 'grid-cols-2 text-sm' : 'grid-cols-1 text-lg'}`}>
              {Array.from({ length: entry.teams }, (_, i) => i + 1).map((team) => (
                <label
                  key={team}
                  className={`flex min-h-14 cursor-pointer items-center gap-2 rounded-control border-2 px-3 font-bold focus-within:outline-3 focus-within:outline-focus ${context.team === team ? 'border-accent bg-accent-soft ring-2 ring-accent' : 'border-line-strong bg-surface'}`}
                >
                  <input type="radio" name="live-team" className="size-5 shrink-0" checked={context.team === team} onChange={() => send({ type: 'user.team', team })} />
                  <TeamSwatch team={team} className="size-6" />
                  <span className="min-w-0 flex-1">{teamName(t, team)}</span>
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}
        {error}
        <Button type="submit" className="text-lg">
          {t('live.join')}
        </Button>
        {context.name && !generated ? (
          <Button variant="secondary" onClick={() => send({ type: 'user.join_as_me' })}>
            {t('live.join_as', { name: context.name })}
          </Button>
        ) : null}
        <Button variant="ghost" onClick={() => send({ type: 'user.again' })}>
          {t('live.other_pin')}
        </Button>
      </form>
    );
  }

  const game = context.game!;
  const me = context.me;
  const q = game.question;
  const header = (
    <div className="flex items-center justify-between gap-2 text-sm font-semibold">
      <PlayExit href="/" message={t('live.exit_message')} />
      <span dir="auto" className="min-w-0 flex-1 truncate">
        {context.nickname || me?.nickname}
      </span>
      <span className="flex items-center gap-3 tabular-nums">
        {q ? <span>{t('live.question_of', { n: q.index + 1, total: game.question_count })}</span> : null}
        <span>{t('live.points', { count: me?.score ?? 0 })}</span>
      </span>
    </div>
  );
  const offline = !context.online ? (
    <p role="status" className="text-center text-sm text-fg-muted">
      {t('live.reconnecting')}
    </p>
  ) : null;

  const big = (title: string, body?: string, icon?: ReactNode) => (
    <div role="status" className="flex flex-1 flex-col items-center justify-center gap-3 text-center">
      {icon}
      <p className="font-display text-2xl font-bold">{title}</p>
      {body ? <p className="text-lg text-fg-muted">{body}</p> : null}
    </div>
  );

  switch (state) {
    case 'playing.lobby':
      return (
        <>
          {header}
          {big(
            t('live.in'),
            t('live.in_body', { nickname: me?.nickname || context.nickname || '' }),
            me?.team ? (
              <span data-my-team={me.team} className="flex items-center gap-2 rounded-full border-2 border-line-strong bg-surface px-4 py-2 text-lg font-bold">
                <TeamSwatch team={me.team} className="size-6" />
                {t('live.your_team', { team: teamName(t, me.team) })}
              </span>
            ) : undefined,
          )}
          {offline}
        </>
      );
    case 'playing.getReady':
      return (
        <>
          {header}
          {q?.restarted ? <Alert tone="info">{t('live.restarted')}</Alert> : null}
          {big(t('live.get_ready'), q?.text)}
          {offline}
        </>
      );
    case 'playing.answering':
    case 'playing.sending':
      return (
        <>
          {header}
          {q?.restarted ? <Alert tone="info">{t('live.restarted')}</Alert> : null}
          <QuestionAnswer question={q!} clock={<SecondsLeft left={secondsLeft(q!, context.now)} />} sending={state === 'playing.sending'} pick={context.pick} onAnswer={(answer) => send({ type: 'user.answer', answer })} />
          {error}
          {offline}
        </>
      );
    case 'playing.locked':
      return (
        <>
          {header}
          {big(t('live.locked'), t('live.locked_body'), <Lock aria-hidden="true" className="size-12 text-accent" />)}
          {offline}
        </>
      );
    case 'playing.timeUp':
      return (
        <>
          {header}
          {big(t('live.time_up'), t('live.time_up_body'))}
          {offline}
        </>
      );
    case 'playing.result':
      return (
        <>
          {header}
          <LiveResult context={context} />
        </>
      );
    case 'playing.standings':
      return (
        <>
          {header}
          {big(me?.rank ? t('live.rank', { rank: me.rank }) : t('live.standings'), t('live.points', { count: me?.score ?? 0 }), <Trophy aria-hidden="true" className="size-12 text-tone-amber" />)}
          {me?.team && me.team_rank ? <p className="text-center text-lg font-semibold">{t('live.team_place', { team: teamName(t, me.team), rank: me.team_rank })}</p> : null}
        </>
      );
    case 'playing.paused':
      return (
        <>
          {header}
          {big(t('live.paused'), t(game.paused === 'host_left' ? 'live.paused_host_left' : 'live.paused_body'), <PauseCircle aria-hidden="true" className="size-12 text-fg-muted" />)}
        </>
      );
    case 'playing.final':
      return (
        <>
          {big(
            me?.rank ? t('live.final_rank', { rank: me.rank }) : t('live.over'),
            t('live.points', { count: me?.score ?? 0 }),
            <Trophy aria-hidden="true" className="size-16 text-tone-amber" />,
          )}
          {me?.team && me.team_rank ? <p className="text-center text-lg font-semibold">{t('live.team_place', { team: teamName(t, me.team), rank: me.team_rank })}</p> : null}
          <Button onClick={() => send({ type: 'user.again' })}>{t('live.play_another')}</Button>
        </>
      );
    case 'playing.removed':
      return (
        <>
          {big(t('codes.live_removed'))}
          <Button onClick={() => send({ type: 'user.again' })}>{t('live.play_another')}</Button>
        </>
      );
    default:
      return null;
  }
}

/**
 * The phone's result of a question, with the weight of the play screen's feedback: a large tick or
 * cross on a full tile of colour, the points counted, the streak, the right answer, the rank, and
 * the same sound and vibration as solo play when the player's setting allows.
 */
function LiveResult({ context }: { context: LivePlayerContext }) {
  const { t } = useTranslation();
  const play = useGameSound();
  const game = context.game!;
  const me = context.me;
  const q = game.question;
  const last = me?.last;
  const right = last?.correct === true;
  const answered = Boolean(last && me?.answer);
  const ungraded = q ? isUngraded(q.type) : false;
  const verdict = ungraded ? (answered ? 'counted' : 'none') : right ? 'right' : answered ? 'wrong' : 'none';
  const answer = !game.reveal ? '' : (game.reveal.answer_text ?? q?.options.filter((o) => game.reveal!.answer.split(',').includes(o.key)).map((o) => o.text).join(' · '));
  const won = (last?.points ?? 0) + (last?.bonus ?? 0);
  const index = last?.index ?? -1;
  useEffect(() => {
    if (index >= 0 && verdict !== 'counted') play(verdict === 'right' ? 'right' : 'wrong');
  }, [index, verdict, play]);
  if (ungraded) {
    // A poll or a word cloud has no right answer: the phone thanks, and says nothing of points.
    return (
      <div role="status" data-live-result={verdict} className="flex flex-1 flex-col items-center justify-center gap-3 rounded-card bg-accent p-6 text-center text-on-accent motion-safe:animate-[pop_240ms_ease-out]">
        {verdict === 'counted' ? <MessageCircleHeart aria-hidden="true" strokeWidth={2.5} className="size-28" /> : <TimerOff aria-hidden="true" strokeWidth={2.5} className="size-28" />}
        <p className="font-display text-4xl font-bold">{verdict === 'counted' ? t('live.counted') : t('live.no_answer')}</p>
        {verdict === 'counted' ? (
          <p className="text-lg">
            {t('live.your_answer')} <bdi className="font-semibold">{q?.type === 'poll' ? (q.options.find((o) => o.key === me?.answer)?.text ?? me?.answer) : me?.answer}</bdi>
          </p>
        ) : null}
        {me?.rank ? <p className="text-lg font-semibold">{t('live.rank', { rank: me.rank })}</p> : null}
      </div>
    );
  }
  const Icon = verdict === 'right' ? CircleCheck : verdict === 'wrong' ? CircleX : TimerOff;
  return (
    <div
      role="status"
      data-live-result={verdict}
      className={`flex flex-1 flex-col items-center justify-center gap-3 rounded-card p-6 text-center text-on-accent motion-safe:animate-[pop_240ms_ease-out] ${verdict === 'right' ? 'bg-success' : 'bg-danger'}`}
    >
      <Icon aria-hidden="true" strokeWidth={2.5} className="size-28" />
      <p className="font-display text-4xl font-bold">{verdict === 'right' ? t('live.right') : verdict === 'wrong' ? t('live.wrong') : t('live.no_answer')}</p>
      <p className="rounded-full bg-black/20 px-5 py-2 font-display text-2xl font-bold tabular-nums">
        {t('live.points_won', { count: won })}
      </p>
      {last && last.bonus > 0 ? (
        <p className="flex items-center gap-1 text-lg font-semibold">
          <Flame aria-hidden="true" className="size-6" />
          {t('live.streak', { count: me?.streak ?? 0, bonus: last.bonus })}
        </p>
      ) : null}
      {!right && answer ? (
        <p className="text-lg">
          {t('live.right_answer_lead')} <bdi className="font-semibold">{answer}</bdi>
        </p>
      ) : null}
      {me?.rank ? <p className="text-lg font-semibold">{t('live.rank', { rank: me.rank })}</p> : null}
    </div>
  );
}

/** The interface text of a refusal the phone shows. */
function errorKey(code: string): string {
  if (code === 'pin_required') return 'live.pin_required';
  if (code === 'nickname_invalid') return 'live.nickname_invalid';
  if (code === 'team_required') return 'live.team_required';
  if (code === 'network') return 'live.network';
  return messageKeyFor(code);
}
