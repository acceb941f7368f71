import { lt, sql } from 'drizzle-orm';
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

/** The limits of the sign-in steps (docs/api.md, "Accounts and sign-in"). */
export const RATE_LIMITS = {
  loginEmail: { name: 'login-email', limit: 10, windowMs: 15 * MINUTE },
  loginIp: { name: 'login-ip', limit: 50, windowMs: 15 * MINUTE },
  resetEmail: { name: 'reset-email', limit: 3, windowMs: HOUR },
  resetIp: { name: 'reset-ip', limit: 20, windowMs: HOUR },
  otpPhone: { name: 'otp-phone', limit: 3, windowMs: 10 * MINUTE },
  otpIp: { name: 'otp-ip', limit: 20, windowMs: HOUR },
  signUpIp: { name: 'signup-ip', limit: 20, windowMs: HOUR },
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
} as const satisfies Record<string, RateLimitRule>;

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
  if (retryAfter > 0) {
    throw new ApiError('rate_limited', { detail: `too many attempts; try again in ${retryAfter} s`, extra: { retry_after: retryAfter } });
  }
}

/** Deletes counters of windows that ended more than a day ago. */
export async function sweepRateLimits(db: Db, now: Date = new Date()): Promise<void> {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.windowStart, new Date(now.getTime() - 24 * HOUR)));
}
