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

/** The largest id an `integer` column holds (PostgreSQL): a larger one must never reach the database. */
export const MAX_ID = 2_147_483_647;

/**
 * A form value meant as a number: a number as it is, a text of digits (with a sign or decimals) as
 * its number, anything else untouched so the schema refuses it. Nothing here converts an object
 * (whose `toString` or `valueOf` a caller may have set).
 */
export const asNumber = (v: unknown): unknown => {
  const value = blankAsUnset(v);
  return typeof value === 'string' && /^\s*[+-]?\d+(\.\d*)?\s*$/.test(value) ? Number(value) : value;
};

function idNumber(what: string, min: number) {
  const range = `must be ${what} from ${min} to ${MAX_ID}`;
  return z
    .number({ error: (issue) => (issue.input === undefined ? 'is required' : `must be ${what}: a whole number`) })
    .int(`must be ${what}: a whole number`)
    .min(min, range)
    .max(MAX_ID, range);
}

/**
 * The id of a row, named for what it points at ('an account id', 'a contest id'): a whole number
 * in the range of its column, so that every refusal names the real problem ("is required",
 * "must be a contest id from 1 to 2147483647") and no value outside the column's range reaches
 * the database. `min` 0 where 0 means "none" or "all" (a language id).
 */
export function idOf(what: string, options: { min?: number } = {}) {
  return z.preprocess(asNumber, idNumber(what, options.min ?? 1));
}

/** The same, optional: not sent, empty or null is undefined. */
export function optionalIdOf(what: string, options: { min?: number } = {}) {
  return z.preprocess(asNumber, idNumber(what, options.min ?? 1).optional());
}

/** A required account id. */
export const accountId = idOf('an account id');

/** An optional account id. */
export const optionalAccountId = optionalIdOf('an account id');

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
    payment_id: idOf('a payment id'),
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
    language_id: optionalIdOf('a language id'),
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

/** '1' / '0', true / false, as a form or JSON sends a yes-or-no. */
export const yesNo = (what: string) =>
  z.preprocess(
    (v) => (v === '1' || v === 'true' || v === true ? true : v === '0' || v === 'false' || v === false ? false : v),
    z.boolean({ error: `must be '1' (${what}) or '0'` }),
  );

const optionalId = optionalIdOf('an id');
const requiredId = idOf('an id');

/** Kinds of categories (the modes; rules.md, content model): 1 quiz zone … 6 multi match. */
export const CATEGORY_KINDS = [
  { type: 1, mode: 'quiz_zone', label: 'Quiz zone' },
  { type: 2, mode: 'fun_n_learn', label: 'Fun and learn' },
  { type: 3, mode: 'guess_the_word', label: 'Guess the word' },
  { type: 4, mode: 'audio', label: 'Audio questions' },
  { type: 5, mode: 'maths', label: 'Maths mania' },
  { type: 6, mode: 'multi_match', label: 'Multi match' },
] as const;

const placeFields = {
  name: requiredText(100),
  image: imageAddress,
  is_premium: yesNo('premium'),
  coins: z.preprocess((v) => blankAsUnset(v) ?? 0, z.coerce.number().int('must be a whole number').min(0, 'must be 0 or more').max(1_000_000, 'must be at most 1000000')),
  row_order: z.preprocess((v) => blankAsUnset(v) ?? 0, z.coerce.number().int('must be a whole number').min(0, 'must be 0 or more').max(100_000, 'must be at most 100000')),
  active: yesNo('shown'),
};

const premiumHasPrice = (v: { is_premium: boolean; coins: number }, ctx: z.RefinementCtx) => {
  if (v.is_premium && v.coins < 1) ctx.addIssue({ code: 'custom', path: ['coins'], message: 'a premium place costs at least 1 coin' });
};

/** `admin_save_category`: a new one without `id`. */
export const categoryForm = z
  .object({
    id: optionalId,
    type: z.coerce.number({ error: 'is required' }).int().refine((t) => CATEGORY_KINDS.some((k) => k.type === t), 'must be a kind from 1 to 6'),
    language_id: requiredId,
    ...placeFields,
  })
  .superRefine(premiumHasPrice);
export type CategoryInput = z.output<typeof categoryForm>;

/** `admin_save_subcategory` */
export const subcategoryForm = z.object({ id: optionalId, category_id: requiredId, ...placeFields }).superRefine(premiumHasPrice);
export type SubcategoryInput = z.output<typeof subcategoryForm>;

export const QUESTION_SHAPES = ['multiple', 'boolean', 'word', 'multiselect', 'sequence'] as const;

const optionText = z.preprocess(blankAsUnset, z.string().trim().max(250, 'must be at most 250 characters').optional());

/**
 * `admin_save_question`. `answer` is a letter (multiple choice, true/false), letters comma-separated
 * (multi select: the right ones; sequence: the right order), or the word (guess the word). What
 * the kind allows (shapes, option counts, media) the server checks as for an import.
 */
