import { createHmac, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { ServerConfig } from '@/services/server/config';
import type { Db } from '@/services/server/db/client';
import { localIdentities } from '@/services/server/db/schema';
import { ApiError } from '@/services/server/gateway/api-error';
import type { IdentityProvider, VerifiedIdentity } from '@/services/server/identity/provider';
import { hashPassword, needsRehash, prepareDummyHash, verifyAgainstDummy, verifyPassword } from '@/services/server/identity/password';
import { authSecretFromEnv, loadAuthSecret, signProof, verifyProof, type ProofMethod } from '@/services/server/identity/proof';
import {
  checkOtp,
  consumeLinkToken,
  invalidateCodes,
  issueLinkToken,
  issueOtp,
  OTP_LIFETIME_MS,
  OTP_MAX_ATTEMPTS,
  peekLinkToken,
} from '@/services/server/accounts/auth-codes';
import { enforceRateLimits, hitRateLimit, RATE_LIMITS, settingLimit, undoRateLimitHit } from '@/services/server/accounts/rate-limit';
import type { SettingsMap } from '@/services/domain/settings';
import type { MailSender } from '@/services/server/mail/mailer';
import type { SmsSender } from '@/services/server/mail/sms';

/**
 * The built-in identity provider (docs/decisions/005-built-in-identity.md): email + password with
 * a verified mailbox, or a phone number with a 6-digit code. Every successful sign-in step ends
 * in a short-lived signed proof (`id_token`) that user_signup trades for an api_token, exactly as
 * a Firebase ID token would be.
 */

export interface LocalIdentityProvider extends IdentityProvider {
  readonly name: 'local';
  /** A proof that the caller is `uid`, valid 5 minutes. */
  issueIdToken(uid: string, method: ProofMethod, now?: number): Promise<string>;
  /** Keyed hash of an OTP for a phone (a copy of auth_codes alone cannot test the 10^6 codes). */
  otpHasher(): Promise<(phone: string, code: string) => string>;
}

export function isLocalIdentityProvider(provider: IdentityProvider): provider is LocalIdentityProvider {
  return provider.name === 'local' && 'issueIdToken' in provider;
}

/** A uid like Firebase's: 28 URL-safe characters. */
function newUid(): string {
  return randomBytes(21).toString('base64url');
}

// The configuration is part of the signature select.ts calls; nothing in it concerns this provider yet.
// eslint-disable-next-line @typescript-eslint/no-unused-vars
export function createLocalIdentityProvider(db: Db, _config: ServerConfig): LocalIdentityProvider {
  // Checked now so a short AUTH_SECRET stops the server at start, not at the first sign-in.
  authSecretFromEnv();
  void prepareDummyHash();
  let secret: Promise<Buffer> | undefined;
  const keys = () => {
    secret ??= loadAuthSecret(db).catch((error: unknown) => {
      secret = undefined;
      throw error;
    });
    return secret.then((s) => ({
      proof: createHmac('sha256', s).update('identity-proof').digest(),
      otp: createHmac('sha256', s).update('otp-code').digest(),
    }));
  };

  return {
    name: 'local',
    async issueIdToken(uid, method, now = Date.now()) {
      return signProof((await keys()).proof, uid, method, now);
    },
    async otpHasher() {
      const key = (await keys()).otp;
      return (phone, code) => createHmac('sha256', key).update(`${phone}:${code}`).digest('hex');
    },
    async verifyIdToken(idToken): Promise<VerifiedIdentity> {
      const claims = verifyProof((await keys()).proof, idToken);
      if (!claims) throw new ApiError('129', { field: 'id_token', detail: 'id_token: the identity proof is forged or expired' });
      const [identity] = await db.select().from(localIdentities).where(eq(localIdentities.uid, claims.uid));
      if (!identity || identity.disabled) {
        throw new ApiError('129', { field: 'id_token', detail: 'id_token: this identity no longer exists or is disabled' });
      }
      if (claims.provider === 'password' && !identity.emailVerifiedAt) {
        throw new ApiError('129', { field: 'id_token', detail: 'id_token: the email address is not verified' });
      }
      return {
        uid: identity.uid,
        email: identity.email,
        phone: identity.phone,
        emailVerified: identity.emailVerifiedAt !== null,
        name: identity.name || null,
        signInProvider: claims.provider,
      };
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Sign-in steps (the auth_* endpoints)

export interface LocalAuthDeps {
  readonly db: Db;
  readonly config: Pick<ServerConfig, 'publicUrl'>;
  readonly provider: LocalIdentityProvider;
  readonly mail: MailSender;
  readonly sms: SmsSender;
  readonly log: Logger;
  /** Shown in mail and SMS texts. */
  readonly appName: string;
  /** The caller's address, for per-IP limits. */
  readonly ip: string;
  /** The operator's settings: the limits a school behind one address may raise (docs/settings.md, "Limits"). */
  readonly settings: SettingsMap;
}

const HOUR = 60 * 60 * 1000;
export const VERIFY_EMAIL_LIFETIME_MS = 24 * HOUR;
export const RESET_PASSWORD_LIFETIME_MS = HOUR;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export function normaliseEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

const EMAIL = /^[^\s@"<>()[\],;:\\]{1,64}@(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

/** An address mail can be sent to (normalised first). */
export function isValidEmail(email: string): boolean {
  return EMAIL.test(email);
}

/** Spaces, dashes, dots and brackets people type are dropped; then it must be E.164. */
export function normalisePhone(raw: string): string {
  return raw.replace(/[\s\-().]/g, '');
}

export function isE164(phone: string): boolean {
  return /^\+[1-9]\d{7,14}$/.test(phone);
}

function requireEmail(raw: string): string {
  const email = normaliseEmail(raw);
  if (!isValidEmail(email)) throw new ApiError('invalid_email', { field: 'email', detail: 'email: not a valid email address' });
  return email;
}

function requirePhone(raw: string): string {
  const phone = normalisePhone(raw);
  if (!isE164(phone)) throw new ApiError('phone_invalid', { field: 'phone', detail: 'phone: use + and the country code, e.g. +14155550123' });
  return phone;
}

function requirePasswordStrength(password: string): void {
  if ([...password].length < PASSWORD_MIN) {
    throw new ApiError('weak_password', { field: 'password', detail: `password: at least ${PASSWORD_MIN} characters` });
  }
}

async function findByEmail(db: Db, email: string) {
  const [row] = await db.select().from(localIdentities).where(eq(localIdentities.email, email));
  return row;
}

async function sendVerification(deps: LocalAuthDeps, email: string, name: string, token: string): Promise<void> {
  const link = `${deps.config.publicUrl}/auth/verify-email/?token=${encodeURIComponent(token)}`;
  await deps.mail.send({
    to: email,
    subject: `Verify your email address for ${deps.appName}`,
    text:
      `Hello ${name || 'there'},\n\nOpen this link to verify your email address and finish signing up:\n${link}\n\n` +
      `The link works for 24 hours. If you did not sign up for ${deps.appName}, ignore this mail.\n`,
  });
}

/** auth_sign_up: creates the sign-in and mails the verification link. */
export async function signUpWithEmail(deps: LocalAuthDeps, input: { name: string; email: string; password: string }): Promise<void> {
  const email = requireEmail(input.email);
  requirePasswordStrength(input.password);
  await enforceRateLimits(deps.db, [[settingLimit(RATE_LIMITS.signUpIp, deps.settings, 'signup_per_address_hour'), deps.ip]]);
  if (await findByEmail(deps.db, email)) throw new ApiError('email_in_use', { field: 'email' });
  const passwordHash = await hashPassword(input.password);
  const name = input.name.trim();
  const token = await deps.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(localIdentities)
      .values({ uid: newUid(), email, passwordHash, name })
      .onConflictDoNothing()
      .returning({ uid: localIdentities.uid });
    if (!created) throw new ApiError('email_in_use', { field: 'email' });
    return issueLinkToken(tx, 'verify_email', email, VERIFY_EMAIL_LIFETIME_MS);
  });
  await sendVerification(deps, email, name, token);
}

/** auth_verify_email: uses the link once and marks the mailbox verified. */
export async function verifyEmail(deps: LocalAuthDeps, token: string): Promise<{ email: string }> {
  const email = await deps.db.transaction(async (tx) => {
    const target = await consumeLinkToken(tx, 'verify_email', token);
    if (!target) return null;
    const updated = await tx
      .update(localIdentities)
      .set({ emailVerifiedAt: sql`coalesce(${localIdentities.emailVerifiedAt}, now())` })
      .where(eq(localIdentities.email, target))
      .returning({ uid: localIdentities.uid });
    return updated.length ? target : null;
  });
  if (!email) throw new ApiError('link_invalid', { field: 'token' });
  return { email };
}

export interface EmailSignIn {
  readonly firebase_id: string;
  readonly id_token: string;
  readonly email: string;
  readonly name: string;
  readonly type: 'email';
}

/**
 * auth_login. A wrong password and an unknown email get the same answer after the same work
 * (a dummy hash is checked), so the answer does not tell whether an account exists. Only the
 * holder of the right password learns that the account is disabled or not verified yet; in the
 * latter case the verification link is sent again (at most 3 times an hour).
 */
export async function signInWithEmail(deps: LocalAuthDeps, input: { email: string; password: string }): Promise<EmailSignIn> {
  const email = requireEmail(input.email);
  // Failed sign-ins are counted per account and per address: every attempt is counted first (so
  // that attempts made at once never all slip under the limit), and one with the right password
  // is given back. A class signing in from one address spends nothing; a guesser is stopped by
  // the account's count whatever addresses it comes from.
  const now = new Date();
  const limits = [
    [settingLimit(RATE_LIMITS.loginEmail, deps.settings, 'login_failures_per_account'), email],
    [settingLimit(RATE_LIMITS.loginIp, deps.settings, 'login_failures_per_address'), deps.ip],
  ] as const;
  await enforceRateLimits(deps.db, limits, now);
  const identity = await findByEmail(deps.db, email);
  const valid = identity?.passwordHash
    ? await verifyPassword(input.password, identity.passwordHash)
    : await verifyAgainstDummy(input.password);
  if (!identity || !valid) throw new ApiError('invalid_credentials');
  for (const [rule, subject] of limits) await undoRateLimitHit(deps.db, rule, subject, now);
  if (identity.disabled) throw new ApiError('user_disabled');
  if (!identity.emailVerifiedAt) {
    const resend = await hitRateLimit(deps.db, RATE_LIMITS.verifyResendEmail, email);
    if (resend.allowed) {
      const token = await issueLinkToken(deps.db, 'verify_email', email, VERIFY_EMAIL_LIFETIME_MS);
      await sendVerification(deps, email, identity.name, token);
    }
    throw new ApiError('email_not_verified', { field: 'email', detail: 'a verification link was sent to this address' });
  }
  if (needsRehash(identity.passwordHash!)) {
    const upgraded = await hashPassword(input.password);
    await deps.db.update(localIdentities).set({ passwordHash: upgraded }).where(eq(localIdentities.uid, identity.uid));
  }
  return {
    firebase_id: identity.uid,
    id_token: await deps.provider.issueIdToken(identity.uid, 'password'),
    email,
    name: identity.name,
    type: 'email',
  };
}

/**
 * auth_send_reset: the same answer whether or not the address has an account. The link is
 * issued and mailed after the answer, so a slow mail server does not give it away either.
 */
export async function sendPasswordReset(deps: LocalAuthDeps, rawEmail: string): Promise<void> {
  const email = requireEmail(rawEmail);
  await enforceRateLimits(deps.db, [
    [RATE_LIMITS.resetEmail, email],
    [RATE_LIMITS.resetIp, deps.ip],
  ]);
  const identity = await findByEmail(deps.db, email);
  if (!identity || identity.disabled || !identity.passwordHash) return;
  const deliver = async () => {
    const token = await issueLinkToken(deps.db, 'reset_password', email, RESET_PASSWORD_LIFETIME_MS);
    const link = `${deps.config.publicUrl}/auth/reset-password/?token=${encodeURIComponent(token)}`;
    await deps.mail.send({
      to: email,
      subject: `Reset your ${deps.appName} password`,
      text:
        `Hello ${identity.name || 'there'},\n\nOpen this link to choose a new password:\n${link}\n\n` +
        `The link works once, for 1 hour. If you did not ask for it, ignore this mail: your password stays as it is.\n`,
    });
  };
  deliver().catch((err: unknown) => deps.log.error({ err, to: email }, 'password reset mail could not be sent'));
}

/** auth_reset_password: sets the new password and marks the mailbox verified (the link proved it). */
export async function resetPassword(deps: LocalAuthDeps, input: { token: string; password: string }): Promise<void> {
  requirePasswordStrength(input.password);
  // A dead link is refused before the costly hash; the link is used in the transaction below.
  if (!(await peekLinkToken(deps.db, 'reset_password', input.token))) throw new ApiError('link_invalid', { field: 'token' });
  const passwordHash = await hashPassword(input.password);
  const done = await deps.db.transaction(async (tx) => {
    const email = await consumeLinkToken(tx, 'reset_password', input.token);
    if (!email) return false;
    const updated = await tx
      .update(localIdentities)
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${localIdentities.emailVerifiedAt}, now())` })
      .where(eq(localIdentities.email, email))
      .returning({ uid: localIdentities.uid });
    if (!updated.length) return false;
    await invalidateCodes(tx, 'reset_password', email);
    return true;
  });
  if (!done) throw new ApiError('link_invalid', { field: 'token' });
}

/** auth_send_otp: a new 6-digit code replaces the phone's earlier unused ones. */
export async function sendOtp(deps: LocalAuthDeps, rawPhone: string): Promise<{ expiresInSeconds: number }> {
  const phone = requirePhone(rawPhone);
  await enforceRateLimits(deps.db, [
    [RATE_LIMITS.otpPhone, phone],
    [RATE_LIMITS.otpIp, deps.ip],
  ]);
  const hash = await deps.provider.otpHasher();
  const code = await issueOtp(deps.db, phone, (c) => hash(phone, c));
  await deps.sms.send({ to: phone, text: `${deps.appName}: your sign-in code is ${code}. It expires in 10 minutes.` });
  return { expiresInSeconds: OTP_LIFETIME_MS / 1000 };
}

export interface PhoneSignIn {
  readonly firebase_id: string;
  readonly id_token: string;
  readonly phone: string;
  readonly type: 'mobile';
}

/**
 * auth_verify_otp: the attempt is decided in one transaction holding the code's row, and a wrong
 * guess is committed before the refusal, so parallel guesses cannot get past 5. The first right
 * code for a phone creates its identity.
 */
export async function verifyOtp(deps: LocalAuthDeps, input: { phone: string; code: string }): Promise<PhoneSignIn> {
  const phone = requirePhone(input.phone);
  const hash = await deps.provider.otpHasher();
  const result = await deps.db.transaction(async (tx) => {
    const check = await checkOtp(tx, phone, input.code, (c) => hash(phone, c));
    if (check.outcome !== 'accepted') return { check, identity: undefined };
    await tx.insert(localIdentities).values({ uid: newUid(), phone }).onConflictDoNothing();
    const [identity] = await tx.select().from(localIdentities).where(eq(localIdentities.phone, phone));
    return { check, identity };
  });
  const { check, identity } = result;
  switch (check.outcome) {
    case 'invalid':
      throw new ApiError('otp_invalid', {
        field: 'code',
        detail: check.attemptsLeft === null ? 'code: no live code for this phone; request a new one' : 'code: wrong code',
        extra: { attempts_left: check.attemptsLeft ?? 0 },
      });
    case 'expired':
      throw new ApiError('otp_expired', { field: 'code' });
    case 'locked':
      throw new ApiError('otp_locked', { field: 'code', detail: `code: ${OTP_MAX_ATTEMPTS} wrong codes; request a new one`, extra: { attempts_left: 0 } });
    case 'accepted':
      break;
  }
  if (!identity) throw new Error(`no identity for ${phone} after a right code`);
  if (identity.disabled) throw new ApiError('user_disabled');
  return {
    firebase_id: identity.uid,
    id_token: await deps.provider.issueIdToken(identity.uid, 'phone'),
    phone,
    type: 'mobile',
  };
}
