/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { LoginView } from '@/components/auth/login-view';
import { calledEndpoints, fail, fakeServer, ok, renderWithApp, resetApp } from '@/components/testing/test-app';
import { selectUser } from '@/services/store/selectors';
import { setApiNavigator } from '@/services/client/api';

const mockRouter = { replace: jest.fn(), push: jest.fn(), prefetch: jest.fn() };
jest.mock('next/navigation', () => ({
  usePathname: () => '/auth/login/',
  useRouter: () => mockRouter,
}));

beforeEach(async () => {
  await resetApp();
  jest.clearAllMocks();
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => jest.restoreAllMocks());

function logIn(email = 'amira@example.com', password = 'correct horse') {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

const PLAYER = { id: 7, firebase_id: 'local:7', name: 'Amira', email: 'amira@example.com', mobile: '', type: 'email', profile: null, coins: 10, refer_code: 'ABCD2345', friends_code: '', web_language: '', all_time_score: 0, status: '1' };

describe('the login screen', () => {
  test.each([
    ['invalid_credentials', 400, 'the email or the password is wrong'],
    ['email_not_verified', 403, 'please verify your email first'],
    ['user_disabled', 403, 'user account has been disabled'],
    ['rate_limited', 429, 'too many requests, try again later'],
    ['122', 500, 'internal error occurred'],
  ])('shows the text for %s', async (code, status, text) => {
    fakeServer({ auth_login: () => fail(status, code) });
    const { store } = renderWithApp(<LoginView />);
    logIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(selectUser(store.getState()).isLogin).toBe(false);
    expect(mockRouter.replace).not.toHaveBeenCalled();
  });

  test('logs in with email and password, stores the session and goes home', async () => {
    const server = fakeServer({
      auth_login: () => ok({ firebase_id: 'local:7', id_token: 'proof-1', email: 'amira@example.com', name: 'Amira', type: 'email' }),
      check_user_exists: () => ok({ exists: true }),
      user_signup: () => ({ status: 200, body: { error: false, message: '105', data: { api_token: 'session-1', user: PLAYER } } }),
    });
    const { store } = renderWithApp(<LoginView />);
    logIn();

    await waitFor(() => expect(mockRouter.replace).toHaveBeenCalledWith('/'));
    expect(calledEndpoints(server)).toEqual(['auth_login', 'check_user_exists', 'user_signup']);
    expect(selectUser(store.getState())).toMatchObject({ isLogin: true, token: 'session-1', data: { name: 'Amira', coins: 10 } });
    expect(await screen.findByText('You are logged in.')).toBeInTheDocument();
  });

  test('a deactivated account stays on the login screen with the reason, signed out, and is not sent home', async () => {
    const navigated: string[] = [];
    setApiNavigator((path) => navigated.push(path));
    fakeServer({
      auth_login: () => ok({ firebase_id: 'local:7', id_token: 'proof-1', email: 'amira@example.com', name: 'Amira', type: 'email' }),
      check_user_exists: () => ok({ exists: true }),
      user_signup: () => fail(401, '126'),
    });
    const { store } = renderWithApp(<LoginView />);
    logIn();
    expect(await screen.findByRole('alert')).toHaveTextContent('account deactivated, contact admin');
    expect(selectUser(store.getState()).isLogin).toBe(false);
    expect(navigated).toEqual([]);
    expect(mockRouter.replace).not.toHaveBeenCalled();
    // Still there a moment later: the reason does not go away like a toast.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('alert')).toHaveTextContent('account deactivated, contact admin');
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });

  test('checks the email before asking the server', async () => {
    const server = fakeServer({});
    renderWithApp(<LoginView />);
    logIn('not-an-email', 'x');
    expect(await screen.findByText('invalid email address')).toBeInTheDocument();
    expect(server).not.toHaveBeenCalled();
  });

  test('links to sign-up, password reset and phone sign-in, and offers no Google button with the built-in provider', () => {
    fakeServer({});
    renderWithApp(<LoginView />);
    // Outside the built app next/link drops the trailing slash that next.config adds.
    const href = (name: string) => screen.getByRole('link', { name }).getAttribute('href')?.replace(/\/?$/, '/');
    expect(href('Create an account')).toBe('/auth/sign-up/');
    expect(href('Forgot password?')).toBe('/auth/reset-password/');
    expect(href('Sign in with your phone')).toBe('/auth/otp-verify/');
    expect(screen.queryByRole('button', { name: 'Sign in with Google' })).not.toBeInTheDocument();
  });
});
