import { z } from 'zod';
import { paymentRequestForm } from '@/services/domain/forms';
import { blankAsUnset, idOf } from '@/services/server/endpoints/common';
import { endpoint, type EndpointDef } from '@/services/server/gateway/endpoint';
import { deletePending, listPayments, requestPayment } from '@/services/server/redeem/service';

/** Redeem, the player's side (docs/redeem.md): the spec's three calls. */

const whole = (what: string) => z.coerce.number({ error: 'is required' }).int('must be a whole number').min(0, `${what} must be 0 or more`);

export const redeemEndpoints: EndpointDef[] = [
  endpoint({
    name: 'set_payment_request',
    access: 'user',
    input: paymentRequestForm,
    async handler(input, ctx) {
      const data = await requestPayment(ctx.app.database.db, ctx.settings, ctx.user!.id, {
        type: input.payment_type,
        address: input.payment_address,
        coins: input.coin_used,
        amount: input.payment_amount,
        details: input.details,
      });
      return { data };
    },
  }),

  endpoint({
    name: 'get_payment_request',
    access: 'user',
    input: z.object({ offset: z.preprocess(blankAsUnset, whole('offset').default(0)), limit: z.preprocess(blankAsUnset, whole('limit').max(100, 'must be at most 100').default(20)) }),
    async handler(input, ctx) {
      return { data: await listPayments(ctx.app.database.db, ctx.user!.id, input) };
    },
  }),

  endpoint({
    name: 'delete_pending_payment_request',
    access: 'user',
    input: z.object({ payment_id: idOf('a payment id') }),
    async handler(input, ctx) {
      return { data: await deletePending(ctx.app.database.db, ctx.user!.id, input.payment_id) };
    },
  }),
];
