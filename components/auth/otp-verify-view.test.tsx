/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { OtpVerifyView } from '@/components/auth/otp-verify-view';
import { calledEndpoints, fakeServer, ok, renderWithApp, resetApp, type FakeAnswer } from '@/components/testing/test-app';
import { selectUser } from '@/services/store/selectors';

const mockRouter = { replace: jest.fn(), push: jest.fn(), prefetch: jest.fn() };
jest.mock('next/navigation', () => ({
  usePathname: () => '/auth/otp-verify/',
  useRouter: () => mockRouter,
}));

beforeEach(async () => {
  await resetApp();
  jest.clearAllMocks();
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => jest.restoreAllMocks());

const refused = (status: number, code: string, extra: Record<string, unknown> = {}): FakeAnswer => ({
  status,
  body: { error: true, message: code, data: null, ...extra },
});

async function sendCodeTo(phone: string) {
  fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: phone } });
  fireEvent.click(screen.getByRole('button', { name: 'Send the code' }));
  await screen.findByLabelText('6-digit code');
}

function tryCode(code: string) {
  fireEvent.change(screen.getByLabelText('6-digit code'), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
}

describe('the phone sign-in screen', () => {
  test.each(['4155550100', '+0 415', 'phone'])('refuses %s with the spec text and sends nothing', async (typed) => {
    const server = fakeServer({ auth_send_otp: () => ok({ sent: true, expires_in: 600 }) });
    renderWithApp(<OtpVerifyView />);
    fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: typed } });
    fireEvent.click(screen.getByRole('button', { name: 'Send the code' }));
    expect(await screen.findByText('enter the correct mobile number with country code')).toBeInTheDocument();
    expect(server).not.toHaveBeenCalled();
  });

  test('sends the number in E.164 form and asks for the code', async () => {
    const server = fakeServer({ auth_send_otp: () => ok({ sent: true, expires_in: 600 }) });
    renderWithApp(<OtpVerifyView />);
    await sendCodeTo('+1 (415) 555-0100');
    expect((server.mock.calls[0][1].body as FormData).get('phone')).toBe('+14155550100');
    expect(screen.getByText(/We sent a code to \+14155550100/)).toBeInTheDocument();
  });

  test('asks for exactly 6 digits before asking the server', async () => {
    const server = fakeServer({ auth_send_otp: () => ok({ sent: true, expires_in: 600 }) });
    renderWithApp(<OtpVerifyView />);
    await sendCodeTo('+14155550100');
    tryCode('12345');
    expect(await screen.findByText('enter the 6-digit code')).toBeInTheDocument();
    expect(calledEndpoints(server)).toEqual(['auth_send_otp']);
  });

  test('shows the attempts left after a wrong code', async () => {
    fakeServer({
      auth_send_otp: () => ok({ sent: true, expires_in: 600 }),
      auth_verify_otp: () => refused(400, 'otp_invalid', { attempts_left: 3 }),
    });
    renderWithApp(<OtpVerifyView />);
    await sendCodeTo('+14155550100');
    tryCode('000000');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('the code is not valid');
    expect(alert).toHaveTextContent('Attempts left: 3');
  });

  test('says a locked code needs a new one, and a new code clears the lock', async () => {
    const server = fakeServer({
      auth_send_otp: () => ok({ sent: true, expires_in: 600 }),
      auth_verify_otp: () => refused(429, 'otp_locked'),
    });
    renderWithApp(<OtpVerifyView />);
    await sendCodeTo('+14155550100');
    tryCode('123456');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('too many wrong codes, request a new code');
    expect(alert).not.toHaveTextContent('Attempts left');

    fireEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(calledEndpoints(server)).toEqual(['auth_send_otp', 'auth_verify_otp', 'auth_send_otp']);
  });

  test('a right code signs the player in with the friend\'s code typed', async () => {
    const server = fakeServer({
      auth_send_otp: () => ok({ sent: true, expires_in: 600 }),
      auth_verify_otp: () => ok({ firebase_id: 'local:9', id_token: 'proof-9', phone: '+14155550100', type: 'mobile' }),
      check_user_exists: () => ok({ exists: false }),
      user_signup: () => ({
        status: 200,
        body: { error: false, message: '104', data: { api_token: 'session-9', user: { id: 9, name: 'Player', mobile: '+14155550100', type: 'mobile', coins: 50 } } },
      }),
    });
    const { store } = renderWithApp(<OtpVerifyView />);
    fireEvent.change(screen.getByLabelText("Friend's refer code (optional)"), { target: { value: 'FRIEND42' } });
    await sendCodeTo('+14155550100');
    tryCode('123456');

    await waitFor(() => expect(mockRouter.replace).toHaveBeenCalledWith('/'));
    const signup = server.mock.calls.find(([url]) => url === '/api/user_signup')![1].body as FormData;
    expect(Object.fromEntries(signup.entries())).toMatchObject({ firebase_id: 'local:9', type: 'mobile', mobile: '+14155550100', id_token: 'proof-9', friends_code: 'FRIEND42' });
    expect(selectUser(store.getState())).toMatchObject({ isLogin: true, token: 'session-9' });
  });
});
