/** @jest-environment jsdom */
import { calledEndpoints, fail, fakeServer, ok, resetApp, type FakeAnswer } from '@/components/testing/test-app';
import { IdentityError, type IdentityProof } from '@/services/client/identity/provider';
import { completeSignIn, signOut } from '@/services/client/sign-in';
import { selectPendingFriendsCode, selectUser } from '@/services/store/selectors';
import { friendsCodeRemembered } from '@/services/store/signup-slice';
import { getAppStore } from '@/services/store/store';
import { loggedIn } from '@/services/store/user-slice';

const navigate = jest.fn();

beforeEach(async () => {
  await resetApp();
  navigate.mockReset();
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => jest.restoreAllMocks());

const EMAIL_PROOF: IdentityProof = { firebaseId: 'local:7', idToken: 'proof-7', type: 'email', email: 'amira@example.com', name: 'amira' };

const signedUp = (message: '104' | '105', user: Record<string, unknown> = {}): FakeAnswer => ({
  status: 200,
  body: { error: false, message, data: { api_token: 'session-7', user: { id: 7, name: 'amira', email: 'amira@example.com', type: 'email', coins: 10, ...user } } },
});

const form = (server: jest.Mock, endpoint: string, nth = 0) =>
  Object.fromEntries(
    (server.mock.calls.filter(([url]) => url === `/api/${endpoint}`)[nth]![1].body as FormData).entries(),
  );

describe('the sign-in flow', () => {
  test('calls check_user_exists, then user_signup with the id_token, stores the token and goes home', async () => {
    const server = fakeServer({ check_user_exists: () => ok({ exists: false }), user_signup: () => signedUp('104') });

    const outcome = await completeSignIn(EMAIL_PROOF, { navigate });

    expect(calledEndpoints(server)).toEqual(['check_user_exists', 'user_signup']);
    expect(form(server, 'check_user_exists')).toEqual({ firebase_id: 'local:7' });
    expect(form(server, 'user_signup')).toEqual({ firebase_id: 'local:7', type: 'email', id_token: 'proof-7', name: 'amira', email: 'amira@example.com' });
    expect(selectUser(getAppStore().getState())).toMatchObject({ isLogin: true, token: 'session-7', data: { id: 7, name: 'Amira' } });
    expect(outcome).toEqual({ created: true, friendsCodeRejected: false });
    expect(navigate).toHaveBeenCalledWith('/');
  });

  test('sends the friend\'s code remembered at sign-up for this email to a new player, then forgets it', async () => {
    const server = fakeServer({ check_user_exists: () => ok({ exists: false }), user_signup: () => signedUp('104') });
    getAppStore().dispatch(friendsCodeRemembered({ email: 'Amira@Example.com', code: 'FRIEND42' }));

    await completeSignIn(EMAIL_PROOF, { navigate });

    expect(form(server, 'user_signup').friends_code).toBe('FRIEND42');
    expect(selectPendingFriendsCode(getAppStore().getState())).toBeNull();
  });

  test('does not send a friend\'s code for a player who already exists', async () => {
    const server = fakeServer({ check_user_exists: () => ok({ exists: true }), user_signup: () => signedUp('105') });
    const outcome = await completeSignIn(EMAIL_PROOF, { navigate, friendsCode: 'FRIEND42' });
    expect(form(server, 'user_signup')).not.toHaveProperty('friends_code');
    expect(outcome.created).toBe(false);
  });

  test('signs up without a friend\'s code the server refuses, and says so', async () => {
    const server = fakeServer({
      check_user_exists: () => ok({ exists: false }),
      user_signup: (body) =>
        body.get('friends_code') ? { status: 400, body: { error: true, message: '103', data: null, field: 'friends_code' } } : signedUp('104'),
    });
    const outcome = await completeSignIn(EMAIL_PROOF, { navigate, friendsCode: 'NOPE' });
    expect(calledEndpoints(server)).toEqual(['check_user_exists', 'user_signup', 'user_signup']);
    expect(form(server, 'user_signup', 1)).not.toHaveProperty('friends_code');
    expect(outcome).toEqual({ created: true, friendsCodeRejected: true });
    expect(selectUser(getAppStore().getState()).isLogin).toBe(true);
  });

  test('a deactivated account is refused and nothing is stored', async () => {
    fakeServer({ check_user_exists: () => ok({ exists: true }), user_signup: () => fail(403, '126') });
    await expect(completeSignIn(EMAIL_PROOF, { navigate })).rejects.toEqual(new IdentityError('account_deactivated'));
    expect(selectUser(getAppStore().getState()).isLogin).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
  });

  test('logout ends the session on the server with its token, clears the user and goes home', async () => {
    const server = fakeServer({ logout: () => ok({ logged_out: true }) });
    getAppStore().dispatch(loggedIn({ data: { name: 'Amira' }, token: 'session-7' }));

    await signOut({ navigate });

    expect(calledEndpoints(server)).toEqual(['logout']);
    expect((server.mock.calls[0][1].headers as Record<string, string>).Authorization).toBe('Bearer session-7');
    expect(selectUser(getAppStore().getState())).toEqual({ data: null, token: null, isLogin: false });
    expect(navigate).toHaveBeenCalledWith('/');
  });

  test('logout clears the user even when the server cannot be reached', async () => {
    global.fetch = jest.fn().mockRejectedValue(new TypeError('offline'));
    getAppStore().dispatch(loggedIn({ data: { name: 'Amira' }, token: 'session-7' }));
    await signOut({ navigate });
    expect(selectUser(getAppStore().getState()).isLogin).toBe(false);
  });

  test('after the account is deleted, signing out does not call the server', async () => {
    const server = fakeServer({});
    getAppStore().dispatch(loggedIn({ data: { name: 'Amira' }, token: 'session-7' }));
    await signOut({ navigate, revoked: true });
    expect(server).not.toHaveBeenCalled();
    expect(selectUser(getAppStore().getState()).isLogin).toBe(false);
  });
});
