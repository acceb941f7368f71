'use client';

import { useActorRef, useSelector } from '@xstate/react';
import { Expand, FileText, Lock, LockOpen, Pause, Play, Power, SkipForward, Volume2, VolumeX, WifiOff } from 'lucide-react';
import { useEffect, useEffectEvent, useRef, useState, type ReactNode } from 'react';
import { LiveHostSetup } from '@/components/live/live-host-setup';
import { LeaderboardScreen, LobbyScreen, PausedScreen, PodiumScreen, QuestionScreen, RevealScreen, type LiveHostScreen } from '@/components/live/live-host-screens';
import { useImmersive } from '@/components/shell/immersive';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import type { LiveHostContext, LiveHostEvent } from '@/machines/live-host/live-host.machine';
import { useTranslation } from '@/services/client/i18n';
import { liveFeed } from '@/services/client/live-feed';
import { createLiveHostMachine } from '@/services/client/live-host-services';
import { machineInspector } from '@/services/client/machine-inspector';
import { messageKeyFor } from '@/services/domain/code-messages';
import type { LiveGameView } from '@/services/domain/live';
import { useLiveHostSound } from '@/components/live/use-live-host-sound';

/**
 * /live/host/: the host's screen of a live game (docs/live.md). Thin: everything is the host's
 * machine (machines/live-host); this draws its state full screen (the site's frame steps aside
 * while hosting), with the controls along the bottom, by button and by key. The game's id goes
 * into the address (`?game=<id>`), so a reload comes back to the game as it stands.
 */
/** The screen a machine state draws, and whether a control is on its way. */
export function hostScreenOf(value: unknown): { screen: LiveHostScreen; sending: boolean } {
  if (typeof value === 'string') return { screen: value as LiveHostScreen, sending: false };
  const hosting = (value as { hosting: { screen: string; command: string } }).hosting;
  return { screen: (hosting.screen === 'route' ? 'lobby' : hosting.screen) as LiveHostScreen, sending: hosting.command === 'sending' };
}

/**
 * What the host's Next button does on a screen: start, skip to the reveal, show the leaderboard,
 * and from a leaderboard the next question, or the podium once every question has been shown.
 */
export function nextLabelKey(screen: LiveHostScreen, game: Pick<LiveGameView, 'questions_shown' | 'question_count'>): string {
  if (screen === 'lobby') return 'live.host.start';
  if (screen === 'question') return 'live.host.skip';
  if (screen === 'reveal') return 'live.host.show_leaderboard';
  return game.questions_shown >= game.question_count ? 'live.host.show_podium' : 'live.host.next_question';
}

/** The keys that move the game on (case aside). */
const NEXT_KEYS = ['n', 'arrowright'];

export function LiveHostPage({ gameId, setId }: { gameId?: number; setId?: number }) {
  const [logic] = useState(() => createLiveHostMachine());
  const actor = useActorRef(logic, { input: gameId ? { gameId } : setId ? { form: { setId } } : {}, inspect: machineInspector() });
  const value = useSelector(actor, (s) => s.value);
  const context = useSelector(actor, (s) => s.context);
  const { screen, sending } = hostScreenOf(value);
  const hosting = typeof value === 'object';

  // The server's clock, four times a second: the machine reads no clock of its own.
  useEffect(() => {
    const id = window.setInterval(() => actor.send({ type: 'clock.tick', now: liveFeed.serverNow() }), 250);
    return () => window.clearInterval(id);
  }, [actor]);

  // The game's id in the address: a reload of this page comes back to it.
  useEffect(() => {
    const url = context.gameId !== null ? `/live/host/?game=${context.gameId}` : '/live/host/';
    if (`${window.location.pathname}${window.location.search}` !== url) window.history.replaceState(window.history.state, '', url);
  }, [context.gameId]);

  useImmersive(hosting);
  const send = (event: LiveHostEvent) => actor.send(event);
  return (
    <div data-live-host={screen} className={hosting ? 'fixed inset-0 z-40 flex flex-col bg-canvas' : 'px-4 py-6'}>
      <HostBody screen={screen} sending={sending} context={context} send={send} />
    </div>
  );
}

