'use client';

import { CalendarCheck, Flame, Trophy } from 'lucide-react';
import Link from 'next/link';
import { useEffect, useState } from 'react';
import { useTranslation } from '@/services/client/i18n';
import { formatTimeUntil } from '@/components/profile/format';
import { HIGHLIGHTS_HEIGHT } from '@/components/home/home-layout';
import { TONE_BG } from '@/components/ui/mode-look';
import { apiRequest } from '@/services/client/api';
import { browserTimezone } from '@/services/client/play-api';
import type { BadgeItem } from '@/services/client/play-api';
import type { ContestItem, ContestLists } from '@/services/domain/contests';

const quiet = { toast: false } as const;

/** The contest the home page points to: the live one ending first, else the next to start. */
export function featuredContest(lists: ContestLists | null): ContestItem | null {
  if (!lists) return null;
  const live = [...lists.live.items].sort((a, b) => Date.parse(a.ends_at) - Date.parse(b.ends_at));
  if (live[0]) return live[0];
  const upcoming = [...lists.upcoming.items].sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at));
  return upcoming[0] ?? null;
}

/** The clock the countdown is drawn from: a tick every second while a contest is shown. */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

const CARD = `flex ${HIGHLIGHTS_HEIGHT} min-w-0 flex-1 flex-col justify-between rounded-tile p-3 text-white no-underline shadow-chunky`;

/**
 * Today on the home page: the daily quiz with the player's run of days (the `thirsty` badge's
 * count), and the live contest with its countdown (or the next one with the time until it starts).
 */
export default function HomeHighlights({ daily, contest }: { daily: boolean; contest: boolean }) {
  const { t, i18n } = useTranslation();
  const [run, setRun] = useState<number | null>(null);
  const [lists, setLists] = useState<ContestLists | null>(null);
  const featured = featuredContest(lists);
  const now = useNow(featured !== null);

  useEffect(() => {
    let current = true;
    if (daily) {
      void apiRequest<BadgeItem[]>('get_user_badges', {}, quiet).then((r) => {
        if (current && r.ok) setRun(r.data.find((b) => b.type === 'thirsty')?.progress ?? 0);
      });
    }
    if (contest) {
      void apiRequest<ContestLists>('get_contest', { timezone: browserTimezone() }, quiet).then((r) => {
        if (current && r.ok) setLists(r.data);
      });
    }
    return () => {
      current = false;
    };
  }, [daily, contest]);

  const live = featured?.status === 'live';
  return (
    <div className="flex gap-3">
      {daily ? (
        <Link prefetch={false} href="/quiz-play/daily-quiz-dashboard/" className={`${CARD} ${TONE_BG.orange}`} data-highlight="daily">
          <span className="flex items-center gap-2 font-display text-lg font-bold leading-tight">
            <CalendarCheck aria-hidden="true" className="size-5 shrink-0" />
            {t('mode.daily_quiz.title')}
          </span>
          <span className="flex items-center gap-1 text-sm font-semibold">
            {run ? (
              <>
                <Flame aria-hidden="true" className="size-4 shrink-0 fill-current" />
                {t('home.daily_run', { count: run })}
              </>
            ) : (
              t('home.daily_today')
            )}
          </span>
        </Link>
      ) : null}
      {contest ? (
        <Link prefetch={false} href="/contest-play/" className={`${CARD} ${TONE_BG.amber}`} data-highlight="contest">
          <span className="flex items-center gap-2 font-display text-lg font-bold leading-tight">
            <Trophy aria-hidden="true" className="size-5 shrink-0" />
            <span dir="auto" className="min-w-0 truncate">{featured ? featured.name : t('mode.contest.title')}</span>
          </span>
          <span className="text-sm font-semibold">
            {featured
              ? live
                ? t('home.contest_ends', { time: formatTimeUntil(Date.parse(featured.ends_at), now, i18n.language) })
                : t('home.contest_starts', { time: formatTimeUntil(Date.parse(featured.starts_at), now, i18n.language) })
              : lists
                ? t('home.contest_none')
                : t('common.loading')}
          </span>
        </Link>
      ) : null}
    </div>
  );
}
