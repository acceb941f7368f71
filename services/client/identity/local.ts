import { apiRequest, type ApiFailure, type ApiResult } from '@/services/client/api';
import {
  IdentityError,
  type ClientIdentity,
  type IdentityErrorCode,
  type IdentityProof,
} from '@/services/client/identity/provider';

/**
 * The built-in identity provider in the browser: email + password with verification and reset
 * links, and phone + 6-digit code, all through the server's `auth_*` endpoints. Failures are
 * IdentityErrors for the screens to show; none is toasted by the API client.
 */

interface ProofData {
  firebase_id: string;
  id_token: string;
  type: 'email' | 'mobile';
  email?: string;
  phone?: string;
  name?: string;
}

/** Server codes → the sign-in screens' error codes. */
const CODE_MAP: Readonly<Record<string, IdentityErrorCode>> = {
  email_in_use: 'email_in_use',
  '130': 'email_in_use',
  invalid_email: 'invalid_email',
  weak_password: 'weak_password',
  invalid_credentials: 'invalid_credentials',
  email_not_verified: 'email_not_verified',
  user_disabled: 'user_disabled',
  rate_limited: 'too_many_requests',
  phone_invalid: 'phone_invalid',
  otp_invalid: 'otp_invalid',
  otp_expired: 'otp_expired',
  otp_locked: 'otp_locked',
  link_invalid: 'link_invalid',
  '126': 'account_deactivated',
  '131': 'user_not_found',
  demo_mode: 'operation_not_allowed',
  method_not_allowed: 'operation_not_allowed',
};

/** `103` (invalid input) names the field: say what is wrong with it. */
const FIELD_MAP: Readonly<Record<string, IdentityErrorCode>> = {
  email: 'invalid_email',
  password: 'weak_password',
  phone: 'phone_invalid',
  token: 'link_invalid',
  code: 'otp_invalid',
};

export function identityErrorFrom(failure: ApiFailure): IdentityError {
  if (failure.code === '103' && failure.field && FIELD_MAP[failure.field]) return new IdentityError(FIELD_MAP[failure.field]!);
  const code = (failure.code && CODE_MAP[failure.code]) || 'internal_error';
  const attemptsLeft = failure.meta?.attempts_left;
  return new IdentityError(code, typeof attemptsLeft === 'number' ? { attemptsLeft } : {});
}

async function call<T>(endpoint: string, payload: Record<string, string>): Promise<T> {
  const result = await apiRequest<T>(endpoint, payload, { toast: false });
  if (!result.ok) throw identityErrorFrom(result);
  return result.data;
}

const toProof = (d: ProofData): IdentityProof => ({
  firebaseId: d.firebase_id,
  idToken: d.id_token,
  type: d.type,
  ...(d.email ? { email: d.email } : {}),
  ...(d.phone ? { phone: d.phone } : {}),
  ...(d.name ? { name: d.name } : {}),
});

export const localClientIdentity: ClientIdentity = {
  name: 'local',

  async signUpWithEmail({ name, email, password }) {
    await call('auth_sign_up', { name, email, password });
  },

  async signInWithEmail({ email, password }) {
    return toProof(await call<ProofData>('auth_login', { email, password }));
  },

  async sendPasswordReset(email) {
    await call('auth_send_reset', { email });
  },

  async sendOtp(phone) {
    await call('auth_send_otp', { phone });
  },

  async verifyOtp({ phone, code }) {
    return toProof(await call<ProofData>('auth_verify_otp', { phone, code }));
  },

  // The built-in provider keeps no sign-in state in the browser: the session is the api_token.
  async signOut() {},
};

/** Sent from the verification mail's link (built-in provider only). */
export interface VerifiedEmail {
  verified: true;
  email: string;
}

// A link works once: a second request for the same token (React's StrictMode runs effects twice in
// development) must share the first one's answer instead of being refused as used.
const verifications = new Map<string, Promise<ApiResult<VerifiedEmail>>>();

export function verifyEmailLink(token: string): Promise<ApiResult<VerifiedEmail>> {
  let pending = verifications.get(token);
  if (!pending) {
    pending = apiRequest<VerifiedEmail>('auth_verify_email', { token }, { toast: false });
    verifications.set(token, pending);
    // Only a definite answer is kept; after a network or server failure a retry asks again.
    void pending.then((result) => {
      if (!result.ok && (result.status === 0 || result.status >= 500)) verifications.delete(token);
    });
  }
  return pending;
}

/** Sets a new password with the reset mail's link (built-in provider only). */
export async function resetPasswordWithLink(token: string, password: string): Promise<void> {
  await call('auth_reset_password', { token, password });
}