function HostBody({ screen, sending, context, send }: { screen: LiveHostScreen; sending: boolean; context: LiveHostContext; send: (e: LiveHostEvent) => void }) {
  const { t } = useTranslation();
  const errorText = context.error && context.error !== 'category_required' ? t(errorKey(context.error)) : null;
  if (screen === 'start' || screen === 'loading') {
    return (
      <div role="status" className="flex min-h-[50dvh] flex-col items-center justify-center gap-3">
        <Spinner />
        <p className="text-lg font-semibold">{t('live.host.loading')}</p>
      </div>
    );
  }
  if (screen === 'setup' || screen === 'creating') {
    return <LiveHostSetup form={context.form} error={context.error} errorText={errorText} busy={screen === 'creating'} onForm={(form) => send({ type: 'user.form', form })} onCreate={() => send({ type: 'user.create' })} />;
  }
  return <Stage screen={screen} sending={sending} context={context} send={send} errorText={errorText} />;
}

/** The game full screen: a bar with the game, the screen of the moment, the controls. */
function Stage({ screen, sending, context, send, errorText }: { screen: LiveHostScreen; sending: boolean; context: LiveHostContext; send: (e: LiveHostEvent) => void; errorText: string | null }) {
  const { t } = useTranslation();
  const game = context.game!;
  const [confirmEnd, setConfirmEnd] = useState(false);
  const [muted, setMuted] = useLiveHostSound(screen, context);
  // The page is drawn in the browser only (a lazy chunk): the address is there from the first render.
  const [origin] = useState(() => (typeof window === 'undefined' ? '' : window.location.origin));
  const stageRef = useRef<HTMLDivElement>(null);

  const running = screen !== 'podium' && screen !== 'ended';
  const over = !running;
  const q = game.question;
  const nextLabel = t(nextLabelKey(screen, game));
  const canNext = running && screen !== 'paused' && !sending;
  const fullScreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void stageRef.current?.requestFullscreen?.().catch(() => undefined);
  };

  // The controls' keys; never while a field or a dialog has the keys.
  const onKey = useEffectEvent((key: string) => {
    if (NEXT_KEYS.includes(key) && canNext) send({ type: 'user.next' });
    else if (key === 'p' && running && !sending) send({ type: screen === 'paused' ? 'user.resume' : 'user.pause' });
    else if (key === 'e' && running) setConfirmEnd(true);
    else if (key === 'l' && screen === 'lobby' && !sending) send({ type: 'user.lock', locked: !game.locked });
    else if (key === 'm') setMuted((m) => !m);
    else if (key === 'f') fullScreen();
  });
  useEffect(() => {
    const listener = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey || e.repeat) return;
      const target = e.target as HTMLElement | null;
      if (target?.closest('input, select, textarea, [role="dialog"], [role="alertdialog"]')) return;
      onKey(e.key.toLowerCase());
    };
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);

  let body: ReactNode;
  switch (screen) {
    case 'question':
      body = q ? <QuestionScreen game={game} question={q} now={context.now} answered={context.answered} players={context.playerCount} /> : null;
      break;
    case 'reveal':
      body = q ? <RevealScreen game={game} question={q} busy={sending} onHideWord={(word) => send({ type: 'user.hideWord', word })} /> : null;
      break;
    case 'leaderboard':
      body = <LeaderboardScreen game={game} />;
      break;
    case 'paused':
      body = <PausedScreen game={game} />;
      break;
    case 'podium':
    case 'ended':
      body = <PodiumScreen game={game} ended={screen === 'ended'} />;
      break;
    default:
      body = <LobbyScreen game={game} players={context.players} origin={origin} busy={sending} onRemove={(playerId) => send({ type: 'user.remove', playerId })} />;
  }

  return (
    <div ref={stageRef} className="flex min-h-0 flex-1 flex-col bg-canvas">
      <header className="flex items-center justify-between gap-3 border-b border-line px-[2vmin] py-2 text-[clamp(0.9rem,2vmin,1.5rem)] font-semibold">
        <h1 dir="auto" className="min-w-0 truncate font-display text-[clamp(1rem,2.6vmin,2rem)] font-bold">
          {game.title}
        </h1>
        <div className="flex shrink-0 items-center gap-[2vmin]">
          {screen !== 'lobby' ? (
            <span dir="ltr" className="tabular-nums">
              {t('live.pin_line', { pin: game.pin })}
            </span>
          ) : null}
          <span className="tabular-nums">{t('live.host.players', { count: context.playerCount })}</span>
          {!context.online ? (
            <span role="status" className="flex items-center gap-1 text-danger">
              <WifiOff aria-hidden="true" className="size-[1.2em]" />
              {t('live.reconnecting')}
            </span>
          ) : null}
        </div>
      </header>
      {q?.restarted && (screen === 'question' || screen === 'paused') ? (
        <Alert tone="info" className="mx-[2vmin] mt-2 text-[clamp(1rem,2.2vmin,1.8rem)]">
          {t('live.restarted')}
        </Alert>
      ) : null}
      <div className="flex min-h-0 flex-1 flex-col bg-linear-to-br from-tone-indigo to-tone-violet">{body}</div>
      <footer className="flex flex-wrap items-center gap-2 border-t border-line bg-surface px-[2vmin] py-2">
        {errorText ? (
          <Alert className="basis-full py-2">{errorText}</Alert>
        ) : null}
        {running ? (
          <>
            {screen === 'paused' ? (
              <Button disabled={sending} onClick={() => send({ type: 'user.resume' })} aria-keyshortcuts="P">
                <Play aria-hidden="true" className="size-5" />
                {t('live.host.resume')}
              </Button>
            ) : (
              <Button disabled={!canNext} onClick={() => send({ type: 'user.next' })} aria-keyshortcuts="N ArrowRight" className="text-lg">
                <SkipForward aria-hidden="true" className="size-5" />
                {nextLabel}
              </Button>
            )}
            {screen === 'lobby' ? (
              <Button variant="secondary" disabled={sending} aria-pressed={game.locked} onClick={() => send({ type: 'user.lock', locked: !game.locked })} aria-keyshortcuts="L">
                {game.locked ? <Lock aria-hidden="true" className="size-5" /> : <LockOpen aria-hidden="true" className="size-5" />}
                {t(game.locked ? 'live.host.unlock' : 'live.host.lock')}
              </Button>
            ) : screen !== 'paused' ? (
              <Button variant="secondary" disabled={sending} onClick={() => send({ type: 'user.pause' })} aria-keyshortcuts="P">
                <Pause aria-hidden="true" className="size-5" />
                {t('live.host.pause')}
              </Button>
            ) : null}
            <Button variant="ghost" disabled={sending} onClick={() => setConfirmEnd(true)} aria-keyshortcuts="E">
              <Power aria-hidden="true" className="size-5" />
              {t('live.host.end')}
            </Button>
          </>
        ) : (
          <>
            <ButtonLink href={`/live/reports/?game=${game.id}`}>
              <FileText aria-hidden="true" className="size-5" />
              {t('live.host.report')}
            </ButtonLink>
            <Button variant="secondary" onClick={() => send({ type: 'user.again' })}>
              {t('live.host.again')}
            </Button>
          </>
        )}
        <span className="flex-1" />
        <p className="hidden text-sm text-fg-muted lg:block">{over ? t('live.host.keys_over') : t('live.host.keys')}</p>
        <Button variant="secondary" aria-pressed={!muted} onClick={() => setMuted((m) => !m)} aria-keyshortcuts="M" aria-label={t('live.host.sound')}>
          {muted ? <VolumeX aria-hidden="true" className="size-5" /> : <Volume2 aria-hidden="true" className="size-5" />}
        </Button>
        <Button variant="secondary" onClick={fullScreen} aria-keyshortcuts="F" aria-label={t('live.host.full_screen')}>
          <Expand aria-hidden="true" className="size-5" />
        </Button>
      </footer>
      <ConfirmDialog
        open={confirmEnd}
        title={t('live.host.end_title')}
        message={t('live.host.end_message')}
        confirmLabel={t('live.host.end_confirm')}
        cancelLabel={t('live.host.keep_playing')}
        onCancel={() => setConfirmEnd(false)}
        onConfirm={() => {
          setConfirmEnd(false);
          send({ type: 'user.end' });
        }}
      />
    </div>
  );
}

/** The interface text of a refusal the host's screen shows. */
function errorKey(code: string): string {
  if (code === 'network') return 'live.network';
  return messageKeyFor(code);
}
