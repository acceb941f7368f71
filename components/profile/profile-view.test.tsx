/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { fireEvent, screen, within } from '@testing-library/react';
import { ProfileView } from '@/components/profile/profile-view';
import { testPlayer } from '@/components/testing/players';
import { fail, fakeServer, ok, renderWithApp, resetApp } from '@/components/testing/test-app';
import { BADGES } from '@/services/domain/badges';
import { getAppStore } from '@/services/store/store';
import { loggedIn } from '@/services/store/user-slice';

jest.mock('next/navigation', () => ({
  usePathname: () => '/profile/',
  useRouter: () => ({ replace: jest.fn(), push: jest.fn(), prefetch: jest.fn() }),
}));

const PLAYER = testPlayer({ coins: 1250 });

const DAYS = ['2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05'];
const SUMMARY = {
  rank: 3,
  streak: 4,
  questions_answered: 18,
  accuracy: 83,
  strongest_category: { category_name: 'Science', ratio: 100 },
  battles: { played: 2, won: 1 },
  week: DAYS.map((day, i) => ({ day, answered: i === 6 ? 18 : 0, correct: i === 6 ? 15 : 0 })),
};
const NEW_PLAYER = { rank: null, streak: 0, questions_answered: 0, accuracy: 0, strongest_category: null, battles: { played: 0, won: 0 }, week: DAYS.map((day) => ({ day, answered: 0, correct: 0 })) };

/** The 15 badges; `earned` unlocked (the last of them claimed). */
const badges = (earned: readonly string[]) =>
  BADGES.map((type) => ({
    type,
    status: earned.includes(type) ? (type === earned[earned.length - 1] ? 'reward_claimed' : 'unlocked') : 'locked',
    reward: 5,
    counter: null,
    progress: null,
    unlocked_at: null,
    claimed_at: null,
  }));

beforeEach(async () => {
  await resetApp();
  jest.spyOn(console, 'warn').mockImplementation(() => {});
  getAppStore().dispatch(loggedIn({ data: { name: 'Amira', type: 'email' }, token: 'session-7' }));
});

afterEach(() => jest.restoreAllMocks());

const card = () => within(screen.getByRole('article', { name: 'Amira' }));
const glance = () => within(screen.getByRole('region', { name: 'At a glance' }));

