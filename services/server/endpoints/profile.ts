import { z } from 'zod';
import { EXTENDED_TIME_CHOICES } from '@/services/domain/extended-time';
import { NAME_MAX_LENGTH } from '@/services/domain/profile';
import { calendarFields } from '@/services/server/endpoints/common';
import { endpoint, type EndpointDef } from '@/services/server/gateway/endpoint';
import { playerCalendar } from '@/services/server/play/clock';
import { getPlayerSummary } from '@/services/server/profile/summary';
import { deleteAccount, getUserData, setExtendedTime, updateProfile, uploadProfileImage } from '@/services/server/profile/service';

const MiB = 1024 * 1024;

const email = z
  .string()
  .trim()
  .max(254, 'must be at most 254 characters')
  .refine((v) => v === '' || z.email().safeParse(v).success, 'must be an email address (or empty to clear it)');

const webLanguage = z
  .string()
  .trim()
  .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, 'must be a language code such as en or ar');

export const profileEndpoints: EndpointDef[] = [
  endpoint({
    name: 'get_user_by_id',
    access: 'user',
    input: z.object({}),
    async handler(_input, ctx) {
      return { data: await getUserData(ctx.app.database.db, ctx.user!.id) };
    },
  }),

  endpoint({
    name: 'get_player_summary',
    access: 'user',
    input: z.object({ ...calendarFields }),
    async handler(input, ctx) {
      const calendar = playerCalendar({ timezone: input.timezone, gmtFormat: input.gmt_format }, ctx.settings);
      return { data: await getPlayerSummary(ctx.app.database.db, ctx.user!.id, ctx.settings, calendar) };
    },
  }),

  endpoint({
    name: 'update_profile',
    access: 'user',
    input: z.object({
      name: z.string().trim().min(1, 'must not be empty').max(NAME_MAX_LENGTH, `must be at most ${NAME_MAX_LENGTH} characters`).optional(),
      mobile: z.string().max(32, 'must be at most 32 characters').optional(),
      email: email.optional(),
      web_language: webLanguage.optional(),
    }),
    async handler(input, ctx) {
      const data = await updateProfile(ctx.app.database.db, ctx.user!.id, input, ctx.settings);
      return { message: '106', data };
    },
  }),

  endpoint({
    name: 'set_extended_time',
    access: 'user',
    input: z.object({
      extended_time: z.enum(EXTENDED_TIME_CHOICES, { error: `must be one of ${EXTENDED_TIME_CHOICES.join(', ')}` }),
    }),
    async handler(input, ctx) {
      return { data: await setExtendedTime(ctx.app.database.db, ctx.user!.id, input.extended_time) };
    },
  }),

  endpoint({
    name: 'upload_profile_image',
    access: 'user',
    input: z.object({}),
    limits: { maxFileBytes: 2 * MiB, maxFiles: 1, maxBodyBytes: 5 * MiB },
    async handler(_input, ctx) {
      const { database, config } = ctx.app;
      const data = await uploadProfileImage({ db: database.db, config, log: ctx.log }, ctx.user!.id, ctx.files, ctx.settings);
      return { data };
    },
  }),

  endpoint({
    name: 'delete_user_account',
    access: 'user',
    input: z.object({}),
    async handler(_input, ctx) {
      const { database, config } = ctx.app;
      await deleteAccount({ db: database.db, config, log: ctx.log }, ctx.user!.id, ctx.settings);
      return { data: { deleted: true } };
    },
  }),
];