export const questionForm = z
  .object({
    id: optionalId,
    category_id: requiredId,
    subcategory_id: optionalId,
    /** Fun and learn: the reading the question follows. */
    fun_n_learn_id: optionalId,
    question_type: z.enum(QUESTION_SHAPES, { error: `must be one of ${QUESTION_SHAPES.join(', ')}` }),
    question: requiredText(1000),
    option_a: optionText,
    option_b: optionText,
    option_c: optionText,
    option_d: optionText,
    option_e: optionText,
    answer: requiredText(60),
    level: z.preprocess((v) => blankAsUnset(v) ?? 1, z.coerce.number().int('must be a whole number').min(1, 'must be 1 to 100').max(100, 'must be 1 to 100')),
    note: z.preprocess((v) => v ?? '', z.string().trim().max(2000, 'must be at most 2000 characters')),
    image: imageAddress,
    audio: z.preprocess(blankAsUnset, z.string().trim().max(500, 'must be at most 500 characters').optional()),
    transcript: z.preprocess(blankAsUnset, z.string().trim().max(2000, 'must be at most 2000 characters').optional()),
    active: z.preprocess((v) => (v === undefined || v === '' ? true : v), yesNo('playable')),
  })
  .superRefine((v, ctx) => {
    const letters = v.answer.split(',').map((s) => s.trim());
    const given = (['a', 'b', 'c', 'd', 'e'] as const).filter((l) => v[`option_${l}`] !== undefined);
    if (v.question_type === 'word') return;
    if (v.question_type === 'multiple' || v.question_type === 'boolean') {
      if (letters.length !== 1 || !given.includes(letters[0] as never)) ctx.addIssue({ code: 'custom', path: ['answer'], message: 'must be the letter of a filled option' });
      return;
    }
    if (letters.some((l) => !given.includes(l as never)) || new Set(letters).size !== letters.length) {
      ctx.addIssue({ code: 'custom', path: ['answer'], message: 'must be letters of filled options, each once, separated by commas' });
    } else if (v.question_type === 'sequence' && letters.length !== given.length) {
      ctx.addIssue({ code: 'custom', path: ['answer'], message: `must name all ${given.length} options in the right order` });
    }
  });
export type QuestionInput = z.output<typeof questionForm>;

export const PAGE_KINDS = ['about_us', 'privacy_policy', 'terms_conditions', 'contact_us', 'instructions', 'faq'] as const;

/** `admin_save_page`: an info page in one interface language; the FAQ has its entries. */
export const pageForm = z.object({
  type: z.enum(PAGE_KINDS, { error: `must be one of ${PAGE_KINDS.join(', ')}` }),
  language: z.string({ error: 'is required' }).trim().regex(/^[a-z]{2,3}(-[a-z0-9]{2,8})*$/, 'must be a language code such as en or pt-br'),
  title: requiredText(200),
  content: z.preprocess((v) => v ?? '', z.string().max(100_000, 'must be at most 100000 characters')),
  items: z.preprocess(
    (v) => {
      if (typeof v !== 'string') return v ?? [];
      if (!v.trim()) return [];
      try {
        return JSON.parse(v) as unknown;
      } catch {
        return v;
      }
    },
    z.array(z.object({ question: requiredText(500), answer: requiredText(5000) }), { error: 'must be a list of { question, answer }' }).max(200, 'must be at most 200 entries'),
  ),
});

/** YYYY-MM-DD, a real date. */
export const isoDay = z
  .string({ error: 'is required' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), 'must be a real date');

/** `admin_set_daily_quiz`: question ids comma-separated (or a list); none puts the day back to a random draw. */
export const dailyQuizForm = z.object({
  language_id: requiredId,
  day: isoDay,
  question_ids: z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter(Boolean) : (v ?? [])),
    z
      .array(z.preprocess(asNumber, z.number({ error: 'must be question ids' }).int('must be whole numbers').min(1, 'must be question ids').max(MAX_ID, `must be question ids from 1 to ${MAX_ID}`)), {
        error: 'must be question ids separated by commas',
      })
      .refine((ids) => new Set(ids).size === ids.length, 'must name each question once'),
  ),
});

/** A moment: an ISO date-time with its offset (a form's datetime-local plus the browser's offset). */
const moment = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() ? new Date(v) : v instanceof Date ? v : undefined),
  z.date({ error: 'is required (a date and time)' }).refine((d) => !Number.isNaN(d.getTime()), 'must be a date and time'),
);

const windowOrder = (v: { starts_at: Date; ends_at: Date }, ctx: z.RefinementCtx) => {
  if (v.ends_at <= v.starts_at) ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'must be after the start' });
};

/** `admin_save_contest`: changed only before it starts. */
export const contestForm = z
  .object({
    id: optionalId,
    language_id: requiredId,
    name: requiredText(200),
    description: z.preprocess((v) => v ?? '', z.string().trim().max(2000, 'must be at most 2000 characters')),
    image: imageAddress,
    starts_at: moment,
    ends_at: moment,
    entry_fee: z.preprocess((v) => blankAsUnset(v) ?? 0, z.coerce.number().int('must be a whole number').min(0, 'must be 0 or more').max(1_000_000, 'must be at most 1000000')),
    active: z.preprocess((v) => (v === undefined || v === '' ? true : v), yesNo('shown')),
  })
  .superRefine(windowOrder);
