import { identityErrorCodeOf } from '@/services/client/identity/firebase-errors';

/** A Firebase Auth failure as the web SDK throws it: an Error with a `code`. */
const firebaseError = (code: string) => Object.assign(new Error(`Firebase: Error (${code}).`), { name: 'FirebaseError', code });

describe('mapping Firebase Auth failures to sign-in reasons', () => {
  test.each([
    ['auth/user-not-found', 'user_not_found'],
    ['auth/wrong-password', 'invalid_password'],
    ['auth/invalid-credential', 'invalid_credentials'],
    ['auth/email-already-in-use', 'email_in_use'],
    ['auth/invalid-email', 'invalid_email'],
    ['auth/user-disabled', 'user_disabled'],
    ['auth/too-many-requests', 'too_many_requests'],
    ['auth/operation-not-allowed', 'operation_not_allowed'],
    ['auth/internal-error', 'internal_error'],
    ['auth/invalid-phone-number', 'phone_invalid'],
    ['auth/invalid-verification-code', 'otp_invalid'],
    ['auth/code-expired', 'otp_expired'],
    ['auth/weak-password', 'weak_password'],
  ] as const)('%s means %s', (code, reason) => {
    expect(identityErrorCodeOf(firebaseError(code))).toBe(reason);
  });

  test('an expired or used email action link is an invalid link', () => {
    expect(identityErrorCodeOf(firebaseError('auth/expired-action-code'))).toBe('link_invalid');
    expect(identityErrorCodeOf(firebaseError('auth/invalid-action-code'))).toBe('link_invalid');
  });

  test('a failure without a reason of its own is an internal error', () => {
    expect(identityErrorCodeOf(firebaseError('auth/network-request-failed'))).toBe('internal_error');
    expect(identityErrorCodeOf(firebaseError('auth/popup-closed-by-user'))).toBe('internal_error');
    expect(identityErrorCodeOf(new TypeError('fetch failed'))).toBe('internal_error');
    expect(identityErrorCodeOf('auth/user-not-found')).toBe('internal_error');
    expect(identityErrorCodeOf(null)).toBe('internal_error');
  });

  test('does not take a property of the lookup table for a code', () => {
    expect(identityErrorCodeOf(firebaseError('constructor'))).toBe('internal_error');
    expect(identityErrorCodeOf(firebaseError('toString'))).toBe('internal_error');
  });
});
