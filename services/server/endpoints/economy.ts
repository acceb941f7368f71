import { z } from 'zod';
import { paging } from '@/services/server/endpoints/common';
import { endpoint, type EndpointDef } from '@/services/server/gateway/endpoint';
import { getCoinScore, verifyCoinClaim } from '@/services/server/economy/claims';
import { listCoinHistory } from '@/services/server/economy/tracker';

/** A form sends an unset choice as an empty string: treat it as not sent. */
const blankAsUnset = (v: unknown) => (v === '' || v === null ? undefined : v);

export const economyEndpoints: EndpointDef[] = [
  endpoint({
    name: 'get_user_coin_score',
    access: 'user',
    input: z.object({}),
    async handler(_input, ctx) {
      return { data: await getCoinScore(ctx.app.database.db, ctx.user!.id, ctx.settings) };
    },
  }),

  endpoint({
    name: 'get_tracker_data',
    access: 'user',
    input: z.object({
      ...paging,
      type: z.preprocess(blankAsUnset, z.enum(['income', 'spent'], { message: 'must be income or spent' }).optional()),
    }),
    async handler(input, ctx) {
      const page = await listCoinHistory(ctx.app.database.db, ctx.user!.id, input);
      return { data: page.items, extra: { total: page.total } };
    },
  }),

  endpoint({
    name: 'set_user_coin_score',
    access: 'user',
    input: z.object({
      coins: z.coerce.number().int('must be a whole number').min(0, 'must be 0 or more').max(1_000_000_000),
      // Reported by the client and never trusted: the score comes from the server's own records.
      score: z.preprocess(blankAsUnset, z.coerce.number().int('must be a whole number').optional()),
      type: z.string().trim().min(1, 'is required').max(64, 'must be at most 64 characters'),
      title: z.string().max(255, 'must be at most 255 characters').optional(),
      status: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.enum(['0', '1'], { message: "must be '0' (added) or '1' (deducted)" })),
    }),
    async handler(input, ctx) {
      return { data: await verifyCoinClaim(ctx.app.database.db, ctx.user!.id, input) };
    },
  }),
];