export type ContestInput = z.output<typeof contestForm>;

/** `admin_save_exam`: changed only before it starts; the key is 4 digits. */
export const examForm = z
  .object({
    id: optionalId,
    language_id: requiredId,
    title: requiredText(200),
    starts_at: moment,
    ends_at: moment,
    exam_key: z.string({ error: 'is required' }).trim().regex(/^[0-9]{4}$/, 'must be 4 digits'),
    duration_minutes: z.coerce.number({ error: 'is required' }).int('must be a whole number').min(1, 'must be 1 to 600 minutes').max(600, 'must be 1 to 600 minutes'),
    answer_again: z.preprocess((v) => (v === undefined || v === '' ? false : v), yesNo('answers can change')),
    require_fullscreen: z.preprocess((v) => (v === undefined || v === '' ? false : v), yesNo('full screen')),
    active: z.preprocess((v) => (v === undefined || v === '' ? true : v), yesNo('shown')),
  })
  .superRefine(windowOrder);
export type ExamInput = z.output<typeof examForm>;

/** A contest's or exam's question: multiple choice (4–5 options) or true/false (2); `answer` a letter. */
export const eventQuestionForm = z.object({
  id: optionalId,
  question_type: z.enum(['multiple', 'boolean'], { error: 'must be multiple or boolean' }),
  question: requiredText(1000),
  option_a: optionText,
  option_b: optionText,
  option_c: optionText,
  option_d: optionText,
  option_e: optionText,
  answer: z.enum(['a', 'b', 'c', 'd', 'e'], { error: 'must be the letter of the right option' }),
  note: z.preprocess((v) => v ?? '', z.string().trim().max(2000, 'must be at most 2000 characters')),
  image: imageAddress,
  marks: z.preprocess((v) => blankAsUnset(v) ?? 1, z.coerce.number().int('must be a whole number').min(1, 'must be 1 to 100').max(100, 'must be 1 to 100')),
});
export type EventQuestionInput = z.output<typeof eventQuestionForm>;

/**
 * `admin_set_contest_prizes`: "rank:coins" lines such as `1:500, 3:200, 10:50` (ranks 1, 2–3, 4–10),
 * ranks rising and coins not rising.
 */
export const prizeTableForm = z.object({
  contest_id: idOf('a contest id'),
  prizes: z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(/[,\n]/)
            .map((s) => s.trim())
            .filter(Boolean)
            .map((line) => {
              const m = /^(\d+)\s*:\s*(\d+)$/.exec(line);
              return m ? { rank_to: Number(m[1]), coins: Number(m[2]) } : line;
            })
        : v,
    z
      .array(z.object({ rank_to: z.number().int().min(1).max(100_000), coins: z.number().int().min(1, 'coins must be at least 1').max(1_000_000) }), { error: 'must be lines of rank:coins, e.g. 1:500, 3:200' })
      .max(50, 'must be at most 50 lines')
      .superRefine((lines, ctx) => {
        for (let i = 1; i < lines.length; i++) {
          if (lines[i]!.rank_to <= lines[i - 1]!.rank_to) ctx.addIssue({ code: 'custom', message: 'ranks must rise from line to line' });
          else if (lines[i]!.coins > lines[i - 1]!.coins) ctx.addIssue({ code: 'custom', message: 'a lower rank cannot win more coins' });
        }
      }),
  ),
});

/** `admin_save_reading`: a fun-and-learn reading (text, or a video or PDF link). */
export const readingForm = z
  .object({
    id: optionalId,
    category_id: requiredId,
    subcategory_id: optionalId,
    title: requiredText(200),
    detail: z.preprocess((v) => v ?? '', z.string().trim().max(500, 'must be at most 500 characters')),
    content_type: z.enum(['text', 'video', 'pdf'], { error: 'must be text, video or pdf' }),
    content_data: z.preprocess((v) => v ?? '', z.string().trim().max(50_000, 'must be at most 50000 characters')),
    active: z.preprocess((v) => (v === undefined || v === '' ? true : v), yesNo('shown')),
  })
  .superRefine((v, ctx) => {
    if (!v.content_data) ctx.addIssue({ code: 'custom', path: ['content_data'], message: v.content_type === 'text' ? 'is required (the text to read)' : 'is required (the link)' });
    else if (v.content_type !== 'text' && !/^https:\/\/\S+$/.test(v.content_data) && !/^\/uploads\/\S+$/.test(v.content_data)) {
      ctx.addIssue({ code: 'custom', path: ['content_data'], message: 'must be an https:// link or an /uploads/ path' });
    }
  });
export type ReadingInput = z.output<typeof readingForm>;

/** The first problem of a form per field, as a page shows it beside the field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    out[field] ??= issue.message;
  }
  return out;
}
