/**
 * The browser side of signing in. Both providers (the built-in one, which talks to the `auth_*`
 * endpoints, and Firebase Auth) end in an IdentityProof, which the sign-in flow trades for an
 * api_token with check_user_exists → user_signup. Views call only this interface.
 */
export interface IdentityProof {
  /** The provider's uid (`firebase_id` in the spec's calls). */
  readonly firebaseId: string;
  /** Proof for the server that the caller is `firebaseId`. */
  readonly idToken: string;
  /** Login type for user_signup: 'email', 'mobile' or 'gmail'. */
  readonly type: 'email' | 'mobile' | 'gmail';
  readonly email?: string;
  readonly phone?: string;
  readonly name?: string;
}

/** Why a sign-in step failed; each maps to one interface text (`auth.error.<code>`). */
export type IdentityErrorCode =
  | 'user_not_found'
  | 'invalid_password'
  | 'invalid_credentials'
  | 'email_in_use'
  | 'invalid_email'
  | 'weak_password'
  | 'user_disabled'
  | 'too_many_requests'
  | 'operation_not_allowed'
  | 'internal_error'
  | 'email_not_verified'
  | 'phone_invalid'
  | 'otp_invalid'
  | 'otp_expired'
  | 'otp_locked'
  | 'link_invalid'
  | 'account_deactivated';

export class IdentityError extends Error {
  /** For `otp_invalid`: how many more codes may be tried before this one is locked. */
  readonly attemptsLeft?: number;

  constructor(
    readonly code: IdentityErrorCode,
    details: { attemptsLeft?: number } = {},
  ) {
    super(code);
    this.name = 'IdentityError';
    if (details.attemptsLeft !== undefined) this.attemptsLeft = details.attemptsLeft;
  }
}

export interface ClientIdentity {
  readonly name: 'local' | 'firebase';
  /** Creates the sign-in and sends the verification mail; the person verifies before signing in. */
  signUpWithEmail(input: { name: string; email: string; password: string }): Promise<void>;
  signInWithEmail(input: { email: string; password: string }): Promise<IdentityProof>;
  sendPasswordReset(email: string): Promise<void>;
  /** Sends a 6-digit code by SMS to an E.164 number (+<country code><number>). */
  sendOtp(phone: string): Promise<void>;
  verifyOtp(input: { phone: string; code: string }): Promise<IdentityProof>;
  /** Google sign-in; only the Firebase provider offers it. */
  signInWithGoogle?(): Promise<IdentityProof>;
  signOut(): Promise<void>;
}
