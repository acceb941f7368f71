/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { GroupBattlePage, roomFormDefaults } from '@/components/battle/group-battle-page';
import { RandomBattlePage } from '@/components/battle/random-battle-page';
import { resumableRoomId } from '@/components/battle/battle-page';
import { fail, fakeServer, ok, renderWithApp, resetApp, type FakeEndpoint } from '@/components/testing/test-app';
import { defaultSettings, SYSTEM_SETTINGS } from '@/services/domain/settings';
import { battleSlice, winStreakReset, winStreakSet } from '@/services/store/battle-slice';
import { getAppStore } from '@/services/store/store';
import { loggedIn, loggedOut } from '@/services/store/user-slice';

jest.mock('next/navigation', () => ({
  usePathname: () => '/random-battle/',
  useRouter: () => ({ replace: jest.fn(), push: jest.fn(), prefetch: jest.fn() }),
}));

beforeEach(async () => {
  await resetApp();
  jest.spyOn(console, 'warn').mockImplementation(() => {});
  getAppStore().dispatch(loggedIn({ data: { id: 7, name: 'Ada', coins: 100 }, token: 't' }));
});

afterEach(() => jest.restoreAllMocks());

const CATEGORIES = [
  { id: 1, slug: 'science', category_name: 'Science', is_premium: false, has_unlocked: true },
  { id: 2, slug: 'vault', category_name: 'The Vault', is_premium: true, has_unlocked: false },
  { id: 3, slug: 'history', category_name: 'History', is_premium: false, has_unlocked: true },
];

const fields = (body: FormData) => Object.fromEntries(body.entries());
const sent = (mock: jest.Mock, endpoint: string) =>
  mock.mock.calls.filter(([input]) => String(input) === `/api/${endpoint}`).map(([, init]) => fields(init.body as FormData));

function battleServer(config: Record<string, string> = {}, extra: Record<string, FakeEndpoint> = {}) {
  return fakeServer({
    get_system_configurations: () => ok({ ...defaultSettings(SYSTEM_SETTINGS), ...config }),
    get_categories: () => ok(CATEGORIES),
    ...extra,
  });
}

