/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { fireEvent, screen, within } from '@testing-library/react';
import { niceMax } from '@/components/statistics/answers-chart';
import { StatisticsView } from '@/components/statistics/statistics-view';
import { fail, fakeServer, ok, renderWithApp, resetApp } from '@/components/testing/test-app';

jest.mock('next/navigation', () => ({
  usePathname: () => '/profile/statistics/',
  useRouter: () => ({ replace: jest.fn(), push: jest.fn(), prefetch: jest.fn() }),
}));

beforeEach(async () => {
  await resetApp();
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => jest.restoreAllMocks());

const science = { category_id: 1, category_name: 'Science', answered: 20, correct: 16, ratio: 80 };
const history = { category_id: 2, category_name: 'History', answered: 10, correct: 3, ratio: 30 };
const STATS = {
  questions_answered: 30,
  correct_answers: 19,
  ratio: 63,
  strongest_category: science,
  weakest_category: history,
  per_category: [science, history],
  history: [
    { day: '2025-03-01', answered: 10, correct: 8 },
    { day: '2025-03-02', answered: 20, correct: 11 },
  ],
};

describe('the statistics page', () => {
  test('shows the totals, the strongest and the weakest category', async () => {
    const server = fakeServer({ get_users_statistics: () => ok(STATS) });
    renderWithApp(<StatisticsView />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');

    const strongest = (await screen.findByText('Strongest category')).parentElement!;
    expect(within(strongest).getByText('Science')).toBeInTheDocument();
    expect(within(strongest).getByText('80% right (16 of 20)')).toBeInTheDocument();
    expect(within(screen.getByText('Weakest category').parentElement!).getByText('History')).toBeInTheDocument();
    expect(screen.getByText('63%')).toBeInTheDocument();
    const sent = Object.fromEntries((server.mock.calls[0]![1].body as FormData).entries());
    expect(sent).toEqual({ timezone: Intl.DateTimeFormat().resolvedOptions().timeZone });
  });

  test('draws answered vs correct per day as a chart with a summary, and the same numbers as a table', async () => {
    fakeServer({ get_users_statistics: () => ok(STATS) });
    renderWithApp(<StatisticsView />);
    const chart = await screen.findByRole('img', { name: /Questions answered and answered right per day/ });
    expect(chart).toHaveAccessibleName('Questions answered and answered right per day Over 2 days with plays: 30 answered, 19 right.');
    // One outlined bar (answered) and one solid bar (right) per day.
    expect(chart.querySelectorAll('rect')).toHaveLength(4);

    fireEvent.click(screen.getByText('Show the numbers as a table'));
    const table = screen.getByRole('table', { name: 'Questions answered and answered right per day' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['10', '8'],
      ['20', '11'],
    ]);
  });

  test('says so when only one category was played and there is no weakest one', async () => {
    fakeServer({ get_users_statistics: () => ok({ ...STATS, weakest_category: null, per_category: [science] }) });
    renderWithApp(<StatisticsView />);
    expect(await screen.findByText('Play a second category to see which one is your weakest.')).toBeInTheDocument();
  });

  test('says there are no numbers yet before the first answer', async () => {
    fakeServer({ get_users_statistics: () => ok({ ...STATS, questions_answered: 0, correct_answers: 0, ratio: 0, strongest_category: null, weakest_category: null, per_category: [], history: [] }) });
    renderWithApp(<StatisticsView />);
    expect(await screen.findByText('No numbers yet')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  test('shows an error with a retry', async () => {
    let calls = 0;
    fakeServer({ get_users_statistics: () => (++calls === 1 ? fail(500, '122') : ok(STATS)) });
    renderWithApp(<StatisticsView />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your statistics could not be loaded.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Strongest category')).toBeInTheDocument();
  });
});

describe('the chart scale', () => {
  test('rounds the top of the axis up to 1, 2 or 5 times a power of ten', () => {
    expect([0, 3, 7, 12, 20, 31, 480].map(niceMax)).toEqual([4, 4, 10, 20, 20, 50, 500]);
  });
});
