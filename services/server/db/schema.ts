import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { RoomDocument } from '@/services/domain/rooms';
import type { LiveSecretQuestion, LiveSource } from '@/services/domain/live';
import type { QuizSetQuestion } from '@/services/domain/quiz-sets';

const created = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

// ---------------------------------------------------------------------------------------------
// Settings and languages

/** Every admin-editable setting (system configuration, web settings), as strings. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Informational pages served by get_settings(type), per interface language. */
export const pages = pgTable(
  'pages',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    language: text('language').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** FAQ entries: [{question, answer}] */
    items: jsonb('items').$type<{ question: string; answer: string }[]>().notNull().default([]),
  },
  (t) => [uniqueIndex('pages_type_language').on(t.type, t.language)],
);

/** Content languages (questions and categories belong to one). */
export const languages = pgTable('languages', {
  id: serial('id').primaryKey(),
  language: text('language').notNull(),
  code: text('code').notNull().unique(),
  status: boolean('status').notNull().default(true),
  isDefault: boolean('is_default').notNull().default(false),
});

/** Interface languages with their admin-editable strings. */
export const systemLanguages = pgTable('system_languages', {
  name: text('name').primaryKey(),
  title: text('title').notNull(),
  rtl: boolean('rtl').notNull().default(false),
  version: integer('version').notNull().default(1),
  isDefault: boolean('is_default').notNull().default(false),
  strings: jsonb('strings').$type<Record<string, string>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------------------------------------
// Accounts (sessions are checked by the gateway; the accounts area fills these in)

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** The identity provider's id of this player (Firebase uid, or the built-in provider's uid). */
    firebaseId: text('firebase_id').notNull().unique(),
    name: text('name').notNull().default(''),
    email: text('email'),
    mobile: text('mobile'),
    /** How the player signs in: 'email', 'mobile', 'gmail' (spec: login type; "mobile" is special). */
    type: text('type').notNull().default('email'),
    profile: text('profile'),
    fcmId: text('fcm_id'),
    referCode: text('refer_code').unique(),
    friendsCode: text('friends_code'),
    /** The player whose refer code this player entered at sign-up. */
    referredBy: integer('referred_by'),
    webLanguage: text('web_language'),
    /**
     * Extended time (ui.md, WCAG 2.2.1), in percent of the standard time: 100, 150 or 200. The
     * server applies it to the clocks of solo play; battles keep the same time for everyone.
     */
    timeExtension: smallint('time_extension').notNull().default(100),
    /** Cached balance, changed only by the ledger in the same transaction as its entry. */
    coins: integer('coins').notNull().default(0),
    status: boolean('status').notNull().default(true),
    /** An operator's role (docs/operators.md): 'admin' (everything) or 'editor' (content only); null for a player. */
    role: text('role'),
    createdAt: created(),
    /** Set when the player deleted the account: personal data is gone, the row stays for the ledger. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('users_email').on(t.email),
    index('users_mobile').on(t.mobile),
    /** Referrals of a player (the sharing caring badge counts them). */
    index('users_referred_by').on(t.referredBy).where(sql`${t.referredBy} is not null`),
    check('users_coins_nonnegative', sql`${t.coins} >= 0`),
    check('users_time_extension_allowed', sql`${t.timeExtension} in (100, 150, 200)`),
    check('users_role_known', sql`${t.role} is null or ${t.role} in ('admin', 'editor')`),
    index('users_role').on(t.role).where(sql`${t.role} is not null`),
  ],
);

/**
 * What operators changed, append-only (a trigger refuses updates and deletes): who, what, the
 * state before and after, when. Written in the transaction of the change it records.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    /** The operator; null for the command line (`npm run admin`). */
    actorId: integer('actor_id').references(() => users.id),
    /** How the change came: 'console' or 'cli'. */
    via: text('via').notNull(),
    /** e.g. 'role.grant', 'user.deactivate', 'question.update'. */
    action: text('action').notNull(),
    /** What was changed: a table-like name and the row's id. */
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before').$type<unknown>(),
    after: jsonb('after').$type<unknown>(),
    requestId: text('request_id'),
    createdAt: created(),
  },
  (t) => [index('audit_log_target').on(t.targetType, t.targetId), index('audit_log_actor').on(t.actorId, t.id)],
);

/** Opaque api_token sessions, stored as a SHA-256 hash of the token. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: created(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user').on(t.userId)],
);

/** Secrets the server generates once and every instance shares (e.g. the key that signs identity proofs). */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: created(),
});

/** Built-in identity provider: who can prove to be a uid (email + password, or a phone number). */
export const localIdentities = pgTable('local_identities', {
  uid: text('uid').primaryKey(),
  email: text('email').unique(),
  phone: text('phone').unique(),
  /** scrypt hash in the form scrypt$N$r$p$salt$hash (services/server/identity/password.ts). */
  passwordHash: text('password_hash'),
  name: text('name').notNull().default(''),
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  disabled: boolean('disabled').notNull().default(false),
  createdAt: created(),
});

/** One-time codes and links: email verification, password reset, phone OTP. Stored hashed. */
export const authCodes = pgTable(
  'auth_codes',
  {
    id: serial('id').primaryKey(),
    /** 'verify_email' | 'reset_password' | 'otp' */
    purpose: text('purpose').notNull(),
    /** The email address or phone number the code was sent to. */
    target: text('target').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: created(),
  },
  (t) => [index('auth_codes_target').on(t.purpose, t.target)],
);

/** Mail and SMS written by the development senders (shown at /dev/outbox/ outside production). */
export const outbox = pgTable('outbox', {
  id: serial('id').primaryKey(),
  /** 'email' | 'sms' */
  channel: text('channel').notNull(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull().default(''),
  body: text('body').notNull(),
  createdAt: created(),
});

/** Fixed-window counters for rate limits, shared by every app instance. */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/**
 * The coin ledger: append-only. A player's balance is the sum of the amounts; users.coins caches it
 * and is written only in the same transaction as an entry (services/server/economy/ledger.ts).
 */
export const coinLedger = pgTable(
  'coin_ledger',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** Positive: income; negative: spent. Never 0. */
    amount: integer('amount').notNull(),
    /** What moved the coins: 'welcome_bonus', 'referral', 'level_passed', 'lifeline', 'battle_entry', … */
    type: text('type').notNull(),
    /** Shown in the coin history (an i18n key or a text). */
    title: text('title').notNull(),
    /** The same key never moves coins twice. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    balanceAfter: integer('balance_after').notNull(),
    createdAt: created(),
  },
  (t) => [
    index('coin_ledger_user').on(t.userId, t.id),
    check('coin_ledger_amount_nonzero', sql`${t.amount} <> 0`),
    check('coin_ledger_balance_nonnegative', sql`${t.balanceAfter} >= 0`),
  ],
);

/**
 * A notification an operator sent (docs/notifications.md): to everyone, to one player, or to the
 * players of one content language. Delivery writes one `notifications` row per recipient in
 * batches, in user id order; `cursor` is the last user id handled, so a restart goes on from there.
 */
export const notificationSends = pgTable(
  'notification_sends',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    image: text('image'),
    link: text('link'),
    /** 'all' | 'user' | 'language' */
    audience: text('audience').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    languageId: integer('language_id').references(() => languages.id, { onDelete: 'cascade' }),
    /** 'delivering' | 'done' */
    status: text('status').notNull().default('delivering'),
    cursor: integer('cursor').notNull().default(0),
    delivered: integer('delivered').notNull().default(0),
    sentBy: integer('sent_by').references(() => users.id),
    createdAt: created(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('notification_sends_delivering').on(t.id).where(sql`${t.status} = 'delivering'`),
    check('notification_sends_audience_known', sql`${t.audience} in ('all', 'user', 'language')`),
    check('notification_sends_status_known', sql`${t.status} in ('delivering', 'done')`),
    check(
      'notification_sends_target',
      sql`(${t.audience} = 'user') = (${t.userId} is not null) and (${t.audience} = 'language') = (${t.languageId} is not null)`,
    ),
  ],
);

/** Notifications to one player, or to everyone when user_id is null (rows from before sends existed). */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    message: text('message').notNull(),
    type: text('type').notNull().default('default'),
    image: text('image'),
    /** Where the notification leads (a path of the app or an https address). */
    link: text('link'),
    /** The operator's send this row delivers (one row per recipient and send). */
    sendId: integer('send_id').references(() => notificationSends.id, { onDelete: 'cascade' }),
    createdAt: created(),
  },
  (t) => [
    index('notifications_user').on(t.userId, t.id),
    uniqueIndex('notifications_send_user').on(t.sendId, t.userId).where(sql`${t.sendId} is not null`),
  ],
);

