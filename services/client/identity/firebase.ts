import { getApp, getApps, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  getAuth,
  GoogleAuthProvider,
  RecaptchaVerifier,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signInWithPhoneNumber,
  signInWithPopup,
  signOut as firebaseSignOut,
  updateProfile,
  type Auth,
  type ConfirmationResult,
  type User,
} from 'firebase/auth';
import { identityErrorCodeOf } from '@/services/client/identity/firebase-errors';
import { IdentityError, type ClientIdentity, type IdentityProof } from '@/services/client/identity/provider';
import type { FirebaseWebConfig } from '@/services/store/settings-slice';

/**
 * Firebase Auth in the browser: email and password (with verification mail and reset), phone
 * OTP behind an invisible reCAPTCHA, and Google sign-in. Every sign-in ends in an IdentityProof
 * whose idToken the server verifies with firebase-admin (user_signup).
 *
 * This module pulls in the Firebase web SDK: import it only with a dynamic import, and only when
 * the web settings name the Firebase provider (services/client/identity/select.ts; ui.md, Weight).
 */

export interface FirebaseClientOptions {
  /**
   * id of the element the invisible reCAPTCHA of phone sign-in lives in; one is added to the end
   * of <body> when it is not given or not on the page.
   */
  readonly recaptchaContainerId?: string;
}

const DEFAULT_RECAPTCHA_CONTAINER_ID = 'firebase-recaptcha';

/**
 * The default Firebase app of the page, created on first use. The default one rather than a
 * named one: a later Firestore room feed must share this Auth session for its security rules to
 * see the player.
 */
export function firebaseWebApp(config: FirebaseWebConfig): FirebaseApp {
  if (getApps().some((app) => app.name === '[DEFAULT]')) return getApp();
  return initializeApp({ apiKey: config.apiKey, authDomain: config.authDomain, projectId: config.projectId });
}

/** Runs a Firebase call; a failure becomes the IdentityError the screens know, keeping the cause. */
async function attempt<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof IdentityError) throw error;
    const mapped = new IdentityError(identityErrorCodeOf(error));
    mapped.cause = error;
    throw mapped;
  }
}

async function proofOf(user: User, type: IdentityProof['type']): Promise<IdentityProof> {
  return {
    firebaseId: user.uid,
    idToken: await user.getIdToken(),
    type,
    ...(user.email ? { email: user.email } : {}),
    ...(user.phoneNumber ? { phone: user.phoneNumber } : {}),
    ...(user.displayName ? { name: user.displayName } : {}),
  };
}

const authByConfig = new Map<string, Auth>();

/**
 * The page's Firebase Auth for a configuration, made once: the sign-in screens and the session
 * watch (components/auth/firebase-session-watch.tsx) share it, so both see the same signed-in user.
 */
export function firebaseAuthFor(config: FirebaseWebConfig): Auth {
  const key = JSON.stringify(config);
  const held = authByConfig.get(key);
  if (held) return held;
  const created = getAuth(firebaseWebApp(config));
  if (config.authEmulatorHost) {
    // Must happen before the first call; it also replaces reCAPTCHA with a test double. The
    // banner it would add to the page is for people who forgot: we chose it.
    connectAuthEmulator(created, `http://${config.authEmulatorHost}`, { disableWarnings: true });
  }
  authByConfig.set(key, created);
  return created;
}

export function createFirebaseClientIdentity(config: FirebaseWebConfig, options: FirebaseClientOptions = {}): ClientIdentity {
  /** Phone sign-ins waiting for their code, by phone number. */
  const pendingOtp = new Map<string, ConfirmationResult>();
  const firebaseAuth = (): Auth => firebaseAuthFor(config);

  /** A fresh element for one reCAPTCHA: a verifier cannot be rendered twice into the same one. */
  function recaptchaHost(): HTMLElement {
    const id = options.recaptchaContainerId ?? DEFAULT_RECAPTCHA_CONTAINER_ID;
    let container = document.getElementById(id);
    if (!container) {
      container = document.createElement('div');
      container.id = id;
      document.body.appendChild(container);
    }
    const host = document.createElement('div');
    container.appendChild(host);
    return host;
  }

  return {
    name: 'firebase',

    async signUpWithEmail({ name, email, password }) {
      const a = firebaseAuth();
      const { user } = await attempt(() => createUserWithEmailAndPassword(a, email.trim(), password));
      try {
        await attempt(async () => {
          if (name.trim()) await updateProfile(user, { displayName: name.trim() });
          await sendEmailVerification(user);
        });
      } finally {
        // Creating the account signed the person in; they sign in once the address is verified.
        await firebaseSignOut(a).catch(() => undefined);
      }
    },

    async signInWithEmail({ email, password }) {
      const a = firebaseAuth();
      const { user } = await attempt(() => signInWithEmailAndPassword(a, email.trim(), password));
      if (!user.emailVerified) {
        // As the built-in provider does: send the link again (Firebase limits how often), so that
        // a lost or never-sent first mail does not lock the person out.
        await sendEmailVerification(user).catch(() => undefined);
        await firebaseSignOut(a).catch(() => undefined);
        throw new IdentityError('email_not_verified');
      }
      return attempt(() => proofOf(user, 'email'));
    },

    async sendPasswordReset(email) {
      const a = firebaseAuth();
      await attempt(() => sendPasswordResetEmail(a, email.trim()));
    },

    async sendOtp(phone) {
      const a = firebaseAuth();
      const host = recaptchaHost();
      const verifier = new RecaptchaVerifier(a, host, { size: 'invisible' });
      try {
        const confirmation = await attempt(() => signInWithPhoneNumber(a, phone, verifier));
        pendingOtp.set(phone, confirmation);
      } finally {
        verifier.clear();
        host.remove();
      }
    },

    async verifyOtp({ phone, code }) {
      const confirmation = pendingOtp.get(phone);
      // No code was sent to this number in this page (or it was used): ask for a new one.
      if (!confirmation) throw new IdentityError('otp_expired');
      const { user } = await attempt(() => confirmation.confirm(code.trim()));
      pendingOtp.delete(phone);
      return attempt(() => proofOf(user, 'mobile'));
    },

    async signInWithGoogle() {
      const a = firebaseAuth();
      const { user } = await attempt(() => signInWithPopup(a, new GoogleAuthProvider()));
      return attempt(() => proofOf(user, 'gmail'));
    },

    async signOut() {
      // The session of an earlier visit is kept by the SDK (IndexedDB): sign out even if this
      // page has not used Firebase yet.
      await attempt(() => firebaseSignOut(firebaseAuth()));
    },
  };
}
