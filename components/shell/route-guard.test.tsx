/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { act, screen, waitFor } from '@testing-library/react';
import { RouteGuard } from '@/components/shell/route-guard';
import { renderWithApp, resetApp } from '@/components/testing/test-app';
import { selectRehydrated } from '@/services/store/selectors';
import { getAppStore } from '@/services/store/store';
import { loggedIn, loggedOut } from '@/services/store/user-slice';

const mockRouter = { replace: jest.fn(), push: jest.fn(), prefetch: jest.fn(), back: jest.fn(), forward: jest.fn(), refresh: jest.fn() };
let mockPathname = '/';
jest.mock('next/navigation', () => ({
  usePathname: () => mockPathname,
  useRouter: () => mockRouter,
}));

const protectedRenders = jest.fn();
function ProtectedPage() {
  protectedRenders();
  return <p>secret profile</p>;
}

beforeEach(async () => {
  await resetApp();
  jest.clearAllMocks();
});

describe('the route guard', () => {
  test('sends a guest from /profile/ to the login page with "Please login first" and never renders the page', async () => {
    mockPathname = '/profile/';
    renderWithApp(
      <RouteGuard>
        <ProtectedPage />
      </RouteGuard>,
    );

    expect(await screen.findByText('Please login first')).toBeInTheDocument();
    expect(mockRouter.replace).toHaveBeenCalledWith('/auth/login/');
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    expect(protectedRenders).not.toHaveBeenCalled();
  });

  test('reads the saved session back before the first render: a signed-in player sees the protected page at once', async () => {
    mockPathname = '/quiz-zone/';
    window.localStorage.setItem(
      'persist:quiz-arena',
      JSON.stringify({ user: JSON.stringify({ data: { name: 'Amira' }, token: 't0k3n', isLogin: true }) }),
    );
    const { store } = renderWithApp(
      <RouteGuard>
        <ProtectedPage />
      </RouteGuard>,
    );
    expect(selectRehydrated(store.getState())).toBe(true);
    expect(screen.getByText('secret profile')).toBeInTheDocument();
    expect(mockRouter.replace).not.toHaveBeenCalled();
  });

  test('sends a logged-in player away from /auth/login/ to the home page', async () => {
    mockPathname = '/auth/login/';
    getAppStore().dispatch(loggedIn({ data: { name: 'Amira' }, token: 't0k3n' }));
    renderWithApp(
      <RouteGuard>
        <p>login form</p>
      </RouteGuard>,
    );

    await waitFor(() => expect(mockRouter.replace).toHaveBeenCalledWith('/'));
    expect(screen.queryByText('login form')).not.toBeInTheDocument();
  });

  test('lets a guest open the login page and public pages', async () => {
    mockPathname = '/auth/login/';
    renderWithApp(
      <RouteGuard>
        <p>login form</p>
      </RouteGuard>,
    );
    expect(await screen.findByText('login form')).toBeInTheDocument();
    expect(mockRouter.replace).not.toHaveBeenCalled();
  });

  test('takes a player who is logged out on a protected page home, without asking them to log in', async () => {
    mockPathname = '/profile/';
    getAppStore().dispatch(loggedIn({ data: { name: 'Amira' }, token: 't0k3n' }));
    const { store } = renderWithApp(
      <RouteGuard>
        <ProtectedPage />
      </RouteGuard>,
    );
    await screen.findByText('secret profile');

    act(() => {
      store.dispatch(loggedOut());
    });

    await waitFor(() => expect(mockRouter.replace).toHaveBeenCalledWith('/'));
    expect(mockRouter.replace).not.toHaveBeenCalledWith('/auth/login/');
    expect(screen.queryByText('Please login first')).not.toBeInTheDocument();
    expect(screen.queryByText('secret profile')).not.toBeInTheDocument();
  });
});