/**
 * Redeem requests (rules.md, Economy: Redeem): coins taken when requested (ledger `redeem:<id>`),
 * returned once when the owner deletes a pending request or an operator marks it invalid
 * (`redeem_refund:<id>`). Kept after a decision, as the player's history.
 */
export const paymentRequests = pgTable(
  'payment_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** 'paypal' | 'mobile' | 'upi' */
    paymentType: text('payment_type').notNull(),
    paymentAddress: text('payment_address').notNull(),
    coins: integer('coins').notNull(),
    /** The payout in hundredths of the currency unit (coins × coin_amount / per_coin, rounded down). */
    amountCents: integer('amount_cents').notNull(),
    details: text('details').notNull().default(''),
    /** 'pending' | 'completed' | 'invalid' | 'deleted' */
    status: text('status').notNull().default('pending'),
    /** Why an operator marked it invalid. */
    reason: text('reason'),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: created(),
  },
  (t) => [
    index('payment_requests_user').on(t.userId, t.id),
    index('payment_requests_status').on(t.status, t.id),
    check('payment_requests_type_known', sql`${t.paymentType} in ('paypal', 'mobile', 'upi')`),
    check('payment_requests_status_known', sql`${t.status} in ('pending', 'completed', 'invalid', 'deleted')`),
    check('payment_requests_coins_positive', sql`${t.coins} > 0 and ${t.amountCents} >= 0`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Content. A category belongs to one content language and one kind.

/** Category kinds (rules.md, content model). */
export const CATEGORY_TYPES = {
  quiz_zone: 1,
  fun_n_learn: 2,
  guess_the_word: 3,
  audio: 4,
  maths: 5,
  multi_match: 6,
} as const;

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    languageId: integer('language_id')
      .notNull()
      .references(() => languages.id),
    type: smallint('type').notNull(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    image: text('image'),
    isPremium: boolean('is_premium').notNull().default(false),
    coins: integer('coins').notNull().default(0),
    rowOrder: integer('row_order').notNull().default(0),
    status: boolean('status').notNull().default(true),
    source: text('source').notNull().default('admin'),
  },
  (t) => [
    uniqueIndex('categories_language_type_slug').on(t.languageId, t.type, t.slug),
    check('categories_coins_nonnegative', sql`${t.coins} >= 0`),
  ],
);

export const subcategories = pgTable(
  'subcategories',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    image: text('image'),
    isPremium: boolean('is_premium').notNull().default(false),
    coins: integer('coins').notNull().default(0),
    rowOrder: integer('row_order').notNull().default(0),
    status: boolean('status').notNull().default(true),
  },
  (t) => [uniqueIndex('subcategories_category_slug').on(t.categoryId, t.slug)],
);

const contentRef = () => ({
  categoryId: integer('category_id')
    .notNull()
    .references(() => categories.id, { onDelete: 'cascade' }),
  subcategoryId: integer('subcategory_id').references(() => subcategories.id, { onDelete: 'cascade' }),
  languageId: integer('language_id')
    .notNull()
    .references(() => languages.id),
});

/** Four (or five) options and the letter of the right one. */
const options = () => ({
  optionA: text('option_a').notNull(),
  optionB: text('option_b').notNull(),
  optionC: text('option_c'),
  optionD: text('option_d'),
  optionE: text('option_e'),
});

/**
 * Every question a mode serves from the question bank, of every kind (decision 017): multiple
 * choice and true/false (quiz zone, daily quiz, true/false, self challenge, battles, maths mania,
 * audio, fun and learn), guess the word, and multi match (multi select, sequence). The mode is
 * the category's `type`; the kind is `question_type`; what a kind needs beyond the text and the
 * options has a column of its own.
 */
export const questions = pgTable(
  'questions',
  {
    id: serial('id').primaryKey(),
    ...contentRef(),
    /** 'multiple' (4 or 5 options), 'boolean' (true/false), 'word' (guess the word), 'multiselect' or 'sequence' (multi match). */
    questionType: text('question_type').notNull(),
    question: text('question').notNull(),
    /** Options a–e; a guess-the-word question has none (a and b are there for every other kind: the check below). */
    optionA: text('option_a'),
    optionB: text('option_b'),
    optionC: text('option_c'),
    optionD: text('option_d'),
    optionE: text('option_e'),
    /**
     * The right answer: the letter of the right option (multiple, boolean); the word or phrase
     * (word); the right letters in order, comma-separated (multiselect: 'a,c'; sequence: 'c,a,d,b').
     */
    answer: text('answer').notNull(),
    level: integer('level').notNull().default(1),
    image: text('image'),
    /** Audio questions: an uploaded file ('/uploads/…') or a link (https://…). */
    audio: text('audio'),
    /** Audio questions: what the audio says, shown on request to players who cannot hear it. */
    transcript: text('transcript'),
    /** Fun and learn: the comprehension item the question is about. */
    funNLearnId: integer('fun_n_learn_id').references(() => funNLearn.id, { onDelete: 'cascade' }),
    note: text('note').notNull().default(''),
    /** Stable key of seeded or imported content; a translation shares its original's key. */
    contentKey: text('content_key'),
    /** sha256 of the normalised question text and options, for duplicate detection. */
    contentHash: text('content_hash').notNull(),
    source: text('source').notNull().default('admin'),
    /** The import run that stored (or last updated) it, when one did. */
    importId: integer('import_id').references(() => contentImports.id, { onDelete: 'set null' }),
    status: boolean('status').notNull().default(true),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('questions_language_key').on(t.languageId, t.contentKey),
    uniqueIndex('questions_language_hash').on(t.languageId, t.contentHash),
    index('questions_level_lookup').on(t.categoryId, t.subcategoryId, t.level),
    index('questions_type').on(t.languageId, t.questionType),
    index('questions_fun_n_learn').on(t.funNLearnId).where(sql`${t.funNLearnId} is not null`),
    check('questions_type_known', sql`${t.questionType} in ('multiple','boolean','word','multiselect','sequence')`),
    check('questions_options_of_type', sql`${t.questionType} = 'word' or (${t.optionA} is not null and ${t.optionB} is not null)`),
    check(
      'questions_answer_of_type',
      sql`case ${t.questionType}
        when 'word' then length(btrim(${t.answer})) between 1 and 60
        when 'multiselect' then ${t.answer} ~ '^[a-e](,[a-e]){1,4}$'
        when 'sequence' then ${t.answer} ~ '^[a-e](,[a-e]){1,4}$'
        else ${t.answer} in ('a','b','c','d','e') end`,
    ),
  ],
);

