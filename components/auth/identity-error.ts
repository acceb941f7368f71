import { IdentityError } from '@/services/client/identity/provider';

/** The interface text (i18n key) for a failed sign-in step. */
export function identityErrorKey(err: unknown): string {
  if (err instanceof IdentityError) return `auth.error.${err.code}`;
  console.warn('[sign-in] unexpected failure', err);
  return 'auth.error.internal_error';
}

export const isIdentityError = (err: unknown, code: IdentityError['code']): err is IdentityError =>
  err instanceof IdentityError && err.code === code;

/** Loose on purpose: the server decides; this only catches slips before a round trip. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MIN_PASSWORD_LENGTH = 8;
