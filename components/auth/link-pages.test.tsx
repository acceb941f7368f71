/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { fireEvent, screen } from '@testing-library/react';
import { ResetPasswordView } from '@/components/auth/reset-password-view';
import { VerifyEmailView } from '@/components/auth/verify-email-view';
import { fail, fakeServer, ok, renderWithApp, resetApp } from '@/components/testing/test-app';

jest.mock('next/navigation', () => ({
  usePathname: () => '/auth/verify-email/',
  useRouter: () => ({ replace: jest.fn(), push: jest.fn(), prefetch: jest.fn() }),
}));

beforeEach(async () => {
  await resetApp();
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => jest.restoreAllMocks());

describe('the verify-email page', () => {
  test('verifies the token of the link once and offers the login', async () => {
    const server = fakeServer({ auth_verify_email: () => ok({ verified: true, email: 'amira@example.com' }) });
    renderWithApp(<VerifyEmailView token="5.secret" />);
    expect(await screen.findByText('Your email amira@example.com is verified. You can log in now.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to login' })).toBeInTheDocument();
    expect(server).toHaveBeenCalledTimes(1);
    expect((server.mock.calls[0][1].body as FormData).get('token')).toBe('5.secret');
  });

  test('says a used or unknown link is not valid, without a retry', async () => {
    fakeServer({ auth_verify_email: () => fail(400, 'link_invalid') });
    renderWithApp(<VerifyEmailView token="6.used" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('this link is not valid or has expired');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  test('says a link without a token is not valid, and asks nothing', () => {
    const server = fakeServer({});
    renderWithApp(<VerifyEmailView token="" />);
    expect(screen.getByRole('alert')).toHaveTextContent('this link is not valid or has expired');
    expect(server).not.toHaveBeenCalled();
  });
});

describe('the reset-password page', () => {
  test('without a token it sends a link and never tells whether the account exists', async () => {
    const server = fakeServer({ auth_send_reset: () => ok({ sent: true }) });
    renderWithApp(<ResetPasswordView token="" />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'who@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText(/If an account exists for who@example.com, we sent a link/)).toBeInTheDocument();
    expect((server.mock.calls[0][1].body as FormData).get('email')).toBe('who@example.com');
  });

  test('with a token it refuses mismatched passwords with the spec text and sends nothing', async () => {
    const server = fakeServer({});
    renderWithApp(<ResetPasswordView token="7.secret" />);
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'new password 1' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'new password 2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByText('passwords do not match, please try again')).toBeInTheDocument();
    expect(server).not.toHaveBeenCalled();
  });

  test('with a token it sets the new password, or says the link is dead', async () => {
    let answer = fail(400, 'link_invalid');
    const server = fakeServer({ auth_reset_password: () => answer });
    renderWithApp(<ResetPasswordView token="7.secret" />);
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'new password 1' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'new password 1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('this link is not valid or has expired');
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toBeInTheDocument();

    answer = ok({ reset: true });
    fireEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByText('Your password has been changed. You can log in with it now.')).toBeInTheDocument();
    expect(Object.fromEntries((server.mock.calls[1][1].body as FormData).entries())).toEqual({ token: '7.secret', password: 'new password 1' });
  });
});