describe('the player card', () => {
  test('shows who the player is: picture, name, rank, streak, coins and score, with the account one tap away', async () => {
    fakeServer({ get_user_by_id: () => ok(PLAYER), get_player_summary: () => ok(SUMMARY), get_user_badges: () => ok(badges([])) });
    renderWithApp(<ProfileView />);
    expect(screen.getAllByRole('status')[0]).toHaveTextContent('Loading…');
    expect(await screen.findByRole('heading', { level: 2, name: 'Amira' })).toBeInTheDocument();
    expect(await card().findByText('#3 all time')).toBeInTheDocument();
    expect(screen.getByTestId('profile-streak')).toHaveTextContent('4');
    expect(screen.getByTestId('profile-coins')).toHaveTextContent('1,250');
    expect(screen.getByTestId('profile-score')).toHaveTextContent('120');
    expect(card().getByRole('link', { name: 'Account details' })).toHaveAttribute('href', '/profile/account');
    // The account's details are not on the card.
    expect(screen.queryByText('amira@example.com')).not.toBeInTheDocument();
  });

  test('sums up the numbers at a glance and draws the last seven days', async () => {
    fakeServer({ get_user_by_id: () => ok(PLAYER), get_player_summary: () => ok(SUMMARY), get_user_badges: () => ok(badges([])) });
    renderWithApp(<ProfileView />);
    const chart = await glance().findByRole('img', { name: 'Last 7 days: 18 answers, 15 right' });
    expect(glance().getByText('83%')).toBeInTheDocument();
    expect(glance().getByText('Answers: 18')).toBeInTheDocument();
    expect(glance().getByText('Science')).toBeInTheDocument();
    expect(glance().getByText('Right: 100%')).toBeInTheDocument();
    expect(glance().getByText('Played: 2')).toBeInTheDocument();
    // Seven days, the last (today) the only one with answers: a full bar, 15 of 18 of it right.
    const bars = chart.querySelectorAll<HTMLElement>('[style]');
    const heights = [...bars].map((b) => b.style.height);
    expect(heights.filter((_, i) => i % 2 === 0)).toEqual(['0%', '0%', '0%', '0%', '0%', '0%', '100%']);
    expect(heights[13]).toBe(`${(15 / 18) * 100}%`);
  });

  test('the badge case shows the earned badges first, then locked ones, eight in all, with a way to all of them', async () => {
    fakeServer({ get_user_by_id: () => ok(PLAYER), get_player_summary: () => ok(SUMMARY), get_user_badges: () => ok(badges(['streak', 'dashing_debut'])) });
    renderWithApp(<ProfileView />);
    const region = within(await screen.findByRole('region', { name: 'Badges' }));
    expect(await region.findByText('2 of 15 earned')).toBeInTheDocument();
    const items = region.getAllByRole('listitem');
    expect(items).toHaveLength(8);
    // Catalogue order within each group: dashing debut comes before streak.
    expect(items.slice(0, 3).map((li) => li.getAttribute('data-badge'))).toEqual(['dashing_debut', 'streak', 'combat_winner']);
    expect(items.map((li) => li.querySelector('[data-earned]')!.getAttribute('data-earned'))).toEqual(['true', 'true', 'false', 'false', 'false', 'false', 'false', 'false']);
    expect(items[0]).toHaveTextContent('Dashing Debut');
    expect(region.getByRole('link', { name: 'See all' })).toHaveAttribute('href', '/profile/badges');
  });

  test('a new player: no rank yet, no streak, and an invitation instead of empty numbers', async () => {
    fakeServer({ get_user_by_id: () => ok({ ...PLAYER, all_time_score: 0 }), get_player_summary: () => ok(NEW_PLAYER), get_user_badges: () => ok(badges([])) });
    renderWithApp(<ProfileView />);
    await screen.findByRole('article', { name: 'Amira' });
    expect(await card().findByText('Not on the board yet')).toBeInTheDocument();
    expect(screen.getByTestId('profile-streak')).toHaveTextContent('0');
    expect(glance().getByText('Play your first level to see your numbers here.')).toBeInTheDocument();
    expect(glance().getByRole('link', { name: 'Play a level' })).toHaveAttribute('href', '/quiz-zone');
    expect(glance().queryByRole('img')).not.toBeInTheDocument();
  });

  test('the summary failing keeps the card and offers a retry where the numbers go', async () => {
    let answer = fail(500, '122');
    fakeServer({ get_user_by_id: () => ok(PLAYER), get_player_summary: () => answer, get_user_badges: () => ok(badges([])) });
    renderWithApp(<ProfileView />);
    expect(await glance().findByRole('alert')).toHaveTextContent('Your numbers could not be loaded.');
    expect(screen.getByTestId('profile-coins')).toHaveTextContent('1,250');
    expect(screen.getByTestId('profile-streak')).toHaveTextContent('–');
    answer = ok(SUMMARY);
    fireEvent.click(glance().getByRole('button', { name: 'Try again' }));
    expect(await glance().findByText('83%')).toBeInTheDocument();
    expect(card().getByText('#3 all time')).toBeInTheDocument();
  });

  test('offers a retry when the player cannot be loaded', async () => {
    let answer = fail(500, '122');
    fakeServer({ get_user_by_id: () => answer, get_player_summary: () => ok(SUMMARY), get_user_badges: () => ok(badges([])) });
    renderWithApp(<ProfileView />);
    expect(await screen.findByText('Your profile could not be loaded.')).toBeInTheDocument();
    answer = ok(PLAYER);
    fireEvent.click(screen.getAllByRole('button', { name: 'Try again' })[0]!);
    expect(await screen.findByRole('heading', { level: 2, name: 'Amira' })).toBeInTheDocument();
  });

  test('every other page of the player is one tap away, the account first; the leaderboard is a tab, not listed', async () => {
    fakeServer({ get_user_by_id: () => ok(PLAYER), get_player_summary: () => ok(SUMMARY), get_user_badges: () => ok(badges([])) });
    renderWithApp(<ProfileView />);
    const menu = within(await screen.findByRole('navigation', { name: 'Your account' }));
    const links = menu.getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/profile/account',
      '/profile/wallet',
      '/profile/coin-history',
      '/profile/statistics',
      '/profile/badges',
      '/profile/play-bookmark-questions',
      '/profile/refer-and-earn',
      '/profile/notifications',
      '/profile/settings',
    ]);
    expect(links[0]).toHaveTextContent('Account');
  });
});