describe('the battle pages', () => {
  test('a mode the admin turned off says so, with the way home, and asks nothing else', async () => {
    const server = battleServer({ battle_mode_one: '0' });
    renderWithApp(<RandomBattlePage />);
    expect(await screen.findByText('this mode is not available')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    expect(sent(server, 'get_categories')).toEqual([]);
  });

  test('each kind of room has its own switch', async () => {
    battleServer({ play_with_friend_mode: '0' });
    const { unmount } = renderWithApp(<GroupBattlePage roomType="friend" />);
    expect(await screen.findByText('this mode is not available')).toBeInTheDocument();
    unmount();
    renderWithApp(<GroupBattlePage roomType="group" />);
    expect(await screen.findByRole('button', { name: 'Create a room' })).toBeInTheDocument();
  });

  test('random battle: free categories and "any category", the fee multipliers up to the setting, and the search with the choice', async () => {
    const server = battleServer({ random_battle_entry_coin: '3', random_battle_max_fee_multiplier: '2' }, { find_random_match: () => fail(402, 'not_enough_coins') });
    renderWithApp(<RandomBattlePage />);
    const group = await screen.findByRole('group', { name: 'Category' });
    expect(within(group).getAllByRole('radio').map((r) => r.closest('label')!.textContent)).toEqual(['Any category', 'Science', 'History']);
    expect(within(group).getByRole('radio', { name: 'Any category' })).toBeChecked();
    expect(screen.getAllByRole('radio').filter((r) => !group.contains(r)).map((r) => r.textContent)).toEqual(['1×3 coins', '2×6 coins']);
    expect(document.querySelector('select')).toBeNull();
    fireEvent.click(within(group).getByRole('radio', { name: 'History' }));
    fireEvent.click(screen.getByRole('radio', { name: /^2×/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Find an opponent' }));
    await waitFor(() => expect(sent(server, 'find_random_match')).toEqual([{ category: 'history', fee_multiplier: '2', language_id: '0' }]));
    expect(await screen.findByRole('alert')).toHaveTextContent(/coins/i);
  });

  test('with battles matched across categories there is no category to choose', async () => {
    const server = battleServer({ battle_mode_random_category: '0' });
    renderWithApp(<RandomBattlePage />);
    expect(await screen.findByRole('button', { name: 'Find an opponent' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Category' })).not.toBeInTheDocument();
    expect(sent(server, 'get_categories')).toEqual([]);
  });

  test('no categories: the empty state; a failed load: an error with a retry that asks again', async () => {
    let answer = fail(404, '102');
    const server = battleServer({}, { get_categories: () => answer });
    const { unmount } = renderWithApp(<RandomBattlePage />);
    expect(await screen.findByText('no categories')).toBeInTheDocument();
    unmount();
    answer = fail(500, 'internal');
    renderWithApp(<GroupBattlePage roomType="group" />);
    expect(await screen.findByText('The categories could not be loaded.')).toBeInTheDocument();
    answer = ok(CATEGORIES);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Create a room' })).toBeInTheDocument();
    expect(sent(server, 'get_categories')).toHaveLength(3);
  });

  test('a friend room takes no number of questions; a group room offers them up to the setting and creates with the choice', async () => {
    const server = battleServer({ group_battle_max_questions: '12', random_battle_total_question: '10', random_battle_entry_coin: '5' }, { create_room: () => fail(402, 'not_enough_coins') });
    const { unmount } = renderWithApp(<GroupBattlePage roomType="friend" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Create a room' }));
    expect(screen.queryByRole('group', { name: 'Number of questions' })).not.toBeInTheDocument();
    unmount();

    renderWithApp(<GroupBattlePage roomType="group" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Create a room' }));
    const count = screen.getByRole('group', { name: 'Number of questions' });
    expect(within(count).getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual(['5', '10', '12']);
    expect(within(count).getByRole('radio', { checked: true })).toHaveAttribute('value', '10');
    fireEvent.click(within(count).getByRole('radio', { name: '12 questions' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create room' }));
    await waitFor(() => expect(sent(server, 'create_room')).toEqual([{ room_type: 'group', no_of_que: '12', entry_fee: '5', language_id: '0' }]));
  });

  test('the search choice is kept for the tab: after a reload the page offers it again and searches with it', async () => {
    const server = battleServer({ random_battle_max_fee_multiplier: '3' }, { find_random_match: () => fail(402, 'not_enough_coins') });
    const { unmount } = renderWithApp(<RandomBattlePage />);
    fireEvent.click(within(await screen.findByRole('group', { name: 'Category' })).getByRole('radio', { name: 'History' }));
    fireEvent.click(screen.getByRole('radio', { name: /^3×/ }));
    await waitFor(() => expect(JSON.parse(window.sessionStorage.getItem('quiz-arena:battle-choice:random')!)).toEqual({ category: 'history', feeMultiplier: 3 }));
    unmount();

    renderWithApp(<RandomBattlePage />);
    expect(within(await screen.findByRole('group', { name: 'Category' })).getByRole('radio', { name: 'History' })).toBeChecked();
    expect(screen.getByRole('radio', { name: /^3×/ })).toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: 'Find an opponent' }));
    await waitFor(() => expect(sent(server, 'find_random_match')).toEqual([{ category: 'history', fee_multiplier: '3', language_id: '0' }]));
  });

  test('a kept choice the page no longer offers (a category gone, a multiplier over the setting) gives way to the defaults', async () => {
    battleServer({ random_battle_max_fee_multiplier: '2' });
    for (const kept of [{ category: 'vault', feeMultiplier: 1 }, { category: 'science', feeMultiplier: 3 }, 'not json']) {
      window.sessionStorage.setItem('quiz-arena:battle-choice:random', typeof kept === 'string' ? kept : JSON.stringify(kept));
      const { unmount } = renderWithApp(<RandomBattlePage />);
      expect(within(await screen.findByRole('group', { name: 'Category' })).getByRole('radio', { name: 'Any category' })).toBeChecked();
      expect(screen.getByRole('radio', { name: /^1×/ })).toBeChecked();
      unmount();
    }
  });

  test('a player with extended time is told that battles give everyone the same time; others are not', async () => {
    battleServer();
    const { unmount } = renderWithApp(<RandomBattlePage />);
    await screen.findByRole('button', { name: 'Find an opponent' });
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    unmount();
    getAppStore().dispatch(loggedIn({ data: { id: 7, name: 'Ada', coins: 100, extended_time: '2' }, token: 't' }));
    renderWithApp(<GroupBattlePage roomType="group" />);
    await screen.findByRole('button', { name: 'Create a room' });
    expect(screen.getByRole('note')).toHaveTextContent('Your extended time applies to solo play. In battles every player has the same time.');
  });

  test('a room kept for this tab is followed again on load, without a new search', async () => {
    window.sessionStorage.setItem('quiz-arena:battle-room:random', 'room_kept');
    const server = battleServer();
    renderWithApp(<RandomBattlePage />);
    await waitFor(() => expect(server.mock.calls.map(([input]) => String(input))).toContain('/api/rooms/room_kept/events'));
    expect(sent(server, 'find_random_match')).toEqual([]);
    // The fake server does not know the room (404): the player is told and the tab forgets it.
    expect(await screen.findByText('this room has been closed')).toBeInTheDocument();
    expect(window.sessionStorage.getItem('quiz-arena:battle-room:random')).toBeNull();
  });
});

describe('what the battle pages keep', () => {
  test('the room to resume: one being played or waited in, not one that ended or is gone', () => {
    expect(resumableRoomId({ context: { roomId: null, doc: null }, gone: false })).toBeNull();
    expect(resumableRoomId({ context: { roomId: 'r1', doc: null }, gone: false })).toBe('r1');
    expect(resumableRoomId({ context: { roomId: 'r1', doc: { status: 'started' } }, gone: false })).toBe('r1');
    expect(resumableRoomId({ context: { roomId: 'r1', doc: { status: 'waiting' } }, gone: false })).toBe('r1');
    expect(resumableRoomId({ context: { roomId: 'r1', doc: { status: 'finished' } }, gone: false })).toBeNull();
    expect(resumableRoomId({ context: { roomId: 'r1', doc: { status: 'deleted' } }, gone: false })).toBeNull();
    expect(resumableRoomId({ context: { roomId: 'r1', doc: { status: 'started' } }, gone: true })).toBeNull();
  });

  test('the back-to-back wins can be set and reset to 0, and start over with another sign-in', () => {
    const reduce = battleSlice.reducer;
    let state = reduce(undefined, winStreakSet(3));
    expect(state.winStreak).toBe(3);
    expect(reduce(state, winStreakSet(-1)).winStreak).toBe(0);
    state = reduce(state, winStreakReset());
    expect(state.winStreak).toBe(0);
    expect(reduce(reduce(undefined, winStreakSet(2)), loggedOut()).winStreak).toBe(0);
    expect(reduce(reduce(undefined, winStreakSet(2)), loggedIn({ data: { name: 'B' }, token: 't' })).winStreak).toBe(0);
  });

  test('the form defaults follow the settings', () => {
    const config = { ...defaultSettings(SYSTEM_SETTINGS), group_battle_max_questions: '3', random_battle_total_question: '10', random_battle_entry_coin: '7' };
    expect(roomFormDefaults(config)).toEqual({ questions: 3, entryFee: 7, choices: { questionCounts: [3], entryFees: [0, 5, 10, 20, 50] } });
  });
});
