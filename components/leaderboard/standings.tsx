'use client';

import type { ReactNode } from 'react';
import { Crown } from 'lucide-react';
import { useTranslation } from '@/services/client/i18n';
import { Avatar } from '@/components/ui/avatar';

/** One ranked player, as the boards (daily, monthly, all-time) and a contest's board send them. */
export interface Standing {
  readonly user_id: number;
  readonly name: string;
  readonly profile: string | null;
  readonly score: number;
  readonly rank: number;
}

/** Gold, silver and bronze: the medal of ranks 1 to 3 (white text on each meets 4.5:1). */
const MEDAL_BG = ['bg-tone-amber', 'bg-tone-slate', 'bg-tone-orange'] as const;
/** A tie shares the medal: its colour follows the rank, not the place on the podium. */
const medalOf = (rank: number) => (rank >= 1 && rank <= 3 ? MEDAL_BG[rank - 1]! : MEDAL_BG[2]);
/** The podium's columns, second-first-third from the start edge; the list itself stays in rank order for screen readers. */
const PODIUM_COLUMN = ['col-start-2', 'col-start-1', 'col-start-3'] as const;
const PODIUM_STEP = ['h-24', 'h-16', 'h-12'] as const;

interface BoardText {
  /** The player's id, to mark their own row. */
  readonly meId: number | string | undefined;
  /** A score as the board words it ("340 pts"). */
  readonly scoreText: (score: number) => string;
  /** The name shown for a row (a contest names a player without one "Player"). */
  readonly nameOf?: (row: Standing) => string;
}

/** The rank in a medal for the first three, else the number alone; the words "Rank N" for screen readers. */
export function RankMark({ rank, label }: { rank: number | null; label: string }) {
  const medal = rank !== null && rank >= 1 && rank <= 3 ? medalOf(rank) : null;
  return (
    <span
      className={`inline-flex size-9 shrink-0 items-center justify-center rounded-full font-bold tabular-nums ${medal ? `${medal} text-white shadow-chunky` : 'text-fg-muted'}`}
    >
      <span className="sr-only">{label} </span>
      {rank ?? '–'}
    </span>
  );
}

/** The first three on steps: the winner in the middle and highest, with a crown. */
export function Podium<Row extends Standing>({
  top,
  meId,
  scoreText,
  nameOf = (row) => row.name,
  detail,
}: { top: readonly Row[]; detail?: (row: Row) => ReactNode } & BoardText) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="podium-heading">
      <h2 id="podium-heading" className="sr-only">
        {t('leaderboard.top_three')}
      </h2>
      <ol className="grid grid-cols-3 items-end gap-2 pt-2">
        {top.slice(0, 3).map((row, i) => {
          const mine = meId !== undefined && String(row.user_id) === String(meId);
          return (
            <li key={row.user_id} value={row.rank} data-podium={i + 1} className={`row-start-1 flex min-w-0 flex-col items-center gap-1 text-center ${PODIUM_COLUMN[i]}`}>
              {i === 0 ? <Crown aria-hidden="true" className="size-6 text-tone-amber" /> : null}
              {/* The name follows: the picture is decoration here. */}
              <span aria-hidden="true" className={`flex rounded-full p-1 ${medalOf(row.rank)}`}>
                <Avatar src={row.profile} name={nameOf(row)} size={i === 0 ? 64 : 52} />
              </span>
              <span dir="auto" title={nameOf(row)} className="line-clamp-2 max-w-full break-words text-sm font-semibold">
                {nameOf(row)}
              </span>
              {mine ? <span className="text-xs font-semibold text-accent">{t('leaderboard.you')}</span> : null}
              <span className="text-sm font-semibold tabular-nums text-fg-muted">{scoreText(row.score)}</span>
              {detail?.(row)}
              <span className={`flex w-full items-start justify-center rounded-t-card pt-1 text-2xl font-bold text-white shadow-chunky ${PODIUM_STEP[i]} ${medalOf(row.rank)}`}>
                <span className="sr-only">{t('leaderboard.rank_label')} </span>
                {row.rank}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** Ranked rows: medal or number, avatar, name (with "you" on the player's own) and score; `detail` adds a line under the name. */
export function StandingList<Row extends Standing>({
  rows,
  meId,
  scoreText,
  nameOf = (row) => row.name,
  label,
  detail,
}: { rows: readonly Row[]; label: string; detail?: (row: Row) => ReactNode } & BoardText) {
  const { t } = useTranslation();
  return (
    <ol aria-label={label} className="flex flex-col divide-y divide-line overflow-hidden rounded-card border border-line bg-surface">
      {rows.map((row) => {
        const mine = meId !== undefined && String(row.user_id) === String(meId);
        return (
          <li key={row.user_id} value={row.rank} aria-current={mine ? 'true' : undefined} className={`flex min-h-14 items-center gap-3 px-3 py-2 ${mine ? 'bg-accent-soft' : ''}`}>
            <RankMark rank={row.rank} label={t('leaderboard.rank_label')} />
            <span aria-hidden="true">
              <Avatar src={row.profile} name={nameOf(row)} size={40} />
            </span>
            <span className="flex min-w-0 flex-1 flex-col">
              <span dir="auto" className="break-words align-with-row font-medium">
                {nameOf(row)}
                {mine ? <span className="ms-1 font-semibold text-accent">{t('leaderboard.you')}</span> : null}
              </span>
              {detail?.(row)}
            </span>
            <span className="shrink-0 font-semibold tabular-nums">{scoreText(row.score)}</span>
          </li>
        );
      })}
    </ol>
  );
}

/**
 * The player's own row, pinned above the tab bar while the board scrolls: their rank and score, or,
 * without a place on this board, what to do to get one. Always shown, on every page.
 */
export function MyStanding({
  name,
  profile,
  standing,
  scoreText,
  hint,
}: {
  name: string;
  profile: string | null | undefined;
  standing: { rank: number; score: number } | null;
  scoreText: (score: number) => string;
  /** Said when the player has no place on the board. */
  hint: string;
}) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="my-standing-heading"
      data-testid="my-standing"
      className="sticky bottom-[calc(4.5rem+env(safe-area-inset-bottom))] z-10 flex min-h-16 items-center gap-3 rounded-card border-2 border-accent bg-surface px-3 py-2 shadow-raised sm:bottom-4"
    >
      <h2 id="my-standing-heading" className="sr-only">
        {t('leaderboard.your_place')}
      </h2>
      <RankMark rank={standing?.rank ?? null} label={t('leaderboard.rank_label')} />
      <span aria-hidden="true">
        <Avatar src={profile} name={name} seed={name || 'you'} size={40} />
      </span>
      <span className="flex min-w-0 flex-1 flex-col">
        <span dir="auto" className="break-words align-with-row font-semibold">
          {name}
          <span className="ms-1 text-accent">{t('leaderboard.you')}</span>
        </span>
        {standing ? null : <span className="text-sm text-fg-muted">{hint}</span>}
      </span>
      {standing ? <span className="shrink-0 font-bold tabular-nums">{scoreText(standing.score)}</span> : null}
    </section>
  );
}
