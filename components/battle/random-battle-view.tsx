'use client';

import { useSelector } from '@xstate/react';
import { useTranslation } from '@/services/client/i18n';
import { SecondsLeft } from '@/components/battle/battle-countdown';
import { BattleBusy, BattleNoticePanel, ConnectionLostPanel } from '@/components/battle/battle-panels';
import { BattlePlayers } from '@/components/battle/battle-players';
import { BattleResult } from '@/components/battle/battle-result';
import { BattleScreen, LeaveButton } from '@/components/battle/battle-screen';
import { refusalText } from '@/components/battle/battle-text';
import { RandomBattleSetup, type BattleCategory } from '@/components/battle/random-battle-setup';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { playerOf } from '@/machines/battle-play/battle-room';
import type { RandomBattleActorRef, RandomBattleSnapshot } from '@/machines/random-battle/random-battle.machine';

export type RandomScreen =
  | 'idle'
  | 'finding'
  | 'connecting'
  | 'searching'
  | 'noOpponent'
  | 'retrying'
  | 'startingBot'
  | 'matched'
  | 'playing'
  | 'opponentLeft'
  | 'result'
  | 'deleted'
  | 'unavailable'
  | 'connectionLost'
  | 'leaving';

/** The screen: the machine's state (inside the room, the room's state). */
export const selectRandomScreen = (s: RandomBattleSnapshot): RandomScreen => {
  const value = s.value;
  if (typeof value === 'string') return (value === 'start' ? 'idle' : value) as RandomScreen;
  const room = (value as { room: string }).room;
  return (room === 'route' ? 'connecting' : room) as RandomScreen;
};

function Searching({ actorRef }: { actorRef: RandomBattleActorRef }) {
  const { t } = useTranslation();
  const countdownRef = useSelector(actorRef, (s) => s.children.countdown);
  return (
    <Card as="section" aria-labelledby="battle-search-title" className="flex flex-col items-center gap-4 py-10 text-center">
      <Spinner />
      <h1 id="battle-search-title" className="text-xl font-bold">
        {t('battle.searching.title')}
      </h1>
      <p aria-live="off" className="text-lg">
        {countdownRef ? <SecondsLeft countdownRef={countdownRef} /> : null}
      </p>
      <LeaveButton actorRef={actorRef} label={t('battle.cancel')} title={t('battle.searching.cancel_title')} message={t('battle.searching.cancel_message')} />
    </Card>
  );
}

function NoOpponent({ actorRef }: { actorRef: RandomBattleActorRef }) {
  const { t } = useTranslation();
  const error = useSelector(actorRef, (s) => s.context.error);
  return (
    <Card as="section" className="flex flex-col items-center gap-4 py-8 text-center">
      <p role="alert" className="capitalise-first text-lg font-semibold">
        {t('battle.no_opponent')}
      </p>
      {error ? <Alert className="w-full">{refusalText(t, error.code)}</Alert> : null}
      <div className="flex w-full flex-col gap-2 sm:flex-row sm:justify-center">
        <Button autoFocus onClick={() => actorRef.send({ type: 'user.retry' })}>
          {t('battle.retry')}
        </Button>
        <Button variant="secondary" onClick={() => actorRef.send({ type: 'user.bot' })}>
          {t('battle.play_bot')}
        </Button>
      </div>
      <LeaveButton actorRef={actorRef} label={t('battle.cancel')} title={t('battle.searching.cancel_title')} message={t('battle.searching.cancel_message')} />
    </Card>
  );
}

function Matched({ actorRef }: { actorRef: RandomBattleActorRef }) {
  const { t } = useTranslation();
  const doc = useSelector(actorRef, (s) => s.context.doc);
  const userId = useSelector(actorRef, (s) => s.context.userId);
  if (!doc) return null;
  return (
    <Card as="section" aria-labelledby="battle-matched-title" className="flex flex-col items-center gap-4 py-8 text-center">
      <div role="status">
        <h1 id="battle-matched-title" className="text-2xl font-bold">
          {t('battle.matched.title')}
        </h1>
      </div>
      <BattlePlayers doc={doc} userId={userId} question={null} />
      <p className="text-fg-muted">{t('battle.matched.get_ready')}</p>
      <LeaveButton actorRef={actorRef} label={t('battle.leave')} title={t('battle.leave_confirm.title')} message={t('battle.leave_confirm.message')} />
    </Card>
  );
}

