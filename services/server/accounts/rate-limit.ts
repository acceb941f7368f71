import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '@/services/server/db/client';
import { rateLimitHits } from '@/services/server/db/schema';
import { ApiError } from '@/services/server/gateway/api-error';

/**
 * Fixed-window rate limits, counted in the database so that every app instance shares them.
 * One hit is one atomic upsert (insert the window's row or add 1 to it, returning the count), so
 * concurrent requests never both see room for the last allowed attempt.
 */

export interface RateLimitRule {
  /** Part of the counter's key, e.g. 'login-email'. */
  readonly name: string;
  /** Attempts allowed per window; the next one is refused. */
  readonly limit: number;
  readonly windowMs: number;
}

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/**
 * The limits of the sign-in steps (docs/api.md, "Accounts and sign-in"). Those a school behind one
 * address may need to raise are operator settings (`limit` here is only the rule's default; see
 * `settingLimit`): sign-ups per address, failed sign-ins per address and per account, wrong live
 * PINs per address and live seats per address and game.
 */
export const RATE_LIMITS = {
  /** Failed sign-ins of one account (setting login_failures_per_account). */
  loginEmail: { name: 'login-fail-email', limit: 10, windowMs: 15 * MINUTE },
  /** Failed sign-ins from one address (setting login_failures_per_address). */
  loginIp: { name: 'login-fail-ip', limit: 50, windowMs: 15 * MINUTE },
  resetEmail: { name: 'reset-email', limit: 3, windowMs: HOUR },
  resetIp: { name: 'reset-ip', limit: 20, windowMs: HOUR },
  otpPhone: { name: 'otp-phone', limit: 3, windowMs: 10 * MINUTE },
  otpIp: { name: 'otp-ip', limit: 20, windowMs: HOUR },
  /** Sign-ups from one address (setting signup_per_address_hour). */
  signUpIp: { name: 'signup-ip', limit: 60, windowMs: HOUR },
  /** Verification mails re-sent when an unverified account signs in with the right password. */
  verifyResendEmail: { name: 'verify-resend-email', limit: 3, windowMs: HOUR },
  /** Exam keys tried by one player for one exam: 4 digits are guessed in 10,000 tries, not in 10. */
  examKey: { name: 'exam-key', limit: 10, windowMs: 10 * MINUTE },
  /** Pictures one player uploads for their quiz sets: files on this server's disk. */
  quizImage: { name: 'quiz-image', limit: 60, windowMs: HOUR },
  /** Quiz set files one player imports. */
  quizImport: { name: 'quiz-import', limit: 30, windowMs: HOUR },
  /** Live games one player creates: each is held in the server's memory until it ends. */
  liveCreate: { name: 'live-create', limit: 60, windowMs: HOUR },
  /** Wrong PINs tried from one address (setting live_wrong_pins_per_address; docs/live.md, "Guessing a PIN"). */
  livePinIp: { name: 'live-pin-ip', limit: 30, windowMs: 10 * MINUTE },
  /** Seats one address takes in one game (setting live_seats_per_address); a game lasts well under a day. */
  liveSeatIp: { name: 'live-seat-ip', limit: 60, windowMs: 24 * HOUR },
} as const satisfies Record<string, RateLimitRule>;

/** A rule whose limit an operator sets: the setting's value, or the rule's default when unset. */
export function settingLimit(rule: RateLimitRule, settings: Readonly<Record<string, string | undefined>>, key: string): RateLimitRule {
  const value = Number(settings[key]);
  return Number.isInteger(value) && value > 0 ? { ...rule, limit: value } : rule;
}

export interface RateLimitHit {
  readonly allowed: boolean;
  /** Attempts in this window, this one included. */
  readonly count: number;
  /** Seconds until the window ends. */
  readonly retryAfterSeconds: number;
}

/** Counts one attempt against `rule` for `subject` (an email, a phone, an IP address). */
export async function hitRateLimit(db: Db, rule: RateLimitRule, subject: string, now: Date = new Date()): Promise<RateLimitHit> {
  const start = Math.floor(now.getTime() / rule.windowMs) * rule.windowMs;
  const [row] = await db
    .insert(rateLimitHits)
    .values({ key: `${rule.name}:${subject}`, windowStart: new Date(start), count: 1 })
    .onConflictDoUpdate({
      target: [rateLimitHits.key, rateLimitHits.windowStart],
      set: { count: sql`${rateLimitHits.count} + 1` },
    })
    .returning({ count: rateLimitHits.count });
  // Old windows are dead weight; an occasional sweep keeps the table small without a job.
  if (Math.random() < 0.01) await sweepRateLimits(db, now);
  const count = row!.count;
  return { allowed: count <= rule.limit, count, retryAfterSeconds: Math.ceil((start + rule.windowMs - now.getTime()) / 1000) };
}

/**
 * Takes back an attempt counted by `hitRateLimit` in the same window (a sign-in that succeeded, a
 * PIN that was right): rules that count failures count every attempt first, so that attempts made
 * at the same time never all slip under the limit, and give back those that did not fail.
 */
export async function undoRateLimitHit(db: Db, rule: RateLimitRule, subject: string, now: Date = new Date()): Promise<void> {
  const start = Math.floor(now.getTime() / rule.windowMs) * rule.windowMs;
  await db
    .update(rateLimitHits)
    .set({ count: sql`greatest(${rateLimitHits.count} - 1, 0)` })
    .where(and(eq(rateLimitHits.key, `${rule.name}:${subject}`), eq(rateLimitHits.windowStart, new Date(start))));
}

/** The `rate_limited` refusal: 429 with `retry_after` in seconds. */
export function rateLimited(retryAfter: number, detail = `too many attempts; try again in ${retryAfter} s`): ApiError {
  return new ApiError('rate_limited', { detail, extra: { retry_after: retryAfter } });
}

/**
 * Counts one attempt against every rule, refusing with `rate_limited` (429, `retry_after` in
 * seconds) when any of them is over its limit.
 */
export async function enforceRateLimits(
  db: Db,
  checks: readonly (readonly [RateLimitRule, string])[],
  now: Date = new Date(),
): Promise<void> {
  let retryAfter = 0;
  for (const [rule, subject] of checks) {
    const hit = await hitRateLimit(db, rule, subject, now);
    if (!hit.allowed) retryAfter = Math.max(retryAfter, hit.retryAfterSeconds);
  }
  if (retryAfter > 0) throw rateLimited(retryAfter);
}

/** Deletes counters of windows that ended more than a day ago. */
export async function sweepRateLimits(db: Db, now: Date = new Date()): Promise<void> {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.windowStart, new Date(now.getTime() - 24 * HOUR)));
}