/**
 * Active questions per category, subcategory (0: the category's own) and level, kept by
 * statement-level triggers on `questions` (migration 0020), so the category and level lists read
 * a few hundred rows instead of counting the whole bank. Rows whose count fell to 0 stay; readers
 * take `questions > 0`. No foreign key: a category's rows go with its questions' deletes.
 */
export const questionCounts = pgTable(
  'question_counts',
  {
    categoryId: integer('category_id').notNull(),
    subcategoryId: integer('subcategory_id').notNull(),
    level: integer('level').notNull(),
    questions: integer('questions').notNull(),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.subcategoryId, t.level] })],
);

/** The daily quiz: one set of questions per language per day (admin-picked or drawn). */
export const dailyQuizzes = pgTable(
  'daily_quizzes',
  {
    id: serial('id').primaryKey(),
    languageId: integer('language_id')
      .notNull()
      .references(() => languages.id),
    day: date('day').notNull(),
    questionIds: jsonb('question_ids').$type<number[]>().notNull(),
  },
  (t) => [uniqueIndex('daily_quizzes_language_day').on(t.languageId, t.day)],
);

/**
 * Fun and learn: a comprehension item (a text, a video link or a PDF) that the player reads before
 * its questions, which are rows of `questions` pointing here (`fun_n_learn_id`). Decision 017.
 */
export const funNLearn = pgTable(
  'fun_n_learn',
  {
    id: serial('id').primaryKey(),
    ...contentRef(),
    title: text('title').notNull(),
    detail: text('detail').notNull().default(''),
    /** 'text' | 'video' | 'pdf' */
    contentType: text('content_type').notNull().default('text'),
    contentData: text('content_data').notNull().default(''),
    /** Stable key of seeded or imported items. */
    contentKey: text('content_key'),
    status: boolean('status').notNull().default(true),
  },
  (t) => [
    uniqueIndex('fun_n_learn_language_key').on(t.languageId, t.contentKey),
    check('fun_n_learn_content_type_known', sql`${t.contentType} in ('text','video','pdf')`),
  ],
);

