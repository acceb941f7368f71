import { z } from 'zod';
import { PAYMENT_TYPES, paymentAddressProblem } from '@/services/domain/redeem';
import { settingDef, validateSetting } from '@/services/domain/settings';

/**
 * The inputs of the calls a form sends, shared by the gateway (which decides) and the pages
 * (which say what is wrong before sending): one schema, one set of messages. Values arrive as
 * form strings or JSON; every schema takes both.
 */

/** A form sends an unset choice as an empty string: treat it as not sent. */
export const blankAsUnset = (v: unknown) => (v === '' || v === null ? undefined : v);

/** A required account id. */
export const accountId = z.preprocess(
  blankAsUnset,
  z.coerce.number({ error: 'is required' }).int('must be a whole number').min(1, 'must be an account id').max(2_147_483_647, 'must be an account id'),
);

/** An optional account id. */
export const optionalAccountId = z.preprocess(
  blankAsUnset,
  z.coerce.number().int('must be a whole number').min(1, 'must be an account id').max(2_147_483_647, 'must be an account id').optional(),
);

/** A request key: one per change, the same on a retry, so a retry changes nothing twice. */
export const requestKey = z
  .string({ error: 'is required' })
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be 8 to 64 letters, digits, - or _ (one per change, the same on a retry)');

const requiredText = (max: number) =>
  z.preprocess((v) => v ?? '', z.string().trim().min(1, 'is required').max(max, `must be at most ${max} characters`));

/** `admin_adjust_coins` */
export const adjustCoinsForm = z.object({
  user_id: accountId,
  amount: z.coerce
    .number({ error: 'is required' })
    .int('must be a whole number')
    .min(-1_000_000, 'must be at least -1000000')
    .max(1_000_000, 'must be at most 1000000')
    .refine((n) => n !== 0, 'must not be 0'),
  reason: requiredText(200),
  request_key: requestKey,
});

/** `admin_decide_payment_request` */
export const decidePaymentForm = z
  .object({
    payment_id: accountId,
    status: z.enum(['completed', 'invalid'], { error: 'must be completed or invalid' }),
    reason: z.preprocess(blankAsUnset, z.string().trim().max(200, 'must be at most 200 characters').optional()),
  })
  .superRefine((v, ctx) => {
    if (v.status === 'invalid' && !v.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'is required to mark a request invalid' });
  });

/** Where a notification leads: a path of this app, or an https address. */
const notificationLink = z.preprocess(
  blankAsUnset,
  z
    .string()
    .trim()
    .max(500, 'must be at most 500 characters')
    .refine((v) => /^\/(?!\/)[^\s]*$/.test(v) || /^https:\/\/[^\s]+$/.test(v), 'must be a path of the app (/…) or an https:// address')
    .optional(),
);

/** An image by address: an uploaded file's path or an https address. */
const imageAddress = z.preprocess(
  blankAsUnset,
  z
    .string()
    .trim()
    .max(500, 'must be at most 500 characters')
    .refine((v) => /^\/(?!\/)[^\s]*$/.test(v) || /^https:\/\/[^\s]+$/.test(v), 'must be a path (/uploads/…) or an https:// address')
    .optional(),
);

export const NOTIFICATION_AUDIENCES = ['all', 'user', 'language'] as const;

/** `admin_send_notification` */
export const sendNotificationForm = z
  .object({
    title: requiredText(100),
    message: requiredText(1000),
    image: imageAddress,
    link: notificationLink,
    audience: z.enum(NOTIFICATION_AUDIENCES, { error: 'must be all, user or language' }),
    user_id: optionalAccountId,
    language_id: z.preprocess(blankAsUnset, z.coerce.number().int('must be a whole number').min(1, 'must be a language id').optional()),
  })
  .superRefine((v, ctx) => {
    if (v.audience === 'user' && v.user_id === undefined) ctx.addIssue({ code: 'custom', path: ['user_id'], message: 'is required to send to one player' });
    if (v.audience === 'language' && v.language_id === undefined) ctx.addIssue({ code: 'custom', path: ['language_id'], message: 'is required to send to the players of a language' });
  });

/** `admin_update_setting`: the value is checked against the setting's rule (type, range). */
export const settingForm = z
  .object({
    key: z.string({ error: 'is required' }).trim().min(1, 'is required').max(64),
    value: z.preprocess((v) => (v === undefined || v === null ? '' : typeof v === 'number' ? String(v) : v), z.string()),
  })
  .superRefine((v, ctx) => {
    if (!settingDef(v.key)) {
      ctx.addIssue({ code: 'custom', path: ['key'], message: `there is no setting ${v.key}` });
      return;
    }
    const refused = validateSetting(v.key, v.value);
    if (refused) ctx.addIssue({ code: 'custom', path: ['value'], message: refused });
  });

/** `set_payment_request` (the player's redeem form). */
export const paymentRequestForm = z
  .object({
    payment_type: z.enum(PAYMENT_TYPES, { error: `must be one of ${PAYMENT_TYPES.join(', ')}` }),
    payment_address: z.string({ error: 'is required' }).trim().min(1, 'is required').max(256, 'must be at most 256 characters'),
    coin_used: z.coerce.number({ error: 'is required' }).int('must be a whole number').min(1, 'must be at least 1').max(100_000_000, 'must be at most 100000000'),
    payment_amount: z.preprocess(blankAsUnset, z.string().trim().regex(/^\d+(\.\d{1,2})?$/, 'must be an amount such as 12.50').optional()),
    details: z.preprocess((v) => v ?? '', z.string().trim().max(500, 'must be at most 500 characters')),
  })
  .superRefine((v, ctx) => {
    const problem = paymentAddressProblem(v.payment_type, v.payment_address);
    if (problem) ctx.addIssue({ code: 'custom', path: ['payment_address'], message: problem });
  });

/** The first problem of a form per field, as a page shows it beside the field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    out[field] ??= issue.message;
  }
  return out;
}
