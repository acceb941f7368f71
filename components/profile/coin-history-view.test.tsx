/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { fireEvent, screen, within } from '@testing-library/react';
import { CoinHistoryView, COIN_HISTORY_PAGE_SIZE } from '@/components/profile/coin-history-view';
import { fail, fakeServer, ok, renderWithApp, resetApp, type FakeAnswer } from '@/components/testing/test-app';

jest.mock('next/navigation', () => ({
  usePathname: () => '/profile/coin-history/',
  useRouter: () => ({ replace: jest.fn(), push: jest.fn(), prefetch: jest.fn() }),
}));

beforeEach(async () => {
  await resetApp();
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => jest.restoreAllMocks());

/** 23 income entries (the oldest the welcome bonus) and 2 spent ones, newest first. */
const INCOME = Array.from({ length: 23 }, (_, i) =>
  i === 22
    ? { id: 1, amount: 10, type: 'welcome_bonus', title: 'Welcome bonus', created_at: '2025-01-01T10:00:00.000Z' }
    : { id: 100 - i, amount: 4, type: 'level_passed', title: `Level ${23 - i} passed`, created_at: '2025-01-02T10:00:00.000Z' },
);
const SPENT = [
  { id: 200, amount: -10, type: 'lifeline', title: 'Lifeline', created_at: '2025-01-03T10:00:00.000Z' },
  { id: 199, amount: -5, type: 'battle_entry', title: 'Battle entry', created_at: '2025-01-03T09:00:00.000Z' },
];

function tracker(body: FormData): FakeAnswer {
  const all = body.get('type') === 'spent' ? SPENT : INCOME;
  const offset = Number(body.get('offset'));
  const limit = Number(body.get('limit'));
  return { status: 200, body: { error: false, message: '102', data: all.slice(offset, offset + limit), total: all.length } };
}

const rows = () => within(screen.getByRole('tabpanel')).queryAllByRole('listitem');

describe('the coin history', () => {
  test('shows income first, a page at a time, with the player\'s page position', async () => {
    const server = fakeServer({ get_tracker_data: tracker });
    renderWithApp(<CoinHistoryView />);

    expect(await screen.findByText('Level 23 passed')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Income' })).toHaveAttribute('aria-selected', 'true');
    expect(rows()).toHaveLength(COIN_HISTORY_PAGE_SIZE);
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Welcome bonus')).toBeInTheDocument();
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(rows()).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByText('+10 coins')).toBeInTheDocument();

    const sent = server.mock.calls.map(([, init]) => Object.fromEntries((init.body as FormData).entries()));
    expect(sent).toEqual([
      { offset: '0', limit: '10', type: 'income' },
      { offset: '10', limit: '10', type: 'income' },
      { offset: '20', limit: '10', type: 'income' },
    ]);
  });

  test('the spent tab asks for spent movements from the first page', async () => {
    const server = fakeServer({ get_tracker_data: tracker });
    renderWithApp(<CoinHistoryView />);
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 3');

    fireEvent.click(screen.getByRole('tab', { name: 'Spent' }));

    expect(await screen.findByText('Lifeline')).toBeInTheDocument();
    expect(screen.getByText('−10 coins')).toBeInTheDocument();
    expect(rows()).toHaveLength(2);
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
    const last = server.mock.calls.at(-1)![1].body as FormData;
    expect(Object.fromEntries(last.entries())).toEqual({ offset: '0', limit: '10', type: 'spent' });
  });

  test('groups the movements by day, newest first, each with the icon of its kind and its time', async () => {
    fakeServer({ get_tracker_data: tracker });
    renderWithApp(<CoinHistoryView />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Spent' }));
    await screen.findByText('Lifeline');
    // Both spent on one day (2025-01-03 here, whatever the machine's zone, at 09:00 and 10:00 UTC… unless it crosses midnight).
    const days = within(screen.getByRole('tabpanel')).getAllByRole('region');
    const localDay = (iso: string) => new Date(iso).toDateString();
    expect(days).toHaveLength(localDay(SPENT[0]!.created_at) === localDay(SPENT[1]!.created_at) ? 1 : 2);
    expect(days[0]).toHaveAccessibleName(new RegExp(new Date(SPENT[0]!.created_at).getFullYear().toString()));
    expect(rows().map((li) => li.getAttribute('data-kind'))).toEqual(['lifeline', 'battle_entry']);
    expect(rows().map((li) => li.querySelector('svg')!.getAttribute('class'))).toEqual([expect.stringContaining('lucide-life-buoy'), expect.stringContaining('lucide-swords')]);
    expect(within(rows()[0]!).getByRole('time')).toHaveAttribute('dateTime', SPENT[0]!.created_at);
  });

  test('today and yesterday are named; older days carry their date', async () => {
    const now = Date.now();
    const at = (hoursAgo: number) => new Date(now - hoursAgo * 3_600_000).toISOString();
    const items = [
      { id: 3, amount: 4, type: 'level_passed', title: 'Level 2 passed', created_at: new Date().toISOString() },
      { id: 2, amount: 4, type: 'level_passed', title: 'Level 1 passed', created_at: at(30) },
      { id: 1, amount: 10, type: 'welcome_bonus', title: 'Welcome bonus', created_at: at(24 * 9) },
    ];
    fakeServer({ get_tracker_data: () => ({ status: 200, body: { error: false, message: '102', data: items, total: 3 } }) });
    renderWithApp(<CoinHistoryView />);
    await screen.findByText('Welcome bonus');
    const headings = within(screen.getByRole('tabpanel')).getAllByRole('heading').map((h) => h.textContent);
    expect(headings[0]).toBe('Today');
    expect(headings).toHaveLength(3);
    // 30 hours ago is yesterday on this device, or the day before when it is not yet 6 in the morning.
    const yesterday = new Date(now);
    yesterday.setDate(yesterday.getDate() - 1);
    expect(headings[1] === 'Yesterday').toBe(new Date(at(30)).toDateString() === yesterday.toDateString());
    expect(headings[2]).toMatch(/^[A-Z][a-z]+day, [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
  });

  test('an empty tab says what would fill it, with the way to play; no developer wording', async () => {
    fakeServer({ get_tracker_data: () => ({ status: 200, body: { error: false, message: '102', data: [], total: 0 } }) });
    renderWithApp(<CoinHistoryView />);
    expect(await screen.findByText('No coins earned yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Play a level' })).toHaveAttribute('href', '/quiz-zone');
    fireEvent.click(screen.getByRole('tab', { name: 'Spent' }));
    expect(await screen.findByText('Nothing spent yet')).toBeInTheDocument();
    expect(screen.queryByText(/no data/i)).not.toBeInTheDocument();
  });

  test('offers a retry when the history cannot be loaded', async () => {
    let answer: FakeAnswer = fail(500, '122');
    fakeServer({ get_tracker_data: (body) => (answer.status === 200 ? tracker(body) : answer) });
    renderWithApp(<CoinHistoryView />);
    const retry = await screen.findByRole('button', { name: 'Try again' });
    answer = ok([]);
    fireEvent.click(retry);
    expect(await screen.findByText('Level 23 passed')).toBeInTheDocument();
  });
});
