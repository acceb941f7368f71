import type { App } from 'firebase-admin/app';
import type { Auth, DecodedIdToken } from 'firebase-admin/auth';
import type { ServerConfig } from '@/services/server/config';
import { ApiError } from '@/services/server/gateway/api-error';
import type { IdentityProvider, VerifiedIdentity } from '@/services/server/identity/provider';

/**
 * The Firebase identity provider: a Firebase Auth ID token (email and password, phone OTP or
 * Google sign-in in the browser) verified with firebase-admin. See
 * docs/decisions/006-firebase-identity.md.
 */
export interface FirebaseIdentityProvider extends IdentityProvider {
  readonly name: 'firebase';
  /**
   * `checkRevoked` (on by default) also asks Firebase whether the user was disabled or signed out
   * everywhere since the token was issued: a token stays valid for an hour otherwise.
   */
  verifyIdToken(idToken: string, checkRevoked?: boolean): Promise<VerifiedIdentity>;
}

/** The ways of signing in the product offers (spec §1): email, mobile OTP, Google. */
const ACCEPTED_SIGN_IN_PROVIDERS: ReadonlySet<string> = new Set(['password', 'phone', 'google.com']);

/**
 * Failures that say nothing about the token: Firebase could not be reached, or the server's own
 * credentials are wrong. Answering "unauthorised" would hide an outage, so they stay unexpected
 * errors (122, logged by the gateway). firebase-admin reports a failed key download as an
 * argument error, hence the message test.
 */
function isInfrastructureFailure(code: string, message: string): boolean {
  return (
    code.startsWith('app/') ||
    code === 'auth/internal-error' ||
    code === 'auth/insufficient-permission' ||
    code === 'auth/invalid-credential' ||
    /error fetching (public|json web) keys|error while making request/i.test(message)
  );
}

function errorParts(error: unknown): { code: string; message: string } {
  const e = error as { code?: unknown; message?: unknown } | null;
  return {
    code: typeof e?.code === 'string' ? e.code : '',
    message: typeof e?.message === 'string' ? e.message : String(error),
  };
}

/** What the product learns from a verified token. */
function toIdentity(token: DecodedIdToken): VerifiedIdentity {
  return {
    uid: token.uid,
    email: typeof token.email === 'string' ? token.email : null,
    phone: typeof token.phone_number === 'string' ? token.phone_number : null,
    emailVerified: token.email_verified === true,
    name: typeof token.name === 'string' && token.name !== '' ? token.name : null,
    signInProvider: token.firebase.sign_in_provider,
  };
}

const unauthorised = (detail: string) => new ApiError('129', { field: 'id_token', detail: `id_token: ${detail}` });

export function createFirebaseIdentityProvider(config: Pick<ServerConfig, 'firebase'>): FirebaseIdentityProvider {
  const firebase = config.firebase;
  if (!firebase || !firebase.projectId) {
    throw new Error('the firebase identity provider needs FIREBASE_PROJECT_ID');
  }
  const { projectId, authEmulatorHost } = firebase;
  if (authEmulatorHost) {
    // firebase-admin learns about the emulator only from this variable, read when the Auth client
    // is created and at every call. In emulator mode it accepts unsigned tokens, so a public
    // server must never run with it.
    process.env.FIREBASE_AUTH_EMULATOR_HOST = authEmulatorHost;
    if (process.env.NODE_ENV === 'production') {
      process.emitWarning(`FIREBASE_AUTH_EMULATOR_HOST=${authEmulatorHost}: ID tokens are NOT signature-checked. Never use this on a public server.`);
    }
  }

  let auth: Promise<Auth> | undefined;
  function adminAuth(): Promise<Auth> {
    // Loaded on first use: firebase-admin costs about half a second at start, which a server on
    // the built-in provider should not pay. One named app per project, reused across providers
    // (tests and hot reloads create several) because initializeApp refuses a duplicate name.
    auth ??= (async () => {
      const { getApps, initializeApp } = await import('firebase-admin/app');
      const { getAuth } = await import('firebase-admin/auth');
      const appName = `quiz-arena:${projectId}`;
      const app: App = getApps().find((a) => a.name === appName) ?? initializeApp({ projectId }, appName);
      // Without an explicit credential firebase-admin uses application default credentials
      // (GOOGLE_APPLICATION_CREDENTIALS or the platform's service account) when it first needs
      // them: checkRevoked reads the user record. The emulator needs none.
      return getAuth(app);
    })();
    auth.catch(() => {
      auth = undefined;
    });
    return auth;
  }

  return {
    name: 'firebase',
    async verifyIdToken(idToken: string, checkRevoked = true): Promise<VerifiedIdentity> {
      if (typeof idToken !== 'string' || idToken.trim() === '') throw unauthorised('is empty');
      const client = await adminAuth();
      let decoded: DecodedIdToken;
      try {
        decoded = await client.verifyIdToken(idToken, checkRevoked);
      } catch (error) {
        const { code, message } = errorParts(error);
        if (code === 'auth/user-disabled') {
          throw new ApiError('user_disabled', { field: 'id_token', detail: 'id_token: this Firebase user is disabled' });
        }
        if (isInfrastructureFailure(code, message)) {
          throw new Error(`Firebase could not verify an ID token (${code || 'no code'}): ${message}`, { cause: error });
        }
        if (code === 'auth/id-token-expired') throw unauthorised('the Firebase ID token has expired');
        if (code === 'auth/id-token-revoked') throw unauthorised('the Firebase ID token was revoked');
        if (code === 'auth/user-not-found') throw unauthorised('the Firebase user no longer exists');
        throw unauthorised('not a valid Firebase ID token for this project');
      }
      const identity = toIdentity(decoded);
      if (!ACCEPTED_SIGN_IN_PROVIDERS.has(identity.signInProvider)) {
        // Anonymous or custom-token sign-ins prove no email or phone number.
        throw unauthorised(`sign-in method "${identity.signInProvider}" is not accepted`);
      }
      if (identity.signInProvider === 'password' && !identity.emailVerified) {
        // The browser refuses this too; the server decides (a client can skip its own check).
        throw new ApiError('email_not_verified', { field: 'id_token', detail: 'id_token: the email address is not verified yet' });
      }
      return identity;
    },
  };
}
