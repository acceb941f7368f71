import { z } from 'zod';
import { ApiError } from '@/services/server/gateway/api-error';
import { endpoint } from '@/services/server/gateway/endpoint';
import { listOutbox } from '@/services/server/mail/outbox';
import { listOpenExamKeys } from '@/services/server/exams/repository';

/** Development helpers; each answers 404 unless its switch is on. */
export const devEndpoints = [
  endpoint({
    name: 'dev_outbox',
    access: 'public',
    duringMaintenance: true,
    input: z.object({}),
    async handler(_input, ctx) {
      if (!ctx.app.config.devOutbox) throw new ApiError('not_found', { detail: 'the dev outbox is off (DEV_OUTBOX)' });
      return { data: await listOutbox(ctx.app.database.db, 50) };
    },
  }),

  endpoint({
    name: 'dev_exam_keys',
    access: 'public',
    duringMaintenance: true,
    input: z.object({}),
    async handler(_input, ctx) {
      if (!ctx.app.config.devOutbox) throw new ApiError('not_found', { detail: 'the dev outbox is off (DEV_OUTBOX)' });
      return { data: await listOpenExamKeys(ctx.app.database.db, new Date()) };
    },
  }),
];