function Playing({ actorRef }: { actorRef: RandomBattleActorRef }) {
  const doc = useSelector(actorRef, (s) => s.context.doc);
  const userId = useSelector(actorRef, (s) => s.context.userId);
  const playRef = useSelector(actorRef, (s) => s.children.play);
  if (!doc || !playRef) return null;
  return <BattleScreen actorRef={actorRef} doc={doc} userId={userId} playRef={playRef} />;
}

function OpponentLeft({ actorRef }: { actorRef: RandomBattleActorRef }) {
  const { t } = useTranslation();
  const finished = useSelector(actorRef, (s) => s.context.doc?.status === 'finished');
  if (!finished) return <BattleBusy label={t('battle.opponent_left')} />;
  return <BattleNoticePanel message={t('battle.opponent_left')} actionLabel={t('battle.see_result')} onAction={() => actorRef.send({ type: 'user.continue' })} />;
}

function Unavailable({ actorRef }: { actorRef: RandomBattleActorRef }) {
  const { t } = useTranslation();
  const iLeft = useSelector(actorRef, (s) => (s.context.doc ? playerOf(s.context.doc, s.context.userId)?.left === true : false));
  return <BattleNoticePanel message={t(iLeft ? 'battle.you_left' : 'codes.room_destroyed')} actionLabel={t('battle.back')} onAction={() => actorRef.send({ type: 'user.back' })} />;
}

export interface RandomBattleViewProps {
  actorRef: RandomBattleActorRef;
  /** The categories to choose from (the page loads them); none: any category. */
  categories: readonly BattleCategory[];
  /** `random_battle_entry_coin`. */
  baseFee: number;
}

/** A random battle, screen by screen as the machine says: the views read with useSelector and send. */
export function RandomBattleView({ actorRef, categories, baseFee }: RandomBattleViewProps) {
  const { t } = useTranslation();
  const screen = useSelector(actorRef, selectRandomScreen);
  const doc = useSelector(actorRef, (s) => s.context.doc);
  const userId = useSelector(actorRef, (s) => s.context.userId);
  const winStreak = useSelector(actorRef, (s) => s.context.winStreak);

  switch (screen) {
    case 'idle':
      return <RandomBattleSetup actorRef={actorRef} categories={categories} baseFee={baseFee} />;
    case 'finding':
      return <BattleBusy label={t('battle.finding')} />;
    case 'connecting':
      return <BattleBusy label={t('battle.connecting')} />;
    case 'searching':
      return <Searching actorRef={actorRef} />;
    case 'noOpponent':
      return <NoOpponent actorRef={actorRef} />;
    case 'retrying':
      return <BattleBusy label={t('battle.finding')} />;
    case 'startingBot':
      return <BattleBusy label={t('battle.starting_bot')} />;
    case 'matched':
      return <Matched actorRef={actorRef} />;
    case 'playing':
      return <Playing actorRef={actorRef} />;
    case 'opponentLeft':
      return <OpponentLeft actorRef={actorRef} />;
    case 'result':
      return doc ? (
        <BattleResult
          doc={doc}
          userId={userId}
          winStreak={winStreak}
          onPlayAgain={() => actorRef.send({ type: 'user.play_again' })}
          onBack={() => actorRef.send({ type: 'user.back' })}
        />
      ) : null;
    case 'deleted':
      return <BattleNoticePanel message={t('room.deleted')} actionLabel={t('battle.back')} onAction={() => actorRef.send({ type: 'user.back' })} />;
    case 'unavailable':
      return <Unavailable actorRef={actorRef} />;
    case 'connectionLost':
      return <ConnectionLostPanel />;
    case 'leaving':
      return <BattleBusy label={t('battle.leaving')} />;
  }
}
