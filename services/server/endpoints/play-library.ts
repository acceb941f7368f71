import { z } from 'zod';
import { blankAsUnset, calendarFields, idOf, optionalId, questionIdList } from '@/services/server/endpoints/common';
import { bookmarkType } from '@/services/server/endpoints/play';
import { endpoint, type EndpointDef } from '@/services/server/gateway/endpoint';
import { playerCalendar } from '@/services/server/play/clock';
import { BOOKMARK_STATE_MAX, bookmarkState, getStatistics, listBookmarks, reportQuestion, setBookmark, verifyStatistics } from '@/services/server/play/library';

/** The player's question library: bookmarks, question reports, answer statistics. */

const count = (field: string) =>
  z.preprocess(blankAsUnset, z.coerce.number({ error: `${field} is required` }).int('must be a whole number').min(0, 'must be 0 or more').max(100_000_000));

export const playLibraryEndpoints: EndpointDef[] = [
  endpoint({
    name: 'set_bookmark',
    access: 'user',
    input: z.object({
      question_id: idOf('a question id'),
      status: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.enum(['0', '1'], { error: "must be '1' (add) or '0' (remove)" })),
      type: bookmarkType,
    }),
    async handler(input, ctx) {
      const data = await setBookmark(ctx.app.database.db, ctx.settings, ctx.user!.id, { questionId: input.question_id, kind: input.type, add: input.status === '1' });
      return { data, message: input.status === '1' ? '110' : '111' };
    },
  }),

  endpoint({
    name: 'get_bookmark',
    access: 'user',
    input: z.object({ type: bookmarkType }),
    async handler(input, ctx) {
      return { data: await listBookmarks(ctx.app.database.db, ctx.settings, ctx.user!.id, input.type) };
    },
  }),

  // Which of the questions a play shows are bookmarked (the play page's toggle): a set, so none
  // bookmarked is an empty list, not "no data found", and a player's 201st bookmark is seen too.
  endpoint({
    name: 'get_bookmark_state',
    access: 'user',
    input: z.object({
      type: bookmarkType,
      question_ids: questionIdList(BOOKMARK_STATE_MAX).refine((ids) => ids.length > 0, 'is required: the question ids to look up'),
    }),
    async handler(input, ctx) {
      return { data: await bookmarkState(ctx.app.database.db, ctx.user!.id, input.type, input.question_ids) };
    },
  }),

  // The spec's two report calls: the kind is kept with the report for the operators' queue.
  ...([
    ['report_question', '1'],
    ['multi_match_report_question', '6'],
  ] as const).map(([name, kind]) =>
    endpoint({
      name,
      access: 'user',
      input: z.object({
        question_id: idOf('a question id'),
        message: z.preprocess((v) => v ?? '', z.string().trim().min(1, 'is required').max(1000, 'must be at most 1000 characters')),
      }),
      async handler(input, ctx) {
        const data = await reportQuestion(ctx.app.database.db, ctx.user!.id, { questionId: input.question_id, kind, message: input.message });
        return { data, message: '109' };
      },
    }),
  ),

  endpoint({
    name: 'get_users_statistics',
    access: 'user',
    input: z.object({ ...calendarFields }),
    async handler(input, ctx) {
      const calendar = playerCalendar({ timezone: input.timezone, gmtFormat: input.gmt_format }, ctx.settings);
      return { data: await getStatistics(ctx.app.database.db, ctx.user!.id, calendar) };
    },
  }),

  endpoint({
    name: 'set_users_statistics',
    access: 'user',
    input: z.object({
      questions_answered: count('questions_answered'),
      correct_answers: count('correct_answers'),
      category_id: optionalId,
      // Reported by the client and never trusted: the server computes the ratio from its records.
      ratio: z.unknown().optional(),
    }),
    async handler(input, ctx) {
      return {
        data: await verifyStatistics(ctx.app.database.db, ctx.user!.id, {
          answered: input.questions_answered,
          correct: input.correct_answers,
          categoryId: input.category_id || undefined,
        }),
      };
    },
  }),
];
