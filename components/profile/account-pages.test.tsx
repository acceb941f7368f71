/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ReferAndEarnView } from '@/components/profile/refer-and-earn-view';
import { SettingsView } from '@/components/profile/settings-view';
import { WalletView } from '@/components/profile/wallet-view';
import { calledEndpoints, fail, fakeServer, ok, renderWithApp, resetApp } from '@/components/testing/test-app';
import { defaultSettings, SYSTEM_SETTINGS } from '@/services/domain/settings';
import { selectUser } from '@/services/store/selectors';
import { systemConfigLoaded } from '@/services/store/settings-slice';
import { getAppStore } from '@/services/store/store';
import { loggedIn } from '@/services/store/user-slice';
import { notificationReceived } from '@/services/store/notifications-slice';

/** The page's calls about the player (the quiz-language selector also loads its list: get_languages). */
const playerCalls = (server: jest.Mock) => calledEndpoints(server).filter((name) => name !== 'get_languages');

const mockRouter = { replace: jest.fn(), push: jest.fn(), prefetch: jest.fn() };
jest.mock('next/navigation', () => ({
  usePathname: () => '/profile/settings/',
  useRouter: () => mockRouter,
}));

const PLAYER = { id: 7, name: 'Amira', email: 'amira@example.com', mobile: '', type: 'email', profile: null, coins: 257, refer_code: 'ABCD2345', all_time_score: 0 };

beforeEach(async () => {
  await resetApp();
  jest.clearAllMocks();
  jest.spyOn(console, 'warn').mockImplementation(() => {});
  const store = getAppStore();
  store.dispatch(loggedIn({ data: { name: 'Amira' }, token: 'session-7' }));
  store.dispatch(systemConfigLoaded({ ...defaultSettings(SYSTEM_SETTINGS), per_coin: '10', coin_amount: '2', currency_symbol: '€', earn_coin: '50', refer_coin: '100' }));
});

afterEach(() => jest.restoreAllMocks());

