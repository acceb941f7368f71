/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { fireEvent, screen, within } from '@testing-library/react';
import { CategoryView } from '@/components/quiz-zone/category-view';
import { QuizZoneView } from '@/components/quiz-zone/quiz-zone-view';
import { SubcategoryView } from '@/components/quiz-zone/subcategory-view';
import { calledEndpoints, fail, fakeServer, ok, renderWithApp, resetApp } from '@/components/testing/test-app';
import { getAppStore } from '@/services/store/store';
import { loggedIn } from '@/services/store/user-slice';

jest.mock('next/navigation', () => ({
  usePathname: () => '/quiz-zone/',
  useRouter: () => ({ replace: jest.fn(), push: jest.fn(), prefetch: jest.fn() }),
}));

beforeEach(async () => {
  await resetApp();
  jest.spyOn(console, 'warn').mockImplementation(() => {});
  getAppStore().dispatch(loggedIn({ data: { id: 7, name: 'Ada', coins: 15 }, token: 't' }));
});

afterEach(() => jest.restoreAllMocks());

const category = (over: Record<string, unknown> = {}) => ({
  id: 1,
  slug: 'science',
  category_name: 'Science',
  language_id: 1,
  image: null,
  is_premium: false,
  coins: 0,
  has_unlocked: true,
  no_of_subcategories: 2,
  no_of_questions: 60,
  maxlevel: 3,
  ...over,
});
const HISTORY = category({ id: 2, slug: 'history', category_name: 'History', is_premium: true, coins: 20, has_unlocked: false });
const SOLO = category({ id: 3, slug: 'riddles', category_name: 'Riddles', no_of_subcategories: 0, maxlevel: 2 });

const subcategory = (over: Record<string, unknown> = {}) => ({
  id: 11,
  slug: 'physics',
  subcategory_name: 'Physics',
  category_id: 1,
  category_slug: 'science',
  image: null,
  is_premium: false,
  coins: 0,
  has_unlocked: true,
  no_of_questions: 30,
  maxlevel: 3,
  ...over,
});

const LEVELS = {
  max_level: 3,
  level_unlocked: 2,
  levels: [
    { level: 1, no_of_questions: 10, unlocked: true },
    { level: 2, no_of_questions: 10, unlocked: true },
    { level: 3, no_of_questions: 10, unlocked: false },
  ],
};

// next/link drops the trailing slash unless Next's trailingSlash build setting is present.
const hrefOf = (link: HTMLElement) => link.getAttribute('href')?.replace(/\/$/, '');

const form = (mock: jest.Mock, endpoint: string) => {
  const call = mock.mock.calls.find(([input]) => String(input) === `/api/${endpoint}`);
  return call ? Object.fromEntries((call[1].body as FormData).entries()) : null;
};

