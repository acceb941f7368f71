'use client';

import { useTranslation } from '@/services/client/i18n';
import { outcomeKey } from '@/components/battle/battle-text';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TrophyIcon } from '@/components/ui/icons';
import { resultOf } from '@/machines/battle-play/battle-room';
import type { RoomDocument } from '@/services/domain/rooms';

export interface BattleResultProps {
  doc: RoomDocument;
  userId: number;
  /** Back-to-back random wins, when the page keeps them (random battles against people). */
  winStreak?: number | null;
  onPlayAgain: () => void;
  onBack?: () => void;
}

/**
 * The end of a battle as the room settled it: the player's outcome (announced), everyone's
 * points, right answers and coins, why it ended early, and the back-to-back wins.
 */
export function BattleResult({ doc, userId, winStreak = null, onPlayAgain, onBack }: BattleResultProps) {
  const { t } = useTranslation();
  const result = doc.result;
  const mine = resultOf(doc, userId);
  if (!result || !mine) return null;
  const won = mine.outcome === 'win' || mine.outcome === 'victory';
  const nameOf = (id: number) => doc.players.find((p) => p.user_id === id)?.name ?? '';
  return (
    <Card as="section" aria-labelledby="battle-result-title" className="flex flex-col gap-4">
      <div role="status" className="flex flex-col items-center gap-2 text-center">
        {won ? <TrophyIcon className="size-10 text-accent" /> : null}
        <h1 id="battle-result-title" className="text-2xl font-bold">
          {t(outcomeKey(mine.outcome))}
        </h1>
        <p className="text-lg">{t('battle.result.your_points', { points: mine.points })}</p>
        {!doc.vs_bot ? <p className="font-semibold">{t('battle.result.coins_won', { coins: mine.coins_won })}</p> : null}
      </div>
      {result.reason === 'opponents_left' ? <p className="text-center text-fg-muted">{t(doc.type === 'group' ? 'battle.opponents_left' : 'battle.opponent_left')}</p> : null}
      {result.reason === 'aborted' ? <p className="text-center text-fg-muted">{t('battle.result.aborted')}</p> : null}
      <table className="w-full text-start">
        <caption className="sr-only">{t('battle.result.table')}</caption>
        <thead>
          <tr className="text-sm text-fg-muted">
            <th scope="col" className="py-1 text-start font-medium">
              {t('battle.result.player')}
            </th>
            <th scope="col" className="py-1 text-end font-medium">
              {t('battle.result.points')}
            </th>
            <th scope="col" className="py-1 text-end font-medium">
              {t('battle.result.correct')}
            </th>
          </tr>
        </thead>
        <tbody>
          {result.entries.map((e) => (
            <tr key={e.user_id} className={`border-t border-line ${e.user_id === userId ? 'font-semibold' : ''}`}>
              <th scope="row" dir="auto" className="py-2 text-start font-normal">
                {nameOf(e.user_id)} <span className="text-sm text-fg-muted">({t(outcomeKey(e.outcome))})</span>
              </th>
              <td className="py-2 text-end tabular-nums">{e.points}</td>
              <td className="py-2 text-end tabular-nums">{e.correct}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {doc.vs_bot ? <p className="text-sm text-fg-muted">{t('battle.result.vs_bot')}</p> : null}
      {winStreak !== null && !doc.vs_bot ? <p className="rounded-control bg-accent-soft p-3 text-center font-semibold">{t('battle.result.win_streak', { count: winStreak })}</p> : null}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button autoFocus onClick={onPlayAgain}>
          {t('battle.result.play_again')}
        </Button>
        {onBack ? (
          <Button variant="secondary" onClick={onBack}>
            {t('battle.back')}
          </Button>
        ) : null}
      </div>
    </Card>
  );
}