/** Contests and their questions and prizes (docs/contests.md). */
export const contests = pgTable(
  'contests',
  {
    id: serial('id').primaryKey(),
    languageId: integer('language_id')
      .notNull()
      .references(() => languages.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    image: text('image'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    entryFee: integer('entry_fee').notNull().default(0),
    /** Set by the prize job once every prize of the finished contest was paid. */
    prizesPaidAt: timestamp('prizes_paid_at', { withTimezone: true }),
    /** Stable key of seeded or imported contests (a second import of the same file changes nothing). */
    contentKey: text('content_key').unique(),
    status: boolean('status').notNull().default(true),
    createdAt: created(),
  },
  (t) => [
    index('contests_window').on(t.startsAt, t.endsAt),
    check('contests_window_order', sql`${t.endsAt} > ${t.startsAt}`),
    check('contests_fee_nonnegative', sql`${t.entryFee} >= 0`),
  ],
);

export const contestQuestions = pgTable(
  'contest_questions',
  {
    id: serial('id').primaryKey(),
    contestId: integer('contest_id')
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    questionType: text('question_type').notNull().default('multiple'),
    question: text('question').notNull(),
    image: text('image'),
    ...options(),
    answer: text('answer').notNull(),
    note: text('note').notNull().default(''),
  },
  (t) => [
    index('contest_questions_parent').on(t.contestId),
    check('contest_questions_answer_letter', sql`${t.answer} in ('a','b','c','d','e')`),
  ],
);

/** The prize table: every rank up to `rank_to` (from the row above it) wins `coins`. */
export const contestPrizes = pgTable(
  'contest_prizes',
  {
    id: serial('id').primaryKey(),
    contestId: integer('contest_id')
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    rankTo: integer('rank_to').notNull(),
    coins: integer('coins').notNull(),
  },
  (t) => [uniqueIndex('contest_prizes_rank').on(t.contestId, t.rankTo), check('contest_prizes_coins_positive', sql`${t.coins} > 0`)],
);

/**
 * A player's entry in a contest: one per player and contest (the primary key is the "you have
 * already played" rule). Written in the transaction that opens the play and takes the fee; the
 * score is the server's, recorded when the play settles; the prize when the prize job pays it.
 */
export const contestEntries = pgTable(
  'contest_entries',
  {
    contestId: integer('contest_id')
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: text('session_id').notNull(),
    /** The entry fee taken (through the ledger). */
    fee: integer('fee').notNull().default(0),
    score: integer('score').notNull().default(0),
    correct: integer('correct').notNull().default(0),
    wrong: integer('wrong').notNull().default(0),
    questionsAttended: integer('questions_attended').notNull().default(0),
    /** When the play settled; null while it is being played (not on the leaderboard yet). */
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Rank and coins the prize job paid (null: no prize). */
    prizeRank: integer('prize_rank'),
    prizeCoins: integer('prize_coins'),
    createdAt: created(),
  },
  (t) => [
    primaryKey({ columns: [t.contestId, t.userId] }),
    index('contest_entries_rank').on(t.contestId, t.score.desc(), t.userId).where(sql`${t.finishedAt} is not null`),
  ],
);

/** Exams: a window to start in, a duration, a 4-digit key; questions carry their marks (docs/exams.md). */
export const examModules = pgTable(
  'exam_modules',
  {
    id: serial('id').primaryKey(),
    languageId: integer('language_id')
      .notNull()
      .references(() => languages.id),
    title: text('title').notNull(),
    /** The window in which the exam can be started. */
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    examKey: text('exam_key').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    /** Whether an answer may be changed before the exam is submitted. */
    answerAgain: boolean('answer_again').notNull().default(false),
    /** Whether the exam asks for fullscreen (leaving it is then a violation). */
    requireFullscreen: boolean('require_fullscreen').notNull().default(false),
    /** Stable key of seeded or imported exams. */
    contentKey: text('content_key').unique(),
    status: boolean('status').notNull().default(true),
    createdAt: created(),
  },
  (t) => [
    index('exam_modules_window').on(t.startsAt, t.endsAt),
    check('exam_modules_window_order', sql`${t.endsAt} > ${t.startsAt}`),
    check('exam_modules_key_digits', sql`${t.examKey} ~ '^[0-9]{4}$'`),
    check('exam_modules_duration_positive', sql`${t.durationMinutes} > 0`),
  ],
);

export const examModuleQuestions = pgTable(
  'exam_module_questions',
  {
    id: serial('id').primaryKey(),
    examModuleId: integer('exam_module_id')
      .notNull()
      .references(() => examModules.id, { onDelete: 'cascade' }),
    marks: integer('marks').notNull().default(1),
    questionType: text('question_type').notNull().default('multiple'),
    question: text('question').notNull(),
    image: text('image'),
    ...options(),
    answer: text('answer').notNull(),
    note: text('note').notNull().default(''),
  },
  (t) => [
    index('exam_module_questions_parent').on(t.examModuleId),
    check('exam_module_questions_marks_positive', sql`${t.marks} > 0`),
    check('exam_module_questions_answer_letter', sql`${t.answer} in ('a','b','c','d','e')`),
  ],
);

/** One question of an exam attempt: the shown option order and the answer so far. */
export interface ExamQuestionState {
  id: number;
  order: string[];
  /** The letter chosen, or null. */
  answer: string | null;
  answeredAt: string | null;
}

/**
 * An exam attempt: the exam session of one player in one exam (one attempt per player: the
 * unique key). The server holds its deadline, its answers and the page it is played on.
 */
export const examAttempts = pgTable(
  'exam_attempts',
  {
    /** Random and unguessable: `x_` + 22 base64url characters. */
    id: text('id').primaryKey(),
    examModuleId: integer('exam_module_id')
      .notNull()
      .references(() => examModules.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'in_exam' | 'completed' ('not started' is the absence of a row). */
    status: text('status').notNull().default('in_exam'),
    questions: jsonb('questions').$type<ExamQuestionState[]>().notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** Started at + duration × the player's extended time (+ 1 s for the network). */
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    /** The page the exam is played on (a random id per page load) and when it was last heard from. */
    clientId: text('client_id').notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    /** The page said it was closed (reload, tab closed): the player may come back (resume timeout). */
    clientLeftAt: timestamp('client_left_at', { withTimezone: true }),
    /** Since when the page is hidden, by the server's clock (null: visible), and the violation row of it. */
    hiddenSince: timestamp('hidden_since', { withTimezone: true }),
    hiddenViolationId: integer('hidden_violation_id'),
    /** The settings the attempt was started with: hidden seconds allowed, resume minutes. */
    hiddenLimitSeconds: integer('hidden_limit_seconds').notNull(),
    resumeMinutes: integer('resume_minutes').notNull(),
    /** When the exam ended and why: 'submitted' | 'deadline' | 'rules_violated' | 'abandoned'. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: text('end_reason'),
    rulesViolated: boolean('rules_violated').notNull().default(false),
    /** The graded result (what set_exam_module_result answers, every time). */
    result: jsonb('result').$type<Record<string, unknown>>(),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('exam_attempts_one_per_player').on(t.examModuleId, t.userId),
    index('exam_attempts_user').on(t.userId, t.status),
    index('exam_attempts_in_exam').on(t.deadline).where(sql`${t.status} = 'in_exam'`),
    check('exam_attempts_status_known', sql`${t.status} in ('in_exam','completed')`),
  ],
);

/** Every violation the browser reported (or the server saw) during an exam, with the question on screen. */
export const examViolations = pgTable(
  'exam_violations',
  {
    id: serial('id').primaryKey(),
    attemptId: text('attempt_id')
      .notNull()
      .references(() => examAttempts.id, { onDelete: 'cascade' }),
    /** See EXAM_VIOLATIONS in services/domain/exams.ts. */
    kind: text('kind').notNull(),
    questionId: integer('question_id'),
    /** When the server received it. */
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** How long it lasted (a hidden page, a page left), when it has a length. */
    durationMs: integer('duration_ms'),
    clientId: text('client_id'),
  },
  (t) => [index('exam_violations_attempt').on(t.attemptId, t.at)],
);

/** Import runs, so an operator can see what was loaded and when. */
/**
 * One import run (docs/content.md, Importing): created when it starts, its counts brought up to
 * date in the transaction of every batch it writes, so that a run killed half-way still says what
 * it stored. `running` with an old `updated_at` is a run that was interrupted.
 */
export const contentImports = pgTable(
  'content_imports',
  {
    id: serial('id').primaryKey(),
    /** The format: opentdb, csv or content. */
    source: text('source').notNull(),
    fileName: text('file_name').notNull(),
    status: text('status').notNull().default('done'),
    /** Where it was started: the command line or the console (then by whom). */
    via: text('via').notNull().default('command'),
    startedBy: integer('started_by'),
    /** Rows (questions) read so far, and what became of them. */
    read: integer('read').notNull().default(0),
    inserted: integer('inserted').notNull(),
    updated: integer('updated').notNull().default(0),
    duplicates: integer('duplicates').notNull(),
    rejected: integer('rejected').notNull(),
    /** Bytes of the file read so far, and its size when known: the progress of a running import. */
    bytesRead: bigint('bytes_read', { mode: 'number' }).notNull().default(0),
    totalBytes: bigint('total_bytes', { mode: 'number' }),
    /** The first refused rows with their reasons (the whole report goes to the terminal or a file). */
    rejectedSample: jsonb('rejected_sample').$type<{ row: number; reason: string }[]>().notNull().default([]),
    /** Why a failed run stopped. */
    error: text('error'),
    createdAt: created(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    check('content_imports_status_known', sql`${t.status} in ('running', 'done', 'failed')`),
    check('content_imports_via_known', sql`${t.via} in ('command', 'console')`),
    index('content_imports_running').on(t.status).where(sql`${t.status} = 'running'`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Solo play (issue 4): play sessions and what settling them records. See docs/play-sessions.md
// and docs/decisions/007-play-sessions.md.

/** The state of one question inside a play session (an element of play_sessions.questions). */
export interface PlayQuestionState {
  /** Id of the question in the session's question table. */
  id: number;
  /** The option letters in the order they were shown (shuffled per play when option_shuffle_mode is on). */
  order: string[];
  /** The letter the player committed, or null (not answered, timed out or skipped). */
  answer: string | null;
  /** Whether the committed answer was right; null until the question is closed. */
  correct: boolean | null;
  /** When the question was closed (answered, timed out or skipped), ISO 8601. */
  closedAt: string | null;
  /** Closed without an answer because its time ran out (or the play was finished before it). */
  timedOut: boolean;
  /** Dropped from the result by the skip lifeline. */
  skipped: boolean;
  /** Lifelines used on this question. */
  lifelines: string[];
  /** Letters removed by 50/50. */
  removed?: string[];
  /** Audience poll percentages by letter. */
  poll?: Record<string, number>;
  /** Guess the word: the tiles shown, how the word's letters fold, and the letters hints revealed. */
  word?: { tiles: string[]; fold: 'es' | 'ar' | 'plain'; hints: { index: number; letter: string }[] };
  /** Audio questions: when the player's audio was ready and the question's clock started (ISO 8601). */
  clockStartedAt?: string;
}

/** What a session's result depends on, fixed when it opens: a settings change mid-play does not change it. */
export interface PlayRules {
  /** The settings scoring reads (pass percentage, coin rule, points per answer), as they were at opening. */
  settings: Record<string, string>;
  /** Lifelines offered in this session, and what each costs. */
  lifelines: string[];
  lifelineCost: number;
  /** Guess the word: hints allowed per question and what each costs (none in other modes). */
  hints?: { perQuestion: number; cost: number };
  /**
   * Audio questions: seconds a question may wait for its audio before its clock starts anyway. The
   * stored deadline of such a question includes them until `start_question_clock` sets the real one.
   */
  startAllowance?: number;
}

export const playSessions = pgTable(
  'play_sessions',
  {
    /** Random and unguessable: `s_` + 22 base64url characters. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'quiz_zone' | 'daily_quiz' | 'true_false' | 'self_challenge' | 'bookmark' (later modes add theirs). */
    mode: text('mode').notNull(),
    /**
     * What was played, as one key (e.g. `quiz_zone:12:34:2`): at most one open session per player
     * and key, so opening the same thing again (a reload) answers the session where it stands.
     */
    contextKey: text('context_key').notNull(),
    /** The table the question ids point into ('questions' for the modes of issue 4). */
    questionTable: text('question_table').notNull().default('questions'),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    subcategoryId: integer('subcategory_id').references(() => subcategories.id, { onDelete: 'set null' }),
    level: integer('level'),
    /** Content language played (null: every language). */
    languageId: integer('language_id').references(() => languages.id, { onDelete: 'set null' }),
    /** Daily quiz: the player's day (in the player's timezone) this play counts for. */
    day: date('day'),
    /** The questions in the order played, each with its state. */
    questions: jsonb('questions').$type<PlayQuestionState[]>().notNull(),
    currentIndex: integer('current_index').notNull().default(0),
    currentOpenedAt: timestamp('current_opened_at', { withTimezone: true }).notNull().defaultNow(),
    /** Deadline of the open question (opened at + time + 1 s grace); null when the whole play has one. */
    currentDeadline: timestamp('current_deadline', { withTimezone: true }),
    /** Seconds per question (null: the play has a total time instead). */
    timePerQuestion: integer('time_per_question'),
    /** Seconds for the whole play (self challenge), and its deadline (+ 1 s grace). */
    totalTime: integer('total_time'),
    totalDeadline: timestamp('total_deadline', { withTimezone: true }),
    /** Lifelines used in this play (each once). */
    lifelinesUsed: jsonb('lifelines_used').$type<string[]>().notNull().default([]),
    rules: jsonb('rules').$type<PlayRules>().notNull(),
    /** 'open' | 'finished' */
    status: text('status').notNull().default('open'),
    /** What finish_play answered; every later finish_play answers it again. */
    result: jsonb('result').$type<Record<string, unknown>>(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** When the player first opened the review (the review is charged once). */
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('play_sessions_one_open').on(t.userId, t.contextKey).where(sql`${t.status} = 'open'`),
    index('play_sessions_user_settled').on(t.userId, t.settledAt),
    index('play_sessions_user_mode').on(t.userId, t.mode, t.categoryId, t.subcategoryId),
    check('play_sessions_status_known', sql`${t.status} in ('open','finished')`),
    check('play_sessions_index_nonnegative', sql`${t.currentIndex} >= 0`),
  ],
);

/** Quiz zone: the highest level a player passed in a category (or one of its subcategories); level n+1 is open. */
export const levelProgress = pgTable(
  'level_progress',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    /** Null: levels of the category itself (a category without subcategories). */
    subcategoryId: integer('subcategory_id').references(() => subcategories.id, { onDelete: 'cascade' }),
    highestPassed: integer('highest_passed').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('level_progress_user_place').on(t.userId, t.categoryId, t.subcategoryId).nullsNotDistinct()],
);

/** Premium categories and subcategories a player unlocked with coins. */
export const unlockedCategories = pgTable(
  'unlocked_categories',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    /** Null: the category itself was unlocked. */
    subcategoryId: integer('subcategory_id').references(() => subcategories.id, { onDelete: 'cascade' }),
    /** The price taken (through the ledger). */
    coins: integer('coins').notNull(),
    createdAt: created(),
  },
  (t) => [unique('unlocked_categories_user_place').on(t.userId, t.categoryId, t.subcategoryId).nullsNotDistinct()],
);

/** Answered and right answers per player and category, added to when a play is settled. */
export const userStatistics = pgTable(
  'user_statistics',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    answered: integer('answered').notNull().default(0),
    correct: integer('correct').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.categoryId] })],
);

/** Bookmarked questions per kind (the spec's bookmark `type`; '1': multiple choice and true/false). */
export const bookmarks = pgTable(
  'bookmarks',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    questionId: integer('question_id').notNull(),
    createdAt: created(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.questionId] }), index('bookmarks_user_kind').on(t.userId, t.kind, t.createdAt)],
);

