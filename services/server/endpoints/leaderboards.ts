import { z } from 'zod';
import { paging } from '@/services/server/endpoints/common';
import { endpoint, type EndpointDef } from '@/services/server/gateway/endpoint';
import type { Board } from '@/services/server/leaderboards/repository';
import { getLeaderboard } from '@/services/server/leaderboards/service';

/**
 * Daily, monthly and all-time leaderboards (docs/api.md, "Leaderboards"): data is the page asked
 * for; `top_three`, `my_rank` and `total` ride along as top-level keys. An empty board is a
 * success with an empty page (total 0), so the page can still show the tabs.
 */
function leaderboardEndpoint(name: string, board: Board): EndpointDef {
  return endpoint({
    name,
    access: 'user',
    input: z.object(paging),
    async handler(input, ctx) {
      const answer = await getLeaderboard(ctx.app.database.db, ctx.settings, ctx.user!.id, board, input);
      return { data: answer.items, extra: { top_three: answer.topThree, my_rank: answer.myRank, total: answer.total } };
    },
  });
}

export const leaderboardEndpoints: EndpointDef[] = [
  leaderboardEndpoint('get_daily_leaderboard', 'daily'),
  leaderboardEndpoint('get_monthly_leaderboard', 'monthly'),
  // The spec's name, misspelling included.
  leaderboardEndpoint('get_globle_leaderboard', 'all_time'),
];
