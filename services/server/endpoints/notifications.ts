import { z } from 'zod';
import { blankAsUnset, paging } from '@/services/server/endpoints/common';
import { endpoint, type EndpointDef } from '@/services/server/gateway/endpoint';
import { listNotificationsFor } from '@/services/server/notifications/repository';

export const notificationEndpoints: EndpointDef[] = [
  endpoint({
    name: 'get_notifications',
    access: 'user',
    input: z.object({
      ...paging,
      sort: z.preprocess(blankAsUnset, z.enum(['id', 'created_at'], { message: 'must be id or created_at' }).default('id')),
      order: z.preprocess(
        (v) => (typeof v === 'string' ? blankAsUnset(v.toLowerCase()) : v),
        z.enum(['asc', 'desc'], { message: 'must be asc or desc' }).default('desc'),
      ),
    }),
    async handler(input, ctx) {
      const page = await listNotificationsFor(ctx.app.database.db, ctx.user!.id, input);
      return { data: page.items, extra: { total: page.total } };
    },
  }),
];
