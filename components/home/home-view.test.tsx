/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HomeView } from '@/components/home/home-view';
import { fail, fakeServer, ok, renderWithApp, resetApp } from '@/components/testing/test-app';
import { defaultSettings, SYSTEM_SETTINGS } from '@/services/domain/settings';
import { MODES } from '@/services/domain/routes';
import { systemConfigLoaded } from '@/services/store/settings-slice';
import { getAppStore } from '@/services/store/store';
import { loggedIn } from '@/services/store/user-slice';

const allModesOff = () => Object.fromEntries(MODES.map((m) => [m.setting, '0']));

beforeEach(async () => {
  await resetApp();
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  jest.restoreAllMocks();
});

describe('the home page', () => {
  test('shows a tile for each mode the system configuration turns on, each with its icon, and none for the others', async () => {
    fakeServer({});
    getAppStore().dispatch(
      systemConfigLoaded({
        ...defaultSettings(SYSTEM_SETTINGS),
        ...allModesOff(),
        quiz_zone_mode: '1',
        battle_mode_group: '1',
        exam_module: '1',
      }),
    );

    renderWithApp(<HomeView />);

    const tiles = () => [...document.querySelectorAll<HTMLAnchorElement>('[data-mode-tile]')];
    // next/link drops the trailing slash unless Next's trailingSlash build setting is present.
    expect(tiles().map((a) => a.getAttribute('href')?.replace(/\/$/, ''))).toEqual(['/quiz-zone', '/group-battle', '/exam-module']);
    // Grouped: each group with modes on, under its heading; the group without any (learn) is not shown.
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Play solo', 'Battle', 'Compete']);
    expect(within(screen.getByRole('region', { name: 'Battle' })).getByRole('link', { name: /Group Battle/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Daily Quiz/ })).not.toBeInTheDocument();
    // The icons arrive in their own chunk, one per tile.
    await waitFor(() => expect(document.querySelectorAll('[data-mode-tile] svg.lucide')).toHaveLength(3));
  });

  test('says no quizzes are available when every mode is off', () => {
    fakeServer({});
    getAppStore().dispatch(systemConfigLoaded({ ...defaultSettings(SYSTEM_SETTINGS), ...allModesOff() }));

    renderWithApp(<HomeView />);

    expect(screen.getByText('no quizzes available, please enable quiz')).toBeInTheDocument();
    expect(document.querySelector('[data-mode-tile]')).toBeNull();
  });

  test('loads the configuration when it is missing, and offers a retry when that fails', async () => {
    let answer = fail(500, '122');
    fakeServer({ get_system_configurations: () => answer });

    renderWithApp(<HomeView />);

    expect(screen.getByText('Loading…')).toBeInTheDocument();
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByText('The quiz modes could not be loaded.')).toBeInTheDocument();

    answer = ok({ ...defaultSettings(SYSTEM_SETTINGS), ...allModesOff(), daily_quiz_mode: '1' });
    fireEvent.click(retry);

    expect(await screen.findByRole('link', { name: /Daily Quiz/ })).toHaveAttribute('href', expect.stringMatching(/^\/quiz-play\/daily-quiz-dashboard\/?$/));
  });

  test('invites a guest to play with sign up beside log in, and not a player', () => {
    fakeServer({});
    getAppStore().dispatch(systemConfigLoaded(defaultSettings(SYSTEM_SETTINGS)));
    const { unmount } = renderWithApp(<HomeView />);
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/auth/sign-up');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/auth/login');
    expect(screen.queryByText(/log in$/i, { selector: 'p' })).not.toBeInTheDocument();
    expect(screen.queryByText(/login required/i)).not.toBeInTheDocument();
    // A guest sees every mode, today's quiz too (no highlights offer it).
    expect(document.querySelector('[data-mode-tile="daily_quiz"]')).not.toBeNull();
    unmount();

    getAppStore().dispatch(loggedIn({ data: { name: 'Amira' }, token: 't' }));
    fakeServer({ get_player_summary: () => fail(500, '122') });
    renderWithApp(<HomeView />);
    expect(screen.queryByRole('link', { name: 'Sign up' })).not.toBeInTheDocument();
  });

  test('a player: today\'s quiz and the contest are offered once, in the highlights, not again as tiles; their progress is real', async () => {
    const day = new Date().toISOString().slice(0, 10);
    fakeServer({
      get_player_summary: () => ok({ rank: 7, streak: 3, questions_answered: 40, accuracy: 75, strongest_category: null, battles: { played: 0, won: 0 }, week: [{ day, answered: 40, correct: 30 }] }),
      get_daily_quiz_status: () => ok({ played: false, streak: 0 }),
      get_contest: () => ok({ live: { items: [] }, upcoming: { items: [] }, past: { items: [] } }),
    });
    getAppStore().dispatch(systemConfigLoaded(defaultSettings(SYSTEM_SETTINGS)));
    getAppStore().dispatch(loggedIn({ data: { name: 'Amira' }, token: 't' }));
    renderWithApp(<HomeView />);
    expect(document.querySelector('[data-mode-tile="daily_quiz"]')).toBeNull();
    expect(document.querySelector('[data-mode-tile="contest"]')).toBeNull();
    expect(document.querySelector('[data-mode-tile="quiz_zone"]')).not.toBeNull();
    const progress = within(await screen.findByRole('navigation', { name: 'Your progress' }));
    expect(await progress.findByTestId('home-rank')).toHaveTextContent('#7');
    expect(progress.getByTestId('home-streak')).toHaveTextContent('3');
    expect(progress.getByTestId('home-accuracy')).toHaveTextContent('75%');
    expect(progress.getByRole('link', { name: /All-time rank/ })).toHaveAttribute('href', '/leaderboard');
  });
});
