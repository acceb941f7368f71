import type { IdentityErrorCode } from '@/services/client/identity/provider';

/**
 * Firebase Auth error codes (`auth/…`) and the product's reason each one stands for. Kept apart
 * from the Firebase module so that it can be tested without loading the web SDK.
 */
const FIREBASE_CODES: Readonly<Record<string, IdentityErrorCode>> = {
  'auth/user-not-found': 'user_not_found',
  'auth/wrong-password': 'invalid_password',
  'auth/missing-password': 'invalid_password',
  // With email enumeration protection on (the default for new projects) a wrong password and an
  // unknown email both come back as invalid-credential.
  'auth/invalid-credential': 'invalid_credentials',
  'auth/invalid-login-credentials': 'invalid_credentials',
  'auth/email-already-in-use': 'email_in_use',
  'auth/invalid-email': 'invalid_email',
  'auth/missing-email': 'invalid_email',
  'auth/user-disabled': 'user_disabled',
  'auth/too-many-requests': 'too_many_requests',
  'auth/quota-exceeded': 'too_many_requests',
  'auth/operation-not-allowed': 'operation_not_allowed',
  'auth/admin-restricted-operation': 'operation_not_allowed',
  'auth/internal-error': 'internal_error',
  'auth/invalid-phone-number': 'phone_invalid',
  'auth/missing-phone-number': 'phone_invalid',
  'auth/invalid-verification-code': 'otp_invalid',
  'auth/missing-verification-code': 'otp_invalid',
  'auth/code-expired': 'otp_expired',
  'auth/invalid-verification-id': 'otp_expired',
  'auth/weak-password': 'weak_password',
  'auth/expired-action-code': 'link_invalid',
  'auth/invalid-action-code': 'link_invalid',
};

/**
 * The reason behind a failed Firebase Auth call. Anything without a reason of its own (network
 * failures, a closed Google popup, an unknown code) is `internal_error`: "something went wrong,
 * try again".
 */
export function identityErrorCodeOf(error: unknown): IdentityErrorCode {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return (typeof code === 'string' && Object.prototype.hasOwnProperty.call(FIREBASE_CODES, code) && FIREBASE_CODES[code]) || 'internal_error';
}
