import { checkUserExists, logoutSession, userSignup, type SignupRequest } from '@/services/client/accounts-api';
import { getClientIdentity } from '@/services/client/identity/select';
import { identityErrorFrom } from '@/services/client/identity/local';
import type { IdentityProof } from '@/services/client/identity/provider';
import { normaliseName } from '@/services/domain/profile';
import { selectPendingFriendsCode, selectWebSettings } from '@/services/store/selectors';
import { friendsCodeForgotten } from '@/services/store/signup-slice';
import { getAppStore } from '@/services/store/store';
import { loggedIn, loggedOut } from '@/services/store/user-slice';

/**
 * The last steps of every sign-in, whichever provider proved who the person is: the proof is
 * traded for the product's own session (check_user_exists → user_signup with the id_token), the
 * player and token are stored (spec §4, "login sets user, token and logged-in flag") and the
 * player goes home. Throws an IdentityError when the server refuses.
 */

export interface SignInOutcome {
  /** A new player (code 104) rather than one signing in again (105). */
  readonly created: boolean;
  /** The friend's code was refused by the server; the player was signed up without it. */
  readonly friendsCodeRejected: boolean;
}

export interface SignInOptions {
  /** A friend's refer code typed on this screen; otherwise one remembered at sign-up for this email. */
  readonly friendsCode?: string;
  readonly navigate: (path: string) => void;
}

function friendsCodeFor(proof: IdentityProof, typed: string | undefined): string | undefined {
  const code = typed?.trim();
  if (code) return code;
  const pending = selectPendingFriendsCode(getAppStore().getState());
  return pending && proof.email && pending.email === proof.email.trim().toLowerCase() ? pending.code : undefined;
}

export async function completeSignIn(proof: IdentityProof, options: SignInOptions): Promise<SignInOutcome> {
  const store = getAppStore();
  const existing = await checkUserExists(proof.firebaseId);
  if (!existing.ok) throw identityErrorFrom(existing);

  // A refer code counts only for a new player.
  const friendsCode = existing.data.exists ? undefined : friendsCodeFor(proof, options.friendsCode);
  const request: SignupRequest = {
    firebase_id: proof.firebaseId,
    type: proof.type,
    id_token: proof.idToken,
    ...(proof.name ? { name: proof.name } : {}),
    ...(proof.email ? { email: proof.email } : {}),
    ...(proof.phone ? { mobile: proof.phone } : {}),
  };

  let friendsCodeRejected = false;
  let result = await userSignup(friendsCode ? { ...request, friends_code: friendsCode } : request);
  if (!result.ok && friendsCode && result.code === '103' && result.field === 'friends_code') {
    // A mistyped code must not keep a verified person out: sign up without it, and say so.
    friendsCodeRejected = true;
    result = await userSignup(request);
  }
  if (!result.ok) throw identityErrorFrom(result);

  const { api_token: token, user } = result.data;
  store.dispatch(loggedIn({ data: { ...user, name: normaliseName(user.name ?? '') }, token }));
  store.dispatch(friendsCodeForgotten());
  options.navigate('/');
  return { created: result.message === '104', friendsCodeRejected };
}

/**
 * Ends the session: the server revokes the token (unless `revoked`, after the account was
 * deleted), the stored player is cleared, the provider signs out, and the player goes home.
 */
export async function signOut(options: { navigate: (path: string) => void; revoked?: boolean }): Promise<void> {
  const store = getAppStore();
  if (!options.revoked) {
    const result = await logoutSession();
    // The session ends here either way; a server that missed the call lets the token expire.
    if (!result.ok) console.warn('[sign-out] the server could not end the session', result.code);
  }
  store.dispatch(loggedOut());
  try {
    const identity = await getClientIdentity(selectWebSettings(store.getState()));
    await identity.signOut();
  } catch (err) {
    console.warn('[sign-out] the identity provider could not sign out', err);
  }
  options.navigate('/');
}