describe('the wallet', () => {
  test('shows the balance and what it is worth: floor(coins / per_coin) × coin_amount', async () => {
    fakeServer({ get_user_coin_score: () => ok({ coins: 257, score: 0, redeemable_amount: 50 }) });
    const { store } = renderWithApp(<WalletView />);
    expect(await screen.findByTestId('wallet-coins')).toHaveTextContent('257');
    expect(screen.getByTestId('wallet-redeemable')).toHaveTextContent('€50');
    expect(screen.getByText(/You can redeem up to/)).toHaveTextContent('You can redeem up to €50');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByText('10 coins = €2')).toBeInTheDocument();
    expect(selectUser(store.getState()).data?.coins).toBe(257);
  });

  test('below the minimum the wallet shows how far the player is, never an amount they cannot redeem yet', async () => {
    fakeServer({ get_user_coin_score: () => ok({ coins: 57, score: 0, redeemable_amount: 10 }), get_payment_request: () => fail(404, '102') });
    renderWithApp(<WalletView />);
    expect(await screen.findByTestId('wallet-coins')).toHaveTextContent('57');
    const minimum = Number(defaultSettings(SYSTEM_SETTINGS).coin_limit);
    expect(minimum).toBeGreaterThan(57);
    const bar = screen.getByRole('progressbar', { name: 'Toward the minimum to redeem' });
    expect(bar).toHaveAttribute('aria-valuenow', '57');
    expect(bar).toHaveAttribute('aria-valuemax', String(minimum));
    expect(screen.getByText(`Coins still needed to redeem: ${minimum - 57}`)).toBeInTheDocument();
    expect(screen.queryByTestId('wallet-redeemable')).not.toBeInTheDocument();
    expect(screen.queryByText(/€10/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request payout' })).not.toBeInTheDocument();
  });

  test('at exactly the minimum the bar gives way to the payout form', async () => {
    const minimum = Number(defaultSettings(SYSTEM_SETTINGS).coin_limit);
    fakeServer({ get_user_coin_score: () => ok({ coins: minimum, score: 0, redeemable_amount: 0 }), get_payment_request: () => fail(404, '102') });
    renderWithApp(<WalletView />);
    expect(await screen.findByTestId('wallet-coins')).toHaveTextContent(String(minimum));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByTestId('wallet-redeemable')).toHaveTextContent(`€${Math.floor(minimum / 10) * 2}`);
    expect(screen.getByRole('button', { name: 'Request payout' })).toBeInTheDocument();
  });

  test('a live decision on a request (refused) shows the balance and request the server has now, and drops the old notice', async () => {
    const request = { id: 41, payment_type: 'paypal', payment_address: 'amira@example.com', coins: 150, amount: '30.00', details: '', reason: null, created_at: '2026-11-27T10:00:00Z', decided_at: null };
    let state = { coins: 257, status: 'pending', reason: null as string | null, requests: [] as object[] };
    fakeServer({
      get_user_coin_score: () => ok({ coins: state.coins, score: 0, redeemable_amount: 50 }),
      get_payment_request: () => (state.requests.length ? ok(state.requests) : fail(404, '102')),
      set_payment_request: () => {
        state = { ...state, coins: 107, requests: [{ ...request, status: 'pending' }] };
        return ok({ ...request, status: 'pending', balance: 107 });
      },
    });
    const { store } = renderWithApp(<WalletView />);
    expect(await screen.findByTestId('wallet-coins')).toHaveTextContent('257');
    fireEvent.change(screen.getByLabelText('PayPal e-mail address'), { target: { value: 'amira@example.com' } });
    fireEvent.change(screen.getByLabelText('Coins to redeem'), { target: { value: '150' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request payout' }));
    expect(await screen.findByText(/^Request sent: 150 coins/)).toBeInTheDocument();
    expect(screen.getByTestId('wallet-coins')).toHaveTextContent('107');
    expect(await screen.findByRole('button', { name: 'Withdraw' })).toBeInTheDocument();

    // The operator refuses it; the live notification arrives while the page is open.
    state = { ...state, coins: 257, requests: [{ ...request, status: 'invalid', reason: 'unknown PayPal account', decided_at: '2026-11-27T11:00:00Z' }] };
    act(() => {
      store.dispatch(notificationReceived({ id: 'live:1', title: 'Redeem request refused', message: 'Your request was refused.', type: 'payment', link: '/profile/wallet/' }));
    });
    await waitFor(() => expect(screen.getByTestId('wallet-coins')).toHaveTextContent('257'));
    expect(await screen.findByText('Refused')).toBeInTheDocument();
    expect(screen.getByText(/unknown PayPal account/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Withdraw' })).not.toBeInTheDocument();
    expect(screen.queryByText(/^Request sent/)).not.toBeInTheDocument();
    expect(selectUser(store.getState()).data?.coins).toBe(257);
  });

  test('a second request refused within 48 hours is not shown beside the first one\'s "Request sent"', async () => {
    const request = { id: 41, payment_type: 'paypal', payment_address: 'amira@example.com', coins: 100, amount: '20.00', details: '', reason: null, created_at: '2026-11-27T10:00:00Z', decided_at: null, status: 'pending' };
    let sent = 0;
    fakeServer({
      get_user_coin_score: () => ok({ coins: 257, score: 0, redeemable_amount: 50 }),
      get_payment_request: () => (sent ? ok([request]) : fail(404, '102')),
      set_payment_request: () => (sent++ === 0 ? ok({ ...request, balance: 157 }) : fail(429, '127')),
    });
    renderWithApp(<WalletView />);
    await screen.findByTestId('wallet-coins');
    const send = async () => {
      fireEvent.change(screen.getByLabelText('PayPal e-mail address'), { target: { value: 'amira@example.com' } });
      fireEvent.change(screen.getByLabelText('Coins to redeem'), { target: { value: '100' } });
      fireEvent.click(screen.getByRole('button', { name: 'Request payout' }));
    };
    await send();
    expect(await screen.findByText(/^Request sent: 100 coins/)).toBeInTheDocument();
    await send();
    await waitFor(() => expect(screen.queryByText(/^Request sent/)).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Request payout' })).toBeEnabled());
  });

  test('a live notification about something else loads nothing again', async () => {
    const server = fakeServer({ get_user_coin_score: () => ok({ coins: 257, score: 0, redeemable_amount: 50 }), get_payment_request: () => fail(404, '102') });
    const { store } = renderWithApp(<WalletView />);
    await screen.findByTestId('wallet-coins');
    await screen.findByText('You have not asked for a payout yet.');
    const calls = playerCalls(server).length;
    act(() => {
      store.dispatch(notificationReceived({ id: 'live:2', title: 'New badge', message: 'You unlocked a badge.', type: 'badge' }));
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(playerCalls(server)).toHaveLength(calls);
  });

  test('offers a retry when the balance cannot be loaded', async () => {
    fakeServer({ get_user_coin_score: () => fail(500, '122') });
    renderWithApp(<WalletView />);
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('refer and earn', () => {
  test('shows the own code, a sign-up link that fills it in, and the amounts from the settings', async () => {
    fakeServer({ get_user_by_id: () => ok(PLAYER) });
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    renderWithApp(<ReferAndEarnView />);

    expect(await screen.findByTestId('refer-code')).toHaveTextContent('ABCD2345');
    expect(screen.getByText(`${window.location.origin}/auth/sign-up/?ref=ABCD2345`)).toBeInTheDocument();
    expect(screen.getByText('Friends who sign up with your code get 50 coins, and you get 100 coins for each of them.')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Copy code' }));
    expect(await screen.findByText('Copied.')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith('ABCD2345');
  });
});

describe('the settings page', () => {
  test('deletes the account only after the confirmation, then signs out and goes home', async () => {
    const server = fakeServer({ get_user_by_id: () => ok(PLAYER), delete_user_account: () => ok({ deleted: true }) });
    const { store } = renderWithApp(<SettingsView />);

    fireEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete your account?' });
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(playerCalls(server)).toEqual(['get_user_by_id']);

    fireEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));

    await waitFor(() => expect(mockRouter.replace).toHaveBeenCalledWith('/'));
    expect(playerCalls(server)).toEqual(['get_user_by_id', 'delete_user_account']);
    expect(selectUser(store.getState()).isLogin).toBe(false);
    expect(await screen.findByText('Your account has been deleted.')).toBeInTheDocument();
  });

  test('a refused deletion keeps the player signed in and says why', async () => {
    fakeServer({ get_user_by_id: () => ok(PLAYER), delete_user_account: () => fail(403, 'demo_mode') });
    const { store } = renderWithApp(<SettingsView />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('not allowed in demo version');
    expect(selectUser(store.getState()).isLogin).toBe(true);
  });

  test('log out ends the session and clears the player', async () => {
    const server = fakeServer({ get_user_by_id: () => ok(PLAYER), logout: () => ok({ logged_out: true }) });
    const { store } = renderWithApp(<SettingsView />);
    await screen.findByRole('radio', { name: 'Standard' });
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(selectUser(store.getState()).isLogin).toBe(false));
    expect(playerCalls(server)).toEqual(['get_user_by_id', 'logout']);
    expect(mockRouter.replace).toHaveBeenCalledWith('/');
  });

  describe('extended time', () => {
    const timeSection = () => screen.getByRole('region', { name: 'Time to answer' });

    test('shows the three choices with the stored one checked and says battles keep one time', async () => {
      fakeServer({ get_user_by_id: () => ok({ ...PLAYER, extended_time: '1.5' }) });
      renderWithApp(<SettingsView />);
      expect(await screen.findByRole('radio', { name: '1.5× the time' })).toBeChecked();
      expect(screen.getByRole('radio', { name: 'Standard' })).not.toBeChecked();
      expect(screen.getByRole('radio', { name: '2× the time' })).not.toBeChecked();
      expect(screen.getByRole('group', { name: 'Extended time' })).toHaveAccessibleDescription(/Battles give every player the same time\./);
    });

    test('picking 2× saves it on the account, keeps it checked and stores the player the server answered', async () => {
      const server = fakeServer({
        get_user_by_id: () => ok({ ...PLAYER, extended_time: '1' }),
        set_extended_time: (form) => ok({ ...PLAYER, extended_time: form.get('extended_time') }),
      });
      const { store } = renderWithApp(<SettingsView />);
      fireEvent.click(await screen.findByRole('radio', { name: '2× the time' }));
      expect(await screen.findByText('Extended time saved: it applies from your next game.')).toBeInTheDocument();
      expect(screen.getByRole('radio', { name: '2× the time' })).toBeChecked();
      expect(playerCalls(server)).toEqual(['get_user_by_id', 'set_extended_time']);
      const saved = server.mock.calls.find(([url]) => url === '/api/set_extended_time')!;
      expect((saved[1] as RequestInit).body as FormData).toBeInstanceOf(FormData);
      expect(((saved[1] as RequestInit).body as FormData).get('extended_time')).toBe('2');
      expect(selectUser(store.getState()).data?.extended_time).toBe('2');
    });

    test('a refusal says why and keeps the stored choice', async () => {
      fakeServer({ get_user_by_id: () => ok({ ...PLAYER, extended_time: '1' }), set_extended_time: () => fail(500, '122') });
      renderWithApp(<SettingsView />);
      fireEvent.click(await screen.findByRole('radio', { name: '2× the time' }));
      expect(await within(timeSection()).findByRole('alert')).toBeInTheDocument();
      expect(screen.getByRole('radio', { name: 'Standard' })).toBeChecked();
      expect(screen.getByRole('radio', { name: '2× the time' })).not.toBeChecked();
    });

    test('offers a retry when the player cannot be loaded, and shows the choices after it', async () => {
      let calls = 0;
      fakeServer({ get_user_by_id: () => (++calls === 1 ? fail(500, '122') : ok({ ...PLAYER, extended_time: '2' })) });
      renderWithApp(<SettingsView />);
      fireEvent.click(await within(timeSection()).findByRole('button', { name: 'Try again' }));
      expect(await screen.findByRole('radio', { name: '2× the time' })).toBeChecked();
    });
  });
});
