/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { fireEvent, screen, within } from '@testing-library/react';
import { LeaderboardView } from '@/components/leaderboard/leaderboard-view';
import { calledEndpoints, fail, fakeServer, renderWithApp, resetApp, type FakeAnswer } from '@/components/testing/test-app';
import { getAppStore } from '@/services/store/store';
import { loggedIn } from '@/services/store/user-slice';

jest.mock('next/navigation', () => ({
  usePathname: () => '/leaderboard/',
  useRouter: () => ({ replace: jest.fn(), push: jest.fn(), prefetch: jest.fn() }),
}));

beforeEach(async () => {
  await resetApp();
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => jest.restoreAllMocks());

const signIn = () => getAppStore().dispatch(loggedIn({ data: { id: 42, name: 'Ada' }, token: 't' }));

/** 23 players on the board, best first; the player (42) is 17th. */
const PLAYERS = Array.from({ length: 23 }, (_, i) => ({ user_id: i === 16 ? 42 : 100 + i, name: i === 16 ? 'Ada' : `Player ${i + 1}`, profile: null, score: 500 - i * 10, rank: i + 1 }));

function board(players = PLAYERS, me: { rank: number; score: number } | null = { rank: 17, score: 340 }) {
  return (body: FormData): FakeAnswer => {
    const offset = Number(body.get('offset'));
    const limit = Number(body.get('limit'));
    return { status: 200, body: { error: false, message: '102', data: players.slice(offset, offset + limit), top_three: players.slice(0, 3), my_rank: me, total: players.length } };
  };
}

const panel = () => screen.getByRole('tabpanel');

const pinned = () => screen.getByRole('region', { name: 'Your place' });

describe('the leaderboard', () => {
  test('opens on today\'s board: the podium of three, the list from the fourth, and the player\'s own row pinned', async () => {
    signIn();
    fakeServer({ get_daily_leaderboard: board() });
    renderWithApp(<LeaderboardView />);
    expect(screen.getByRole('tab', { name: 'Today', selected: true })).toBeInTheDocument();

    const top = await within(panel()).findByRole('region', { name: 'Top three' });
    // In rank order for screen readers; the steps put the winner in the middle.
    const steps = within(top).getAllByRole('listitem');
    expect(steps.map((li) => li.textContent)).toEqual(['P1Player 1500 ptsRank 1', 'P2Player 2490 ptsRank 2', 'P3Player 3480 ptsRank 3']);
    expect(steps.map((li) => li.className.match(/col-start-\d/)?.[0])).toEqual(['col-start-2', 'col-start-1', 'col-start-3']);
    const ranking = within(screen.getByRole('list', { name: 'Ranking' })).getAllByRole('listitem');
    expect(ranking).toHaveLength(7);
    expect(ranking[0]).toHaveTextContent('Rank 4P4Player 4470 pts');
    expect(pinned()).toHaveTextContent('Rank 17AAda(you)340 pts');
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
  });

  test('pages through the board and marks the player\'s own row, still pinned', async () => {
    signIn();
    const server = fakeServer({ get_daily_leaderboard: board() });
    renderWithApp(<LeaderboardView />);
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    const rows = within(screen.getByRole('list', { name: 'Ranking' })).getAllByRole('listitem');
    expect(rows).toHaveLength(10);
    const mine = rows.find((li) => li.getAttribute('aria-current') === 'true')!;
    expect(mine).toHaveTextContent('Rank 17AAda(you)340 pts');
    expect(rows.filter((li) => li.getAttribute('aria-current'))).toHaveLength(1);
    expect(pinned()).toHaveTextContent('Rank 17AAda(you)340 pts');
    const sent = server.mock.calls.map(([, init]) => Object.fromEntries((init.body as FormData).entries()));
    expect(sent).toEqual([
      { offset: '0', limit: '10' },
      { offset: '10', limit: '10' },
    ]);
  });

  test('switches between today, this month and all time, starting each on its first page; a player without a place is told how to get one', async () => {
    signIn();
    const server = fakeServer({ get_daily_leaderboard: board(), get_monthly_leaderboard: board(), get_globle_leaderboard: board(PLAYERS, null) });
    renderWithApp(<LeaderboardView />);
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 3');
    fireEvent.click(screen.getByRole('tab', { name: 'This month' }));
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'All time' }));
    expect(await within(panel()).findByText('Play a level to get on the board')).toBeInTheDocument();
    expect(pinned()).toHaveTextContent('Rank –AAda(you)Play a level to get on the board');
    expect(calledEndpoints(server)).toEqual(['get_daily_leaderboard', 'get_daily_leaderboard', 'get_monthly_leaderboard', 'get_globle_leaderboard']);
  });

  test('an empty board invites the player to be its first, shows their own row and keeps the tabs; no developer wording', async () => {
    signIn();
    fakeServer({ get_daily_leaderboard: board([], null) });
    renderWithApp(<LeaderboardView />);
    expect(await screen.findByText('Nobody is on this board yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Play a level' })).toHaveAttribute('href', '/quiz-zone');
    expect(pinned()).toHaveTextContent('AAda(you)Play a level to get on the board');
    expect(screen.queryByText(/no data/i)).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: /pages/i })).not.toBeInTheDocument();
    expect(screen.getAllByRole('tab')).toHaveLength(3);
  });

  test('shows an error with a retry', async () => {
    signIn();
    let calls = 0;
    const ok = board();
    fakeServer({ get_daily_leaderboard: (body) => (++calls === 1 ? fail(500, '122') : ok(body)) });
    renderWithApp(<LeaderboardView />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The leaderboard could not be loaded.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Your place' })).toHaveTextContent('Rank 17AAda(you)340 pts');
  });

  test('invites a guest to sign up or log in, and asks the server nothing', () => {
    const server = fakeServer({});
    renderWithApp(<LeaderboardView />);
    expect(screen.getByText('See where you stand')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/auth/sign-up');
    expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument();
    expect(server).not.toHaveBeenCalled();
  });
});
