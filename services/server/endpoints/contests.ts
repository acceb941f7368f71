import { z } from 'zod';
import { blankAsUnset, calendarFields, idOf, effectiveLanguageId, optionalId, paging } from '@/services/server/endpoints/common';
import { endpoint, type EndpointDef } from '@/services/server/gateway/endpoint';
import { checkContestClaim, getContestLeaderboard, getContestLists, openContest } from '@/services/server/contests/service';

/** Contests (docs/contests.md): the lists, playing one, its leaderboard and the spec's result report. */

const count = z.preprocess(blankAsUnset, z.coerce.number({ error: 'is required' }).int('must be a whole number').min(0, 'must be 0 or more').max(10_000));
const score = z.preprocess(blankAsUnset, z.coerce.number({ error: 'is required' }).int('must be a whole number').min(-1_000_000).max(1_000_000));

export const contestEndpoints: EndpointDef[] = [
  endpoint({
    name: 'get_contest',
    access: 'user',
    input: z.object({ language_id: optionalId, ...calendarFields }),
    async handler(input, ctx) {
      return {
        data: await getContestLists(ctx.app.database.db, ctx.settings, ctx.user!.id, {
          languageId: effectiveLanguageId(ctx.settings, input.language_id),
          timezone: input.timezone,
          gmtFormat: input.gmt_format,
        }),
      };
    },
  }),

  endpoint({
    name: 'get_questions_by_contest',
    access: 'user',
    input: z.object({ language_id: optionalId, contest_id: idOf('a contest id') }),
    async handler(input, ctx) {
      return { data: await openContest(ctx.app.database.db, ctx.settings, ctx.user!.id, { contestId: input.contest_id }, ctx.now()) };
    },
  }),

  endpoint({
    name: 'get_contest_leaderboard',
    access: 'user',
    input: z.object({ language_id: optionalId, contest_id: idOf('a contest id'), ...paging }),
    async handler(input, ctx) {
      const board = await getContestLeaderboard(ctx.app.database.db, ctx.settings, ctx.user!.id, { contestId: input.contest_id, offset: input.offset, limit: input.limit });
      return { data: board.items, extra: { top_three: board.topThree, my_rank: board.myRank, total: board.total } };
    },
  }),

  endpoint({
    name: 'set_contest_leaderboard',
    access: 'user',
    input: z.object({ language_id: optionalId, contest_id: idOf('a contest id'), questions_attended: count, correct_answers: count, score }),
    async handler(input, ctx) {
      return {
        message: '111',
        data: await checkContestClaim(ctx.app.database.db, ctx.settings, ctx.user!.id, {
          contestId: input.contest_id,
          questionsAttended: input.questions_attended,
          correctAnswers: input.correct_answers,
          score: input.score,
        }),
      };
    },
  }),
];