/** Players' reports of wrong or bad questions, for the admin. */
export const questionReports = pgTable(
  'question_reports',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Which question table: '1' questions (multiple choice, true/false), later modes add theirs. */
    kind: text('kind').notNull().default('1'),
    questionId: integer('question_id').notNull(),
    message: text('message').notNull(),
    /** 'open' until an editor marks it 'fixed' or 'dismissed'. */
    status: text('status').notNull().default('open'),
    resolvedBy: integer('resolved_by').references(() => users.id),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: created(),
  },
  (t) => [
    index('question_reports_question').on(t.kind, t.questionId),
    index('question_reports_open').on(t.id).where(sql`${t.status} = 'open'`),
    check('question_reports_status_known', sql`${t.status} in ('open', 'fixed', 'dismissed')`),
  ],
);

/** One daily quiz per player and day (the player's day, in the player's timezone). */
export const dailyQuizPlays = pgTable(
  'daily_quiz_plays',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    languageId: integer('language_id').references(() => languages.id, { onDelete: 'set null' }),
    sessionId: text('session_id').references(() => playSessions.id, { onDelete: 'set null' }),
    createdAt: created(),
    /** Set when the play was settled. */
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/**
 * Leaderboards: score per player and period; ties go to who reached the score first. Rank
 * queries walk (period, score desc, reached_at, user_id).
 */
/** The daily and the monthly board: one row per player and period, the same columns and indexes. */
function periodLeaderboard<N extends 'leaderboard_daily' | 'leaderboard_monthly'>(name: N) {
  return pgTable(
    name,
    {
      /** The day (daily) or the first day of the month (monthly), in the leaderboard timezone (setting default_timezone). */
      period: date('period').notNull(),
      userId: integer('user_id')
        .notNull()
        .references(() => users.id, { onDelete: 'cascade' }),
      score: integer('score').notNull().default(0),
      reachedAt: timestamp('reached_at', { withTimezone: true }).notNull().defaultNow(),
      /** The player is listed (not deactivated, not deleted); kept by a trigger on users. */
      visible: boolean('visible').notNull().default(true),
    },
    (t) => [
      primaryKey({ columns: [t.period, t.userId] }),
      // Listed players only: the walks of pages and ties are index-only and skip hidden rows.
      index(`${name}_rank`).on(t.period, t.score.desc(), t.reachedAt.asc(), t.userId.asc()).where(sql`${t.visible}`),
      /** A player's rows (deactivation, deletion) and a player's row of a period. */
      index(`${name}_user`).on(t.userId, t.period),
    ],
  );
}

export const leaderboardDaily = periodLeaderboard('leaderboard_daily');

export const leaderboardMonthly = periodLeaderboard('leaderboard_monthly');

export const leaderboardAllTime = pgTable(
  'leaderboard_all_time',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    score: integer('score').notNull().default(0),
    reachedAt: timestamp('reached_at', { withTimezone: true }).notNull().defaultNow(),
    /** The player is listed (not deactivated, not deleted); kept by a trigger on users. */
    visible: boolean('visible').notNull().default(true),
  },
  // Listed players only: the walks of pages and ties are index-only and skip hidden rows.
  (t) => [index('leaderboard_all_time_rank').on(t.score.desc(), t.reachedAt.asc(), t.userId.asc()).where(sql`${t.visible}`)],
);

