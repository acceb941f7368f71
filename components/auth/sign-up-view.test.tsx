/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { fireEvent, screen } from '@testing-library/react';
import { SignUpView } from '@/components/auth/sign-up-view';
import { fail, fakeServer, ok, renderWithApp, resetApp } from '@/components/testing/test-app';
import { selectPendingFriendsCode } from '@/services/store/selectors';

jest.mock('next/navigation', () => ({
  usePathname: () => '/auth/sign-up/',
  useRouter: () => ({ replace: jest.fn(), push: jest.fn(), prefetch: jest.fn() }),
}));

beforeEach(async () => {
  await resetApp();
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => jest.restoreAllMocks());

function fillIn(values: { name?: string; email?: string; password?: string; confirm?: string; code?: string }) {
  if (values.name !== undefined) fireEvent.change(screen.getByLabelText('Name'), { target: { value: values.name } });
  if (values.email !== undefined) fireEvent.change(screen.getByLabelText('Email'), { target: { value: values.email } });
  if (values.password !== undefined) fireEvent.change(screen.getByLabelText('Password'), { target: { value: values.password } });
  if (values.confirm !== undefined) fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: values.confirm } });
  if (values.code !== undefined) fireEvent.change(screen.getByLabelText("Friend's refer code (optional)"), { target: { value: values.code } });
}

describe('the sign-up screen', () => {
  test('refuses mismatched passwords with the spec text and sends nothing', async () => {
    const server = fakeServer({ auth_sign_up: () => ok({ sent: true }) });
    renderWithApp(<SignUpView />);

    fillIn({ name: 'amira', email: 'amira@example.com', password: 'correct horse', confirm: 'correct hose' });
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));

    expect(await screen.findByText('passwords do not match, please try again')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Confirm password')).toHaveFocus();
    expect(server).not.toHaveBeenCalled();
  });

  test('refuses a password shorter than 8 characters before asking the server', async () => {
    const server = fakeServer({});
    renderWithApp(<SignUpView />);
    fillIn({ name: 'Amira', email: 'amira@example.com', password: 'short', confirm: 'short' });
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('the password must have at least 8 characters')).toBeInTheDocument();
    expect(server).not.toHaveBeenCalled();
  });

  test('sends name, email and password, then asks to check the email and keeps the friend\'s code for the first login', async () => {
    const server = fakeServer({ auth_sign_up: () => ok({ sent: true }) });
    const { store } = renderWithApp(<SignUpView referCode="FRIEND42" />);

    expect(screen.getByLabelText("Friend's refer code (optional)")).toHaveValue('FRIEND42');
    fillIn({ name: 'Amira', email: 'Amira@Example.com', password: 'correct horse', confirm: 'correct horse' });
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));

    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByText(/Check your email to verify your account/)).toHaveTextContent('Amira@Example.com');
    const form = server.mock.calls[0][1].body as FormData;
    expect(Object.fromEntries(form.entries())).toEqual({ name: 'Amira', email: 'Amira@Example.com', password: 'correct horse' });
    expect(selectPendingFriendsCode(store.getState())).toEqual({ email: 'amira@example.com', code: 'FRIEND42' });
  });

  test('shows the server\'s refusal in the form', async () => {
    fakeServer({ auth_sign_up: () => fail(409, 'email_in_use') });
    renderWithApp(<SignUpView />);
    fillIn({ name: 'Amira', email: 'amira@example.com', password: 'correct horse', confirm: 'correct horse' });
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('email already in use');
    expect(screen.queryByRole('heading', { name: 'Check your email' })).not.toBeInTheDocument();
  });
});
