/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { SiteHeader } from '@/components/shell/site-header';
import { fakeServer, ok, renderWithApp, resetApp } from '@/components/testing/test-app';
import { selectUser } from '@/services/store/selectors';
import { loggedIn } from '@/services/store/user-slice';

const mockRouter = { replace: jest.fn(), push: jest.fn(), prefetch: jest.fn() };
jest.mock('next/navigation', () => ({
  usePathname: () => '/',
  useRouter: () => mockRouter,
}));

beforeEach(async () => {
  await resetApp();
  jest.clearAllMocks();
});

describe('the site header', () => {
  test('greets a guest and offers the login', () => {
    fakeServer({});
    renderWithApp(<SiteHeader />);
    expect(screen.getByText('hello guest')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Log out' })).not.toBeInTheDocument();
  });

  test('greets a player by name with a profile link, and logging out makes them a guest again', async () => {
    const server = fakeServer({ logout: () => ok({ logged_out: true }) });
    const { store } = renderWithApp(<SiteHeader />);
    act(() => {
      store.dispatch(loggedIn({ data: { name: 'Amira' }, token: 'session-7' }));
    });
    expect(screen.getByText('hello Amira')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Profile' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));

    expect(await screen.findByText('hello guest')).toBeInTheDocument();
    expect(selectUser(store.getState()).isLogin).toBe(false);
    expect(server).toHaveBeenCalledWith('/api/logout', expect.anything());
    await waitFor(() => expect(mockRouter.replace).toHaveBeenCalledWith('/'));
  });

  test('greets a player who has no name yet (phone sign-in) as a player, not as a guest', () => {
    fakeServer({});
    const { store } = renderWithApp(<SiteHeader />);
    act(() => {
      store.dispatch(loggedIn({ data: { name: '', mobile: '+14155550100' }, token: 'session-9' }));
    });
    expect(screen.getByText('hello player')).toBeInTheDocument();
    expect(screen.queryByText('hello guest')).not.toBeInTheDocument();
  });
});
