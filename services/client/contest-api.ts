import { apiRequest } from '@/services/client/api';
import { browserTimezone, liveQuizPlayServices, openPlay } from '@/services/client/play-api';
import type { ContestServices } from '@/machines/contest/contest.machine';
import { createQuizPlayMachine } from '@/machines/quiz-play/quiz-play.machine';
import type { ContestLists, ContestRankRow } from '@/services/domain/contests';
import { getAppStore } from '@/services/store/store';
import { coinsChanged } from '@/services/store/user-slice';

/** The contest machine's effects against the server (docs/contests.md); nothing is toasted here. */

const quiet = { toast: false } as const;

export const liveContestServices: ContestServices = {
  loadLists: () => apiRequest<ContestLists>('get_contest', { timezone: browserTimezone() }, quiet),
  async loadBoard(input) {
    const result = await apiRequest<ContestRankRow[]>('get_contest_leaderboard', { ...input }, quiet);
    if (!result.ok) return result;
    const meta = result.meta as { top_three?: ContestRankRow[]; my_rank?: ContestRankRow | null; total?: number };
    return { ok: true, data: { items: result.data, topThree: meta.top_three ?? [], myRank: meta.my_rank ?? null, total: meta.total ?? result.data.length } };
  },
};

/** A contest play: opening it takes the entry fee, so the balance on screen follows at once. */
export const liveContestPlayMachine = createQuizPlayMachine({
  ...liveQuizPlayServices,
  async loadSession(request) {
    const result = await openPlay(request);
    if (result.ok && typeof result.data.coins === 'number') getAppStore().dispatch(coinsChanged(result.data.coins));
    return result;
  },
});
