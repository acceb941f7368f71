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

    const list = screen.getByRole('list');
    const links = within(list).getAllByRole('link');
    // next/link drops the trailing slash unless Next's trailingSlash build setting is present.
    expect(links.map((a) => a.getAttribute('href')?.replace(/\/$/, ''))).toEqual(['/quiz-zone', '/group-battle', '/exam-module']);
    expect(within(list).getByRole('link', { name: /Quiz Zone/ })).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: /Group Battle/ })).toBeInTheDocument();
    expect(within(list).queryByRole('link', { name: /Daily Quiz/ })).not.toBeInTheDocument();
    // The icons arrive in their own chunk, one per tile.
    await waitFor(() => expect(list.querySelectorAll('a svg.lucide')).toHaveLength(3));
  });

  test('says no quizzes are available when every mode is off', () => {
    fakeServer({});
    getAppStore().dispatch(systemConfigLoaded({ ...defaultSettings(SYSTEM_SETTINGS), ...allModesOff() }));

    renderWithApp(<HomeView />);

    expect(screen.getByText('no quizzes available, please enable quiz')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
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

  test('asks a guest to log in, and not a player', () => {
    fakeServer({});
    getAppStore().dispatch(systemConfigLoaded(defaultSettings(SYSTEM_SETTINGS)));
    const { unmount } = renderWithApp(<HomeView />);
    expect(screen.getByText('to access this feature, please log in')).toBeInTheDocument();
    unmount();

    getAppStore().dispatch(loggedIn({ data: { name: 'Amira' }, token: 't' }));
    renderWithApp(<HomeView />);
    expect(screen.queryByText('to access this feature, please log in')).not.toBeInTheDocument();
  });
});