/**
 * How many listed players each board holds, by score, kept by triggers on the boards (migration
 * 0003_leaderboards) so that a rank is a few sums instead of a count of everyone ahead
 * (docs/decisions/010-leaderboard-ranks.md). Tiers: 0 — a band of 256 points (`score` is
 * score >> 8); 1 — one score; 2 + l — one score and one time slot of reached_at of level l, l = 0..3
 * (`slot`: a level-0 slot is 4 seconds on the daily board, a minute on the monthly, an hour on the
 * all-time; a level-l slot is 64^l of them; migration 0027). The all-time board uses the period
 * 1970-01-01.
 */
export const leaderboardCounts = pgTable(
  'leaderboard_counts',
  {
    /** 'daily' | 'monthly' | 'all_time' */
    board: text('board').notNull(),
    period: date('period').notNull(),
    tier: smallint('tier').notNull(),
    score: integer('score').notNull(),
    slot: integer('slot').notNull(),
    players: integer('players').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.board, t.period, t.tier, t.score, t.slot] }),
    check('leaderboard_counts_board_known', sql`${t.board} in ('daily','monthly','all_time')`),
    check('leaderboard_counts_tier_known', sql`${t.tier} between 0 and 7`),
  ],
);

/** Badges per player: unlocked by the server when the rule holds, reward claimed once. */
export const userBadges = pgTable(
  'user_badges',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Badge key, e.g. 'dashing_debut'. */
    badge: text('badge').notNull(),
    /** 'locked' | 'unlocked' | 'claimed' */
    status: text('status').notNull().default('locked'),
    /** Counter of rules that need one (days in a row, wins in a row, …). */
    progress: integer('progress').notNull().default(0),
    unlockedAt: timestamp('unlocked_at', { withTimezone: true }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.badge] }),
    check('user_badges_status_known', sql`${t.status} in ('locked','unlocked','claimed')`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Battle rooms (docs/rooms.md). The room row holds the public document every member sees and,
// apart from it, what must not leave the server while a question is open (the right answers,
// the members' picks, the bot's plan). The document is the room's state; the member rows index
// it (who is in which room) and carry what changes outside commands: stream counts and fees held.

/** One question of a started room, as the server holds it (an element of `rooms.questions`). */
export interface RoomSecretQuestion {
  /** Id in the questions table. */
  id: number;
  categoryId: number;
  /** The right letter. */
  answer: string;
  question: string;
  questionType: 'multiple' | 'boolean';
  image: string | null;
  /** The options in the order every member sees them (shuffled once per room). */
  options: { key: string; text: string }[];
}

/** A member's committed answer to an open question: the letter and when it arrived (ms since the epoch). */
export interface RoomSecretPick {
  answer: string;
  at: number;
}

/**
 * What the room service keeps from the members until a question closes. Small on purpose: it is
 * read and written by every answer (the question texts are in `rooms.questions`, written once).
 */
export interface RoomSecret {
  /** The right letter of each question, by index. */
  keys: string[];
  /** The open question's picks, by user id (stringified); moved into the document when it closes. */
  picks: Record<string, RoomSecretPick>;
  /** During the reveal pause: when the next question opens (ms since the epoch). */
  nextOpenAt: number | null;
  /** The bot's planned answer to the open question. */
  botPlan: { index: number; answer: string; at: number } | null;
  /** The scoring settings as they were at start (answerPoints reads them). */
  rules: Record<string, string>;
}

/**
 * A JSON value stored as the text `JSON.stringify` makes of it (rooms.doc, rooms.secret). Not jsonb:
 * every answer reads and writes the room's document, and jsonb would parse it on the way in and
 * print it on the way out, while the server only ever needs it whole. The stored text is exactly
 * what the room stream sends, so the room service serialises a version once (to compare, store,
 * stream and answer) — see services/server/rooms/doc-json.ts.
 */
const jsonText = <T>(name: string) =>
  customType<{ data: T; driverData: string }>({
    dataType: () => 'text',
    toDriver: (value) => JSON.stringify(value),
    fromDriver: (value) => JSON.parse(value) as T,
  })(name);

export const rooms = pgTable(
  'rooms',
  {
    /** `r_` + 22 base64url characters: unguessable. */
    id: text('id').primaryKey(),
    /** 'random' | 'friend' | 'group' */
    type: text('type').notNull(),
    /** 'waiting' | 'started' | 'finished' | 'deleted' */
    status: text('status').notNull(),
    /** Join code of friend and group rooms; unique among waiting rooms. */
    code: text('code'),
    /** The room's current version (the head of its event log): bumped by one on every change. */
    version: integer('version').notNull(),
    /** The version `doc` and `secret` are (a snapshot); the versions after it are rows of room_events. */
    snapshotVersion: integer('snapshot_version').notNull().default(0),
    /** Content language (0: every language). */
    languageId: integer('language_id').notNull().default(0),
    /** Category slug, or null for any category. */
    category: text('category'),
    entryFee: integer('entry_fee').notNull().default(0),
    vsBot: boolean('vs_bot').notNull().default(false),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    /** Random rooms while searching: when the search gives up (matchmaking takes only rooms still searching). */
    searchDeadlineAt: timestamp('search_deadline_at', { withTimezone: true }),
    /** The earliest pending timed event (a deadline, the bot's answer, the next question, a grace period's end…); null when none. */
    dueAt: timestamp('due_at', { withTimezone: true }),
    /** The public RoomDocument at `snapshot_version`, as JSON text (fold room_events after it for the current one). */
    doc: jsonText<RoomDocument>('doc').notNull(),
    /** Every question of a started room with its right letter, picked at start; they open one at a time. */
    questions: jsonb('questions').$type<RoomSecretQuestion[] | null>(),
    /** The RoomSecret at `snapshot_version`, as JSON text; null until the room starts. */
    secret: jsonText<RoomSecret>('secret'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('rooms_waiting_code').on(t.code).where(sql`${t.status} = 'waiting' and ${t.code} is not null`),
    /** Lookup of a code that is no longer waiting (deleted by its owner, started). */
    index('rooms_code').on(t.code, t.createdAt).where(sql`${t.code} is not null`),
    /** Matchmaking: the oldest searching random room of a language, category and fee. */
    index('rooms_matchmaking')
      .on(t.languageId, t.entryFee, t.category, t.createdAt)
      .where(sql`${t.status} = 'waiting' and ${t.type} = 'random' and not ${t.vsBot}`),
    /** The sweep: rooms with a timed event due (only waiting and started rooms have one). */
    index('rooms_status_due').on(t.status, t.dueAt).where(sql`${t.dueAt} is not null`),
    check('rooms_type_known', sql`${t.type} in ('random','friend','group')`),
    check('rooms_status_known', sql`${t.status} in ('waiting','started','finished','deleted')`),
    check('rooms_fee_nonnegative', sql`${t.entryFee} >= 0`),
  ],
);

/**
 * The room event log (docs/rooms.md, Storage): one row per version after the room's snapshot —
 * its public delta (a RoomDelta as JSON text, what members are sent) and the room's secret after
 * it (what never leaves the server). The room's current document is its snapshot (rooms.doc at
 * rooms.snapshot_version) with these folded in order. The key `(room_id, version)` is unique: one
 * command gets a version. Rows up to the snapshot are dropped once the room is finished or deleted.
 */
export const roomEvents = pgTable(
  'room_events',
  {
    /**
     * The room (rooms.id). No foreign key, on purpose (decision 022, third addendum): every event is
     * inserted by a statement that has just moved that room's head row under its lock, and rooms are
     * never deleted; the key's check cost about 15 % of each version's write on PGlite.
     */
    roomId: text('room_id').notNull(),
    version: integer('version').notNull(),
    delta: text('delta').notNull(),
    secret: text('secret'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.version] })],
);

