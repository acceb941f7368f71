/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AppBar } from '@/components/shell/app-bar';
import TabBar from '@/components/shell/tab-bar';
import { fakeServer, ok, renderWithApp, resetApp } from '@/components/testing/test-app';
import { notificationReceived, notificationsCounted } from '@/services/store/notifications-slice';
import { notificationsSeen } from '@/services/store/preferences-slice';
import { selectTheme, selectUser } from '@/services/store/selectors';
import { coinsChanged, loggedIn } from '@/services/store/user-slice';

const mockRouter = { replace: jest.fn(), push: jest.fn(), prefetch: jest.fn() };
let mockPath = '/';
jest.mock('next/navigation', () => ({
  usePathname: () => mockPath,
  useRouter: () => mockRouter,
}));

beforeEach(async () => {
  await resetApp();
  jest.clearAllMocks();
  mockPath = '/';
});

describe('the app bar', () => {
  test('a guest gets the login and a menu with the languages and the theme, no coins or bell', async () => {
    fakeServer({});
    const { store } = renderWithApp(<AppBar />);
    expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /coins/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Notifications/ })).not.toBeInTheDocument();

    const menu = screen.getByRole('button', { name: /Account and settings$/ });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByLabelText('Interface language')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Log out' })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('radio', { name: 'dark' }));
    expect(selectTheme(store.getState())).toBe('dark');

    // Escape closes it and gives the focus back to its button.
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();
  });

  test("a player sees their live coin balance, and the bell counts what arrived since they last opened the list", () => {
    fakeServer({});
    const { store } = renderWithApp(<AppBar />);
    act(() => {
      store.dispatch(loggedIn({ data: { id: 7, name: 'Amira', coins: 40 }, token: 'session-7' }));
    });
    expect(screen.getByRole('link', { name: '40 coins' })).toHaveAttribute('href', expect.stringMatching(/^\/profile\/coin-history\/?$/));
    act(() => {
      store.dispatch(coinsChanged(1));
    });
    expect(screen.getByRole('link', { name: '1 coin' })).toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'Notifications' })).toHaveAttribute('href', expect.stringMatching(/^\/profile\/notifications\/?$/));
    act(() => {
      store.dispatch(notificationsCounted(5));
      store.dispatch(notificationsSeen({ player: '7', total: 3 }));
    });
    expect(screen.getByRole('link', { name: 'Notifications, 2 new' })).toBeInTheDocument();
    act(() => {
      store.dispatch(notificationReceived({ id: 'live:1', title: 'Hi' }));
    });
    expect(screen.getByRole('link', { name: 'Notifications, 3 new' })).toBeInTheDocument();
    act(() => {
      store.dispatch(notificationsSeen({ player: '7', total: 6 }));
    });
    expect(screen.getByRole('link', { name: 'Notifications' })).toBeInTheDocument();
  });

  test('logging out from the menu makes the player a guest again', async () => {
    const server = fakeServer({ logout: () => ok({ logged_out: true }) });
    const { store } = renderWithApp(<AppBar />);
    act(() => {
      store.dispatch(loggedIn({ data: { id: 7, name: 'Amira Benali' }, token: 'session-7' }));
    });
    const menu = screen.getByRole('button', { name: /Account and settings$/ });
    fireEvent.click(menu);
    const panel = within(document.getElementById(menu.getAttribute('aria-controls')!)!);
    expect(await panel.findByText('Amira Benali')).toBeInTheDocument();
    expect(panel.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', expect.stringMatching(/^\/profile\/?$/));
    expect(panel.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', expect.stringMatching(/^\/profile\/settings\/?$/));

    fireEvent.click(panel.getByRole('button', { name: 'Log out' }));

    await waitFor(() => expect(selectUser(store.getState()).isLogin).toBe(false));
    expect(server).toHaveBeenCalledWith('/api/logout', expect.anything());
    await waitFor(() => expect(mockRouter.replace).toHaveBeenCalledWith('/'));
    // The bar and the still-open menu both offer the login now, and nothing of the player is left.
    expect(screen.getAllByRole('link', { name: 'Log in' })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Log out' })).not.toBeInTheDocument();
    expect(screen.queryByText('Amira Benali')).not.toBeInTheDocument();
  });
});

describe('the bottom tabs', () => {
  test('lead to home, battle, leaderboard and profile, marking the current one', () => {
    mockPath = '/leaderboard/';
    fakeServer({});
    renderWithApp(<TabBar />);
    const links = screen.getAllByRole('link');
    // (Next's Link drops the trailing slash outside the app's build, which adds it back.)
    expect(links.map((l) => [l.textContent, l.getAttribute('href')?.replace(/(.)\/$/, '$1')])).toEqual([
      ['Home', '/'],
      ['Battle', '/random-battle'],
      ['Leaderboard', '/leaderboard'],
      ['Profile', '/profile'],
    ]);
    expect(screen.getByRole('link', { name: 'Leaderboard' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });
});