describe('the quiz zone categories', () => {
  test('shows a skeleton while loading, then every category with its questions and premium price', async () => {
    fakeServer({ get_categories: () => ok([category(), HISTORY]) });
    renderWithApp(<QuizZoneView />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');

    expect(hrefOf(await screen.findByRole('link', { name: /Science/ }))).toBe('/quiz-zone/science');
    expect(screen.getByRole('link', { name: /Science/ })).toHaveTextContent('Subcategories: 2 · Questions: 60');
    expect(screen.getByRole('button', { name: /History.*Premium: unlock for 20 coins/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /History/ })).not.toBeInTheDocument();
  });

  test('a category the player has started shows their stars and levels passed, with a bar, instead of catalogue counts', async () => {
    fakeServer({ get_categories: () => ok([{ ...category(), progress: { levels: 6, passed: 2, stars: 5 } }]) });
    renderWithApp(<QuizZoneView />);
    const card = await screen.findByRole('link', { name: /Science/ });
    expect(card).toHaveTextContent('2 of 6 levels');
    expect(card).not.toHaveTextContent('Subcategories');
    expect(within(card).getByRole('img', { name: '5 of 18 stars' })).toBeInTheDocument();
    const bar = within(card).getByRole('progressbar', { name: 'Levels passed' });
    expect([bar.getAttribute('aria-valuenow'), bar.getAttribute('aria-valuemax')]).toEqual(['2', '6']);
  });

  test('asks for quiz-zone categories of the chosen content language', async () => {
    const server = fakeServer({ get_categories: () => ok([category()]) });
    renderWithApp(<QuizZoneView />);
    await screen.findByRole('link', { name: /Science/ });
    expect(form(server, 'get_categories')).toEqual({ type: '1', language_id: '0' });
  });

  test('says "no categories" when the server has none', async () => {
    fakeServer({ get_categories: () => fail(404, '102') });
    renderWithApp(<QuizZoneView />);
    expect(await screen.findByText('no categories')).toBeInTheDocument();
  });

  test('shows an error with a retry that asks again', async () => {
    let calls = 0;
    fakeServer({ get_categories: () => (++calls === 1 ? fail(500, '122') : ok([category()])) });
    renderWithApp(<QuizZoneView />);
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /Science/ })).toBeInTheDocument();
  });

  test('a premium category opens a dialog with its price, and the server refuses without enough coins', async () => {
    const server = fakeServer({ get_categories: () => ok([HISTORY]), unlock_premium_category: () => fail(409, 'not_enough_coins') });
    renderWithApp(<QuizZoneView />);
    fireEvent.click(await screen.findByRole('button', { name: /History/ }));

    const dialog = screen.getByRole('dialog', { name: 'Unlock History' });
    expect(within(dialog).getByText('Unlocking it costs 20 coins. It stays unlocked for good.')).toBeInTheDocument();
    expect(within(dialog).getByText('You have 15 coins.')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unlock for 20 coins' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent("you don't have enough coins");
    expect(form(server, 'unlock_premium_category')).toEqual({ category: 'history', language_id: '0' });
    expect(screen.queryByRole('link', { name: /History/ })).not.toBeInTheDocument();
  });

  test('unlocking reads the list again and the category opens', async () => {
    let unlocked = false;
    const server = fakeServer({
      get_categories: () => ok([{ ...HISTORY, has_unlocked: unlocked }]),
      unlock_premium_category: () => {
        unlocked = true;
        return ok({ category: 2, subcategory: null, coins_spent: 20, coins: 5, has_unlocked: true });
      },
    });
    const { store } = renderWithApp(<QuizZoneView />);
    fireEvent.click(await screen.findByRole('button', { name: /History/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Unlock for 20 coins' }));

    expect(hrefOf(await screen.findByRole('link', { name: /History.*Premium: unlocked/ }))).toBe('/quiz-zone/history');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(store.getState().user.data?.coins).toBe(5);
    expect(calledEndpoints(server)).toEqual(['get_categories', 'unlock_premium_category', 'get_categories']);
  });

  test('cancelling the dialog unlocks nothing', async () => {
    const server = fakeServer({ get_categories: () => ok([HISTORY]) });
    renderWithApp(<QuizZoneView />);
    fireEvent.click(await screen.findByRole('button', { name: /History/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calledEndpoints(server)).toEqual(['get_categories']);
  });
});

describe('a quiz-zone category', () => {
  test('lists its subcategories, linked by slug', async () => {
    const server = fakeServer({ get_categories: () => ok([category()]), get_subcategory_by_maincategory: () => ok([subcategory(), subcategory({ id: 12, slug: 'space', subcategory_name: 'Space' })]) });
    renderWithApp(<CategoryView categorySlug="science" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Science' })).toBeInTheDocument();
    expect(hrefOf(screen.getByRole('link', { name: /Physics/ }))).toBe('/quiz-zone/science/physics');
    expect(hrefOf(screen.getByRole('link', { name: /Space/ }))).toBe('/quiz-zone/science/space');
    expect(form(server, 'get_subcategory_by_maincategory')).toEqual({ category_slug: 'science', language_id: '0' });
  });

  test('without subcategories, shows its own levels', async () => {
    fakeServer({ get_categories: () => ok([SOLO]), get_level_data: () => ok({ max_level: 2, level_unlocked: 1, levels: LEVELS.levels.slice(0, 2).map((l, i) => ({ ...l, unlocked: i === 0 })) }) });
    renderWithApp(<CategoryView categorySlug="riddles" />);
    expect(hrefOf(await screen.findByRole('link', { name: /Level 1/ }))).toBe('/quiz-zone/riddles/level/1');
    expect(screen.getByRole('button', { name: /Level 2/ })).toHaveTextContent('Locked');
  });

  test('an unknown category says "no categories"', async () => {
    fakeServer({ get_categories: () => ok([category()]) });
    renderWithApp(<CategoryView categorySlug="astrology" />);
    expect(await screen.findByText('no categories')).toBeInTheDocument();
  });

  test('a locked premium category offers the unlock instead of its subcategories', async () => {
    const server = fakeServer({ get_categories: () => ok([HISTORY]) });
    renderWithApp(<CategoryView categorySlug="history" />);
    expect(await screen.findByText('History is locked')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Unlock for 20 coins' }));
    expect(screen.getByRole('dialog', { name: 'Unlock History' })).toBeInTheDocument();
    expect(calledEndpoints(server)).toEqual(['get_categories']);
  });
});

describe('the levels of a subcategory', () => {
  test('shows levels 1..max, open ones as links and the locked one with its lock', async () => {
    const server = fakeServer({ get_categories: () => ok([category()]), get_subcategory_by_maincategory: () => ok([subcategory()]), get_level_data: () => ok(LEVELS) });
    renderWithApp(<SubcategoryView categorySlug="science" subcategorySlug="physics" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Physics' })).toBeInTheDocument();
    expect(hrefOf(screen.getByRole('link', { name: /Level 1/ }))).toBe('/quiz-zone/science/physics/level/1');
    expect(hrefOf(screen.getByRole('link', { name: /Level 2/ }))).toBe('/quiz-zone/science/physics/level/2');
    expect(screen.getByRole('button', { name: /Level 3/ })).toHaveTextContent('Locked');
    expect(form(server, 'get_level_data')).toEqual({ category_slug: 'science', subcategory_slug: 'physics', language_id: '0' });
  });

  test('a locked level says "this level is locked, play previous levels to unlock" when pressed', async () => {
    fakeServer({ get_categories: () => ok([category()]), get_subcategory_by_maincategory: () => ok([subcategory()]), get_level_data: () => ok(LEVELS) });
    renderWithApp(<SubcategoryView categorySlug="science" subcategorySlug="physics" />);
    fireEvent.click(await screen.findByRole('button', { name: /Level 3/ }));
    expect(screen.getByRole('alert')).toHaveTextContent('this level is locked, play previous levels to unlock');
  });

  test('a subcategory without questions says "no questions found"', async () => {
    fakeServer({ get_categories: () => ok([category()]), get_subcategory_by_maincategory: () => ok([subcategory()]), get_level_data: () => fail(404, '102') });
    renderWithApp(<SubcategoryView categorySlug="science" subcategorySlug="physics" />);
    expect(await screen.findByText('no questions found')).toBeInTheDocument();
  });

  test('a locked premium subcategory offers its unlock with the subcategory named', async () => {
    const server = fakeServer({
      get_categories: () => ok([category()]),
      get_subcategory_by_maincategory: () => ok([subcategory({ is_premium: true, coins: 5, has_unlocked: false })]),
      unlock_premium_category: () => fail(409, 'not_enough_coins'),
    });
    renderWithApp(<SubcategoryView categorySlug="science" subcategorySlug="physics" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Unlock for 5 coins' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Unlock for 5 coins' }));
    expect(await screen.findByText("you don't have enough coins")).toBeInTheDocument();
    expect(form(server, 'unlock_premium_category')).toEqual({ category: 'science', subcategory: 'physics', language_id: '0' });
    expect(calledEndpoints(server)).not.toContain('get_level_data');
  });

  test('a failure to load shows an error with a retry', async () => {
    fakeServer({ get_categories: () => fail(500, '122') });
    renderWithApp(<SubcategoryView categorySlug="science" subcategorySlug="physics" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The categories could not be loaded.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
