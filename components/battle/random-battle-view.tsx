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
import { Avatar } from '@/components/ui/avatar';
import { Coins, Swords } from 'lucide-react';
import { useAppSelector } from '@/services/store/hooks';
import { playerOf } from '@/machines/battle-play/battle-room';
import { entryFeeFor, type RandomBattleActorRef, type RandomBattleSnapshot } from '@/machines/random-battle/random-battle.machine';

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

/** The search: the player against an empty seat, with the stake and the category on the table. */
function Searching({ actorRef, categories, baseFee }: { actorRef: RandomBattleActorRef; categories: readonly BattleCategory[]; baseFee: number }) {
  const { t } = useTranslation();
  const countdownRef = useSelector(actorRef, (s) => s.children.countdown);
  const category = useSelector(actorRef, (s) => s.context.category);
  const multiplier = useSelector(actorRef, (s) => s.context.feeMultiplier);
  const me = useAppSelector((s) => s.user.data);
  const myName = me?.name || t('battle.you');
  const fee = entryFeeFor(baseFee, multiplier);
  const categoryName = category ? (categories.find((c) => c.slug === category)?.name ?? category) : t('battle.setup.any_category');
  return (
    <section aria-labelledby="battle-search-title" className="flex flex-col items-center gap-5 rounded-tile bg-tone-rose p-5 text-center text-white shadow-chunky">
      <h1 id="battle-search-title" className="text-xl font-bold">
        {t('battle.searching.title')}
      </h1>
      <div className="flex w-full items-start justify-center gap-3">
        <div className="flex min-w-0 flex-1 flex-col items-center gap-2">
          <span className="rounded-full ring-4 ring-white">
            <Avatar src={me?.profile} name="" seed={myName} size={72} />
          </span>
          <span dir="auto" className="break-words font-display text-lg font-bold leading-tight">
            {myName}
          </span>
        </div>
        <span aria-hidden="true" className="mt-5 inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-white font-display text-xl font-bold text-tone-rose shadow-chunky">
          <Swords className="size-6" />
        </span>
        <div className="flex min-w-0 flex-1 flex-col items-center gap-2">
          <span aria-hidden="true" className="inline-flex size-[72px] items-center justify-center rounded-full border-4 border-dashed border-white/80 font-display text-3xl font-bold motion-safe:animate-pulse-urgent">
            ?
          </span>
          <span className="font-display text-lg font-bold leading-tight">{t('battle.searching.opponent')}</span>
        </div>
      </div>
      <dl className="grid w-full grid-cols-2 gap-2 text-start">
        <div className="rounded-control bg-white/15 p-2">
          <dt className="text-sm">{t('battle.setup.fee')}</dt>
          <dd className="flex items-center gap-1 font-display text-lg font-bold">
            <Coins aria-hidden="true" className="size-5" />
            {t('battle.coins', { coins: fee, count: fee })}
          </dd>
        </div>
        <div className="rounded-control bg-white/15 p-2">
          <dt className="text-sm">{t('battle.setup.category')}</dt>
          <dd dir="auto" className="break-words font-display text-lg font-bold leading-tight">
            {categoryName}
          </dd>
        </div>
      </dl>
      <p aria-live="off" className="text-lg font-semibold">
        {countdownRef ? <SecondsLeft countdownRef={countdownRef} /> : null}
      </p>
      <LeaveButton variant="secondary" actorRef={actorRef} label={t('battle.cancel')} title={t('battle.searching.cancel_title')} message={t('battle.searching.cancel_message')} />
    </section>
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
      return <Searching actorRef={actorRef} categories={categories} baseFee={baseFee} />;
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