export const roomMembers = pgTable(
  'room_members',
  {
    roomId: text('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seat: integer('seat').notNull(),
    isBot: boolean('is_bot').notNull().default(false),
    ready: boolean('ready').notNull().default(false),
    /** Out of the game (left, or dropped past the grace period). */
    left: boolean('left').notNull().default(false),
    /** Open room streams of this member, in every process. */
    connections: integer('connections').notNull().default(0),
    /** Whether the member ever opened a stream (a member who never did is not timed out for having none). */
    streamed: boolean('streamed').notNull().default(false),
    graceUntil: timestamp('grace_until', { withTimezone: true }),
    /** The entry fee taken from this member at start (ledger key room:<id>:entry:<user>). */
    feeHeld: integer('fee_held').notNull().default(0),
    /** The member's last quick message (one per second). */
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.roomId, t.userId] }),
    unique('room_members_seat').on(t.roomId, t.seat),
    /** A player's rooms (their waiting random search, their battles). */
    index('room_members_user').on(t.userId, t.roomId),
    check('room_members_connections_nonnegative', sql`${t.connections} >= 0`),
  ],
);

/**
 * Server processes that hold room streams, and when each last said it is alive (every few
 * seconds, and with every stream it opens). One that stops saying so has died: the streams it
 * held are taken back (docs/rooms.md, Presence).
 */
export const serverInstances = pgTable('server_instances', {
  id: text('id').primaryKey(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
});

/** How many of a member's open room streams each process holds (their sum is `room_members.connections`). */
export const roomStreamHolders = pgTable(
  'room_stream_holders',
  {
    instanceId: text('instance_id').notNull(),
    roomId: text('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    streams: integer('streams').notNull(),
  },
  (t) => [primaryKey({ columns: [t.instanceId, t.roomId, t.userId] }), check('room_stream_holders_streams_positive', sql`${t.streams} > 0`)],
);

/**
 * Finished human battles, one row per member (bot games are not recorded): what
 * get_battle_statistics lists, set_battle_statistics checks and the battle badges count.
 */
export const battleResults = pgTable(
  'battle_results',
  {
    roomId: text('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'random' | 'friend' | 'group' */
    type: text('type').notNull(),
    /** win | lose | draw (1v1), victory | defeat | tie (group). */
    outcome: text('outcome').notNull(),
    points: integer('points').notNull(),
    correct: integer('correct').notNull(),
    /** The other members as they were in the room: [{ user_id, name, image }]. */
    opponents: jsonb('opponents').$type<{ user_id: number; name: string; image: string | null }[]>().notNull(),
    winnerIds: jsonb('winner_ids').$type<number[]>().notNull(),
    isDrawn: boolean('is_drawn').notNull(),
    entryFee: integer('entry_fee').notNull(),
    coinsWon: integer('coins_won').notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.roomId, t.userId] }),
    index('battle_results_user').on(t.userId, t.finishedAt),
    check('battle_results_outcome_known', sql`${t.outcome} in ('win','lose','draw','victory','defeat','tie')`),
  ],
);

