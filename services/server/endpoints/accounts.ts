import { z } from 'zod';
import { ApiError } from '@/services/server/gateway/api-error';
import { endpoint } from '@/services/server/gateway/endpoint';
import { revokeSession } from '@/services/server/accounts/sessions';
import { playerExists, signUpOrSignIn } from '@/services/server/accounts/signup';
import { isE164, isValidEmail, normaliseEmail, normalisePhone } from '@/services/server/identity/local';

const required = { error: 'is required' };
const firebaseId = z.string(required).trim().min(1, 'is required').max(128, 'at most 128 characters');
/** An optional text field: '' (an empty form field) counts as absent. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `at most ${max} characters`)
    .optional()
    .transform((v) => v || undefined);

export const accountEndpoints = [
  endpoint({
    name: 'check_user_exists',
    access: 'public',
    duringMaintenance: true,
    input: z.object({ firebase_id: firebaseId }),
    async handler(input, ctx) {
      return { data: { exists: await playerExists(ctx.app.database.db, input.firebase_id) } };
    },
  }),

  endpoint({
    name: 'user_signup',
    access: 'public',
    duringMaintenance: true,
    input: z.object({
      firebase_id: firebaseId,
      type: z.enum(['email', 'mobile', 'gmail'], { error: 'must be email, mobile or gmail' }),
      name: optionalText(50),
      email: optionalText(320),
      profile: optionalText(1000).refine((v) => v === undefined || /^https?:\/\/\S+$/.test(v), 'must be an http(s) URL'),
      mobile: optionalText(32),
      fcm_id: optionalText(512),
      friends_code: optionalText(32),
      id_token: z.string(required).trim().min(1, 'is required').max(8192, 'is too long'),
    }),
    async handler(input, ctx) {
      const identity = await ctx.app.identity.verifyIdToken(input.id_token);
      if (identity.uid !== input.firebase_id) {
        throw new ApiError('129', { field: 'firebase_id', detail: 'firebase_id: the identity proof is for someone else' });
      }
      const email = input.email === undefined ? undefined : normaliseEmail(input.email);
      if (email !== undefined && !isValidEmail(email)) throw new ApiError('invalid_email', { field: 'email' });
      const mobile = input.mobile === undefined ? undefined : normalisePhone(input.mobile);
      if (mobile !== undefined && !isE164(mobile)) throw new ApiError('phone_invalid', { field: 'mobile' });
      const outcome = await signUpOrSignIn(ctx.app.database.db, ctx.settings, identity, {
        type: input.type,
        name: input.name,
        email,
        mobile,
        profile: input.profile,
        fcmId: input.fcm_id,
        friendsCode: input.friends_code,
      });
      if (outcome.created) ctx.log.info({ userId: outcome.user.id, type: outcome.user.type }, 'player registered');
      return { message: outcome.created ? '104' : '105', data: { api_token: outcome.apiToken, user: outcome.user } };
    },
  }),

  endpoint({
    name: 'logout',
    access: 'user',
    duringMaintenance: true,
    input: z.object({}),
    async handler(_input, ctx) {
      await revokeSession(ctx.app.database.db, ctx.user!.sessionId);
      return { data: { logged_out: true } };
    },
  }),
];
