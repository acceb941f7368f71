/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { fireEvent, screen, within } from '@testing-library/react';
import { BadgesView } from '@/components/badges/badges-view';
import { fail, fakeServer, ok, renderWithApp, resetApp } from '@/components/testing/test-app';
import { BADGES } from '@/services/domain/badges';
import { getAppStore } from '@/services/store/store';
import { loggedIn } from '@/services/store/user-slice';

jest.mock('next/navigation', () => ({
  usePathname: () => '/profile/badges/',
  useRouter: () => ({ replace: jest.fn(), push: jest.fn(), prefetch: jest.fn() }),
}));

beforeEach(async () => {
  await resetApp();
  jest.spyOn(console, 'warn').mockImplementation(() => {});
  getAppStore().dispatch(loggedIn({ data: { id: 7, name: 'Ada', coins: 10 }, token: 't' }));
});

afterEach(() => jest.restoreAllMocks());

const STATUS: Partial<Record<(typeof BADGES)[number], string>> = { dashing_debut: 'unlocked', brainiac: 'reward_claimed' };
const LIST = BADGES.map((type) => ({
  type,
  status: STATUS[type] ?? 'locked',
  reward: type === 'dashing_debut' ? 2 : 1,
  counter: type === 'big_thing' ? 5000 : null,
  progress: type === 'big_thing' ? 120 : null,
  unlocked_at: null,
  claimed_at: null,
}));

const card = (name: string) => screen.getByRole('article', { name });

describe('the badges page', () => {
  test('shows all 15 badges with their status', async () => {
    fakeServer({ get_user_badges: () => ok(LIST) });
    renderWithApp(<BadgesView />);
    expect(await screen.findAllByRole('article')).toHaveLength(15);
    expect(card('Dashing Debut')).toHaveTextContent('Unlocked: claim your reward');
    expect(card('Brainiac')).toHaveTextContent('Reward claimed');
    expect(card('Big Thing')).toHaveTextContent('Locked');
    expect(card('Big Thing')).toHaveTextContent('Give 5,000 right answers in total.');
    expect(card('Big Thing')).toHaveTextContent('Progress: 120 of 5,000');
    const bar = within(card('Big Thing')).getByRole('progressbar', { name: 'Progress' });
    expect([bar.getAttribute('aria-valuenow'), bar.getAttribute('aria-valuemax'), bar.getAttribute('aria-valuetext')]).toEqual(['120', '5000', 'Progress: 120 of 5,000']);
    // Only a locked badge with a counter shows how far it is.
    expect(screen.getAllByRole('progressbar')).toHaveLength(1);
  });

  test('offers the claim only on an unlocked badge', async () => {
    fakeServer({ get_user_badges: () => ok(LIST) });
    renderWithApp(<BadgesView />);
    await screen.findAllByRole('article');
    expect(screen.getAllByRole('button', { name: /Claim/ })).toHaveLength(1);
    expect(within(card('Dashing Debut')).getByRole('button', { name: 'Claim the reward (+2)' })).toBeInTheDocument();
  });

  test('claiming pays the reward once and the badge shows it claimed', async () => {
    const server = fakeServer({ get_user_badges: () => ok(LIST), set_badges: () => ok({ type: 'dashing_debut', status: 'reward_claimed', reward: 2, coins: 12 }) });
    const { store } = renderWithApp(<BadgesView />);
    fireEvent.click(await screen.findByRole('button', { name: 'Claim the reward (+2)' }));

    expect(await screen.findByText('Dashing Debut: reward claimed (+2 coins).')).toBeInTheDocument();
    expect(card('Dashing Debut')).toHaveTextContent('Reward claimed');
    expect(screen.queryByRole('button', { name: /Claim/ })).not.toBeInTheDocument();
    expect(store.getState().user.data?.coins).toBe(12);
    expect(Object.fromEntries((server.mock.calls[1]![1].body as FormData).entries())).toEqual({ type: 'dashing_debut' });
  });

  test('a refused claim says why and keeps the badge claimable', async () => {
    fakeServer({ get_user_badges: () => ok(LIST), set_badges: () => fail(403, 'badge_locked') });
    renderWithApp(<BadgesView />);
    fireEvent.click(await screen.findByRole('button', { name: 'Claim the reward (+2)' }));
    expect(await screen.findByText('unlock this badge first to claim its reward')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Claim the reward (+2)' })).toBeEnabled();
  });

  test('says "no badges" when there are none', async () => {
    fakeServer({ get_user_badges: () => ok([]) });
    renderWithApp(<BadgesView />);
    expect(await screen.findByText('no badges')).toBeInTheDocument();
  });

  test('shows an error with a retry', async () => {
    let calls = 0;
    fakeServer({ get_user_badges: () => (++calls === 1 ? fail(500, '122') : ok(LIST)) });
    renderWithApp(<BadgesView />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your badges could not be loaded.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByRole('article')).toHaveLength(15);
  });
});