/** Random-battle wins in a row per player (quiz warrior); a loss or a draw resets it. */
export const battleStreaks = pgTable('battle_streaks', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  randomWins: integer('random_wins').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

// ---------------------------------------------------------------------------------------------
// Page speed of real visits (docs/operators.md)

/**
 * Core Web Vitals reported by players' browsers: one row per metric of a page load, under the
 * app's route pattern (`/quiz-zone/[category]/…`), never the address itself; nothing names the
 * visitor. Kept 28 days.
 */
export const webVitals = pgTable(
  'web_vitals',
  {
    id: serial('id').primaryKey(),
    route: text('route').notNull(),
    metric: text('metric').notNull(),
    value: doublePrecision('value').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('web_vitals_route_metric_at').on(t.route, t.metric, t.at), check('web_vitals_metric_known', sql`${t.metric} in ('LCP','INP','CLS')`)],
);

/**
 * Hosted live games (docs/live.md, migration 0021). A game holds its questions with their answers
 * (`questions`, never sent before a reveal), where it is (`status`, `current_index`, the open
 * question's server instants) and a `version` that grows with every step; the PIN is unique among
 * running games only.
 */
export const liveGames = pgTable(
  'live_games',
  {
    id: serial('id').primaryKey(),
    pin: text('pin').notNull(),
    hostId: integer('host_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** { kind: 'bank', category_id, subcategory_id } or { kind: 'set', set_id }. */
    source: jsonb('source').$type<LiveSource>().notNull(),
    questions: jsonb('questions').$type<LiveSecretQuestion[]>().notNull(),
    status: text('status').notNull().default('lobby'),
    /** 'host' | 'host_left' | null */
    paused: text('paused'),
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    locked: boolean('locked').notNull().default(false),
    /** The question on screen, -1 in the lobby. */
    currentIndex: integer('current_index').notNull().default(-1),
    opensAt: timestamp('opens_at', { withTimezone: true, mode: 'date' }),
    deadlineAt: timestamp('deadline_at', { withTimezone: true, mode: 'date' }),
    restarted: boolean('restarted').notNull().default(false),
    maxPlayers: integer('max_players').notNull(),
    version: integer('version').notNull().default(1),
    /** The last leaderboard's places by player id, for "who moved". */
    lastRanks: jsonb('last_ranks').$type<Record<string, number>>().notNull().default({}),
    /** Why it ended early: 'host' (ended by the host), 'abandoned' (left by its host for 30 minutes). */
    endedReason: text('ended_reason'),
    hostSeenAt: timestamp('host_seen_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: created(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The server process that runs the game (its address for the others: LIVE_NODE_URL), while `held_until` is ahead. */
    holder: text('holder'),
    heldUntil: timestamp('held_until', { withTimezone: true }),
    /** Word cloud: the words (as folded keys) the host hid from the question on screen; emptied when the next one opens. */
    hiddenWords: jsonb('hidden_words').$type<string[]>().notNull().default([]),
    /** 'free': players type their nicknames; 'generated': the server names them (docs/live.md, "Names and teams"). */
    names: text('names').notNull().default('free'),
    /** Teams in the game: 0 (none) or 2 to 8. */
    teamCount: integer('team_count').notNull().default(0),
    /** 'choose': players pick their team; 'balanced': the server puts each in the smallest. */
    teamMode: text('team_mode').notNull().default('balanced'),
  },
  (t) => [
    uniqueIndex('live_games_running_pin').on(t.pin).where(sql`${t.status} in ('lobby','question','reveal','leaderboard')`),
    index('live_games_host').on(t.hostId, t.createdAt),
    index('live_games_running').on(t.status).where(sql`${t.status} in ('lobby','question','reveal','leaderboard')`),
    check('live_games_status_known', sql`${t.status} in ('lobby','question','reveal','leaderboard','podium','ended')`),
    check('live_games_paused_known', sql`${t.paused} is null or ${t.paused} in ('host','host_left')`),
  ],
);

/**
 * Quiz sets ("My quizzes", docs/live.md, migration 0022): a player's own questions for the live
 * games they host, private to them. The questions are one JSON document (services/domain/quiz-sets.ts),
 * checked whole before it is written, so a set is never half saved.
 */
export const quizSets = pgTable(
  'quiz_sets',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    questions: jsonb('questions').$type<QuizSetQuestion[]>().notNull(),
    createdAt: created(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('quiz_sets_owner').on(t.ownerId, t.updatedAt)],
);

/** Who joined a live game: a nickname (unique in the game as `nickname_key`), a signed-in player's id or none, the rejoin token's hash. */
export const livePlayers = pgTable(
  'live_players',
  {
    id: serial('id').primaryKey(),
    gameId: integer('game_id')
      .notNull()
      .references(() => liveGames.id, { onDelete: 'cascade' }),
    nickname: text('nickname').notNull(),
    nicknameKey: text('nickname_key').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash').notNull(),
    score: integer('score').notNull().default(0),
    streak: integer('streak').notNull().default(0),
    correct: integer('correct').notNull().default(0),
    answered: integer('answered').notNull().default(0),
    /** Sum of answer times (an unanswered question counts its whole limit): the tie-break. */
    timeMs: bigint('time_ms', { mode: 'number' }).notNull().default(0),
    /** Removed by the host: the nickname stays taken, so it cannot join this game again. */
    removed: boolean('removed').notNull().default(false),
    /** The player's team (1 to the game's team count), or null in a game without teams. */
    team: integer('team'),
    joinedAt: created(),
  },
  (t) => [uniqueIndex('live_players_nickname').on(t.gameId, t.nicknameKey), uniqueIndex('live_players_token').on(t.tokenHash)],
);

/** Every answer of a live game, once per player and question (the key), with what it earned. */
export const liveAnswers = pgTable(
  'live_answers',
  {
    gameId: integer('game_id')
      .notNull()
      .references(() => liveGames.id, { onDelete: 'cascade' }),
    questionIndex: integer('question_index').notNull(),
    playerId: integer('player_id')
      .notNull()
      .references(() => livePlayers.id, { onDelete: 'cascade' }),
    answer: text('answer').notNull(),
    correct: boolean('correct').notNull(),
    points: integer('points').notNull(),
    bonus: integer('bonus').notNull(),
    elapsedMs: integer('elapsed_ms').notNull(),
    createdAt: created(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.questionIndex, t.playerId] })],
);

/**
 * Self-paced assignments (docs/live.md, "Assignments", migration 0026): a host's quiz set or bank
 * category given to pupils between `opens_at` and `closes_at`. Holds its questions with their
 * answers, as a live game does (never sent before the assignment shows them). The PIN is unique
 * among assignments not closed and running live games, decided when one is created.
 */
export const assignments = pgTable(
  'assignments',
  {
    id: serial('id').primaryKey(),
    pin: text('pin').notNull(),
    hostId: integer('host_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    source: jsonb('source').$type<LiveSource>().notNull(),
    questions: jsonb('questions').$type<LiveSecretQuestion[]>().notNull(),
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    /** Attempts a pupil may make (the best is kept). */
    attempts: integer('attempts').notNull().default(1),
    /** Questions and their options in a different order for each attempt. */
    shuffle: boolean('shuffle').notNull().default(false),
    /** 'each' | 'end' | 'after_close': when a pupil sees what was right. */
    showAnswers: text('show_answers').notNull().default('end'),
    /** 'question': each question's time limit; 'none': no clock. */
    timer: text('timer').notNull().default('question'),
    /** Set when the host closed it before its closing time. */
    closedEarlyAt: timestamp('closed_early_at', { withTimezone: true }),
    createdAt: created(),
  },
  (t) => [
    index('assignments_host').on(t.hostId, t.createdAt),
    index('assignments_pin').on(t.pin, t.closesAt),
    check('assignments_show_answers_known', sql`${t.showAnswers} in ('each','end','after_close')`),
    check('assignments_timer_known', sql`${t.timer} in ('question','none')`),
    check('assignments_attempts_range', sql`${t.attempts} between 1 and 10`),
    check('assignments_window', sql`${t.closesAt} > ${t.opensAt}`),
  ],
);

/**
 * A pupil of an assignment: a nickname (unique in it as `nickname_key`), a signed-in player's id or
 * none, the device's token (hashed; replaced when the pupil resumes elsewhere) and the resume code
 * they carry to another device.
 */
export const assignmentPupils = pgTable(
  'assignment_pupils',
  {
    id: serial('id').primaryKey(),
    assignmentId: integer('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    nickname: text('nickname').notNull(),
    nicknameKey: text('nickname_key').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash').notNull(),
    resumeCode: text('resume_code').notNull(),
    /** The player's extended time when they joined (percent: 100, 150, 200; 100 for a guest). */
    timePercent: smallint('time_percent').notNull().default(100),
    joinedAt: created(),
  },
  (t) => [
    uniqueIndex('assignment_pupils_nickname').on(t.assignmentId, t.nicknameKey),
    uniqueIndex('assignment_pupils_token').on(t.tokenHash),
    uniqueIndex('assignment_pupils_resume').on(t.assignmentId, t.resumeCode),
    uniqueIndex('assignment_pupils_user').on(t.assignmentId, t.userId).where(sql`${t.userId} is not null`),
  ],
);

/**
 * One attempt of a pupil: the pupil's order of the questions and of each one's options, where they
 * are (`position`, the question count once finished), when the question at `position` was sent
 * (its clock), and the totals.
 */
export const assignmentAttempts = pgTable(
  'assignment_attempts',
  {
    id: serial('id').primaryKey(),
    assignmentId: integer('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    pupilId: integer('pupil_id')
      .notNull()
      .references(() => assignmentPupils.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    /** The questions' indexes in this attempt's order; per question index, its option keys in order. */
    questionOrder: jsonb('question_order').$type<number[]>().notNull(),
    optionOrders: jsonb('option_orders').$type<string[][]>().notNull(),
    position: integer('position').notNull().default(0),
    /** When the question at `position` was sent to the pupil (null: not yet). */
    questionSentAt: timestamp('question_sent_at', { withTimezone: true, mode: 'date', precision: 3 }),
    score: integer('score').notNull().default(0),
    correct: integer('correct').notNull().default(0),
    answered: integer('answered').notNull().default(0),
    streak: integer('streak').notNull().default(0),
    timeMs: bigint('time_ms', { mode: 'number' }).notNull().default(0),
    startedAt: created(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('assignment_attempts_number').on(t.pupilId, t.number), index('assignment_attempts_assignment').on(t.assignmentId)],
);

/** Every answer of an attempt, once per question (the key); '' when the time ran out or the pupil passed. */
export const assignmentAnswers = pgTable(
  'assignment_answers',
  {
    attemptId: integer('attempt_id')
      .notNull()
      .references(() => assignmentAttempts.id, { onDelete: 'cascade' }),
    questionIndex: integer('question_index').notNull(),
    position: integer('position').notNull(),
    answer: text('answer').notNull(),
    correct: boolean('correct').notNull(),
    points: integer('points').notNull(),
    bonus: integer('bonus').notNull(),
    elapsedMs: integer('elapsed_ms').notNull(),
    createdAt: created(),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.questionIndex] })],
);
