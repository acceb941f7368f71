import { z } from 'zod';
import { ApiError } from '@/services/server/gateway/api-error';
import { endpoint, type RequestContext } from '@/services/server/gateway/endpoint';
import {
  isLocalIdentityProvider,
  PASSWORD_MAX,
  resetPassword,
  sendOtp,
  sendPasswordReset,
  signInWithEmail,
  signUpWithEmail,
  verifyEmail,
  verifyOtp,
  type LocalAuthDeps,
} from '@/services/server/identity/local';

/**
 * The built-in provider's sign-in steps (docs/api.md, "Accounts and sign-in"). They exist only
 * when IDENTITY_PROVIDER is local; with Firebase the browser talks to Firebase Auth instead.
 * Format rules with their own codes (invalid_email, weak_password, phone_invalid) are checked by
 * the service, so the schemas only bound the sizes.
 */
function localAuth(ctx: RequestContext): LocalAuthDeps {
  const provider = ctx.app.identity;
  if (ctx.app.config.identityProvider !== 'local' || !isLocalIdentityProvider(provider)) {
    throw new ApiError('not_found', { detail: 'this server signs in with Firebase Auth, not the built-in provider' });
  }
  return {
    db: ctx.app.database.db,
    config: ctx.app.config,
    provider,
    mail: ctx.app.mail,
    sms: ctx.app.sms,
    log: ctx.log,
    appName: ctx.settings.app_name || 'Quiz Arena',
    ip: ctx.ip,
    settings: ctx.settings,
  };
}

const required = { error: 'is required' };
const email = z.string(required).max(320, 'is too long');
const password = z.string(required).max(PASSWORD_MAX, `at most ${PASSWORD_MAX} characters`);
const linkToken = z.string(required).trim().min(1, 'is required').max(200, 'is not a valid link token');
const phone = z.string(required).max(32, 'is too long');

const auth = { access: 'public', duringMaintenance: true } as const;

export const authEndpoints = [
  endpoint({
    name: 'auth_sign_up',
    ...auth,
    input: z.object({
      name: z.string(required).trim().min(1, 'is required').max(50, 'at most 50 characters'),
      email,
      password,
    }),
    async handler(input, ctx) {
      await signUpWithEmail(localAuth(ctx), input);
      return { data: { sent: true } };
    },
  }),

  endpoint({
    name: 'auth_verify_email',
    ...auth,
    input: z.object({ token: linkToken }),
    async handler(input, ctx) {
      const { email: verified } = await verifyEmail(localAuth(ctx), input.token);
      return { data: { verified: true, email: verified } };
    },
  }),

  endpoint({
    name: 'auth_login',
    ...auth,
    input: z.object({ email, password }),
    async handler(input, ctx) {
      return { data: await signInWithEmail(localAuth(ctx), input) };
    },
  }),

  endpoint({
    name: 'auth_send_reset',
    ...auth,
    input: z.object({ email }),
    async handler(input, ctx) {
      await sendPasswordReset(localAuth(ctx), input.email);
      return { data: { sent: true } };
    },
  }),

  endpoint({
    name: 'auth_reset_password',
    ...auth,
    input: z.object({ token: linkToken, password }),
    async handler(input, ctx) {
      await resetPassword(localAuth(ctx), input);
      return { data: { reset: true } };
    },
  }),

  endpoint({
    name: 'auth_send_otp',
    ...auth,
    input: z.object({ phone }),
    async handler(input, ctx) {
      const { expiresInSeconds } = await sendOtp(localAuth(ctx), input.phone);
      return { data: { sent: true, expires_in: expiresInSeconds } };
    },
  }),

  endpoint({
    name: 'auth_verify_otp',
    ...auth,
    input: z.object({ phone, code: z.string(required).trim().regex(/^\d{6}$/, 'must be 6 digits') }),
    async handler(input, ctx) {
      return { data: await verifyOtp(localAuth(ctx), input) };
    },
  }),
];
