/**
 * How a person proves who they are. Every provider ends in the same thing: an `id_token` that the
 * server verifies to learn the caller's uid (`firebase_id` in the spec's calls), which
 * `user_signup` trades for the product's own `api_token` (api.md, "Identity proof at sign-up").
 */
export interface VerifiedIdentity {
  /** The provider's id of the person: a Firebase uid, or the built-in provider's uid. */
  readonly uid: string;
  readonly email: string | null;
  readonly phone: string | null;
  readonly emailVerified: boolean;
  readonly name: string | null;
  /** How this proof was obtained: 'password', 'phone', 'google.com', … */
  readonly signInProvider: string;
}

export interface IdentityProvider {
  readonly name: 'local' | 'firebase';
  /**
   * Verifies an identity proof. Throws ApiError('129') when it is forged, expired, revoked or
   * belongs to a disabled identity.
   */
  verifyIdToken(idToken: string): Promise<VerifiedIdentity>;
}
