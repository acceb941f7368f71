/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { KINDS, OWN_PLACE } from '@/components/kinds/kind-paths';
import { KindCategoriesView, KindCategoryView, KindItemView, KindPlaceView } from '@/components/kinds/kind-views';
import { fail, fakeServer, ok, renderWithApp, resetApp } from '@/components/testing/test-app';
import { getAppStore } from '@/services/store/store';
import { loggedIn } from '@/services/store/user-slice';
import { wordSession } from '@/tests/fakes/fake-play-server';

jest.mock('next/navigation', () => ({
  usePathname: () => '/guess-the-word/',
  useRouter: () => ({ replace: jest.fn(), push: jest.fn(), prefetch: jest.fn() }),
}));

beforeEach(async () => {
  await resetApp();
  jest.spyOn(console, 'warn').mockImplementation(() => {});
  getAppStore().dispatch(loggedIn({ data: { id: 7, name: 'Ada', coins: 15 }, token: 't' }));
});

afterEach(() => jest.restoreAllMocks());

const category = (over: Record<string, unknown> = {}) => ({
  id: 4,
  slug: 'gtw-nature',
  category_name: 'Nature and science',
  language_id: 1,
  image: null,
  is_premium: false,
  coins: 0,
  has_unlocked: true,
  no_of_subcategories: 3,
  no_of_questions: 30,
  maxlevel: 1,
  ...over,
});
const subcategory = (over: Record<string, unknown> = {}) => ({
  id: 12,
  slug: 'animals',
  subcategory_name: 'Animals',
  category_id: 4,
  category_slug: 'gtw-nature',
  image: null,
  is_premium: false,
  coins: 0,
  has_unlocked: true,
  no_of_questions: 10,
  maxlevel: 1,
  ...over,
});
const hrefOf = (link: HTMLElement) => link.getAttribute('href')?.replace(/\/$/, '');
const form = (mock: jest.Mock, endpoint: string) => {
  const call = mock.mock.calls.find(([input]) => String(input) === `/api/${endpoint}`);
  return call ? Object.fromEntries((call[1].body as FormData).entries()) : null;
};

describe('the question kinds pages', () => {
  test('the categories of the kind, by its type; none says "no categories"; an error retries', async () => {
    const server = fakeServer({ get_categories: () => ok([category()]) });
    renderWithApp(<KindCategoriesView kind={KINDS.guess_the_word} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(hrefOf(await screen.findByRole('link', { name: /Nature and science/ }))).toBe('/guess-the-word/gtw-nature');
    expect(form(server, 'get_categories')).toMatchObject({ type: '3' });
  });

  test('"no categories" when the server has none, and a retry after an error', async () => {
    fakeServer({ get_categories: () => fail(404, '102') });
    const { unmount } = renderWithApp(<KindCategoriesView kind={KINDS.audio} />);
    expect(await screen.findByText('no categories')).toBeInTheDocument();
    unmount();
    let calls = 0;
    fakeServer({ get_categories: () => (++calls === 1 ? fail(500, '122') : ok([category({ slug: 'audio-listening', category_name: 'Listen and answer' })])) });
    renderWithApp(<KindCategoriesView kind={KINDS.audio} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(hrefOf(await screen.findByRole('link', { name: /Listen and answer/ }))).toBe('/audio-questions/audio-listening');
  });

  test('a category lists its subcategories as places; without subcategories it is its own place', async () => {
    const server = fakeServer({ get_subcategory_by_maincategory: () => ok([subcategory()]) });
    const { unmount } = renderWithApp(<KindCategoryView kind={KINDS.guess_the_word} categorySlug="gtw-nature" />);
    expect(hrefOf(await screen.findByRole('link', { name: /Animals/ }))).toBe('/guess-the-word/gtw-nature/animals');
    expect(form(server, 'get_subcategory_by_maincategory')).toMatchObject({ category_slug: 'gtw-nature', type: '3' });
    unmount();

    fakeServer({ get_subcategory_by_maincategory: () => fail(404, '102'), get_categories: () => ok([category({ no_of_subcategories: 0 })]) });
    renderWithApp(<KindCategoryView kind={KINDS.guess_the_word} categorySlug="gtw-nature" />);
    expect(await screen.findByRole('heading', { name: 'Nature and science' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start' })).toBeInTheDocument();
  });

  test('a set starts its play with the place\'s type and id; a refusal has its own screen', async () => {
    const server = fakeServer({
      get_categories: () => ok([category()]),
      get_subcategory_by_maincategory: () => ok([subcategory()]),
      get_guess_the_word: () => fail(403, 'premium_locked'),
      get_bookmark_state: () => ok({ type: '3', bookmarked: [] }),
    });
    renderWithApp(<KindPlaceView kind={KINDS.guess_the_word} categorySlug="gtw-nature" subcategorySlug="animals" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Start' }));
    expect(await screen.findByText('this category is locked: unlock it with coins')).toBeInTheDocument();
    expect(form(server, 'get_guess_the_word')).toMatchObject({ type: 'subcategory', type_id: '12' });
    // No question on screen: the player's bookmarks are not read.
    expect(form(server, 'get_bookmark_state')).toBeNull();
  });

  test('a word on screen reads the player\'s bookmarks of its kind, once it has been drawn', async () => {
    const server = fakeServer({
      get_categories: () => ok([category()]),
      get_subcategory_by_maincategory: () => ok([subcategory()]),
      get_guess_the_word: () => ok(wordSession()),
      get_bookmark_state: () => ok({ type: '3', bookmarked: [] }),
    });
    renderWithApp(<KindPlaceView kind={KINDS.guess_the_word} categorySlug="gtw-nature" subcategorySlug="animals" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Start' }));
    const toggle = await screen.findByRole('button', { name: 'Bookmark' });
    expect(form(server, 'get_bookmark_state')).toBeNull();
    await waitFor(() => expect(form(server, 'get_bookmark_state')).toEqual({ type: '3', question_ids: String(wordSession().questions[0]!.id) }));
    await waitFor(() => expect(toggle).toBeEnabled());
  });

  test('a running game has one way out, its close button, which asks; the page\'s back link goes once it starts', async () => {
    fakeServer({
      get_categories: () => ok([category()]),
      get_subcategory_by_maincategory: () => ok([subcategory()]),
      get_guess_the_word: () => ok(wordSession()),
      get_bookmark_state: () => ok({ type: '3', bookmarked: [] }),
    });
    renderWithApp(<KindPlaceView kind={KINDS.guess_the_word} categorySlug="gtw-nature" subcategorySlug="animals" />);
    const start = await screen.findByRole('button', { name: 'Start' });
    expect(screen.getByRole('link', { name: /Back to the subcategories/ })).toBeInTheDocument();
    fireEvent.click(start);
    await screen.findByRole('button', { name: 'Bookmark' });
    expect(screen.queryByRole('link', { name: /Back to the subcategories/ })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Leave the game' }));
    expect(await screen.findByRole('alertdialog', { name: 'Leave the game?' })).toBeInTheDocument();
  });

  test('a locked premium place asks to be unlocked before anything else', async () => {
    fakeServer({ get_categories: () => ok([category()]), get_subcategory_by_maincategory: () => ok([subcategory({ is_premium: true, has_unlocked: false, coins: 20 })]) });
    renderWithApp(<KindPlaceView kind={KINDS.guess_the_word} categorySlug="gtw-nature" subcategorySlug="animals" />);
    expect(await screen.findByRole('button', { name: 'Unlock for 20 coins' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start' })).not.toBeInTheDocument();
  });

  test('multi match: a place shows its levels from get_multi_match_level_data', async () => {
    const server = fakeServer({
      get_categories: () => ok([category({ slug: 'mm-science-nature', category_name: 'Science and nature' })]),
      get_subcategory_by_maincategory: () => ok([subcategory({ slug: 'science', subcategory_name: 'Science' })]),
      get_multi_match_level_data: () =>
        ok({
          max_level: 2,
          level_unlocked: 1,
          levels: [
            { level: 1, no_of_questions: 10, unlocked: true },
            { level: 2, no_of_questions: 10, unlocked: false },
          ],
        }),
    });
    renderWithApp(<KindPlaceView kind={KINDS.multi_match} categorySlug="mm-science-nature" subcategorySlug="science" />);
    expect(hrefOf(await screen.findByRole('link', { name: /^Level 1/ }))).toBe('/multi-match-questions/mm-science-nature/science/level/1');
    expect(form(server, 'get_multi_match_level_data')).toMatchObject({ category_slug: 'mm-science-nature', subcategory_slug: 'science' });
  });

  test('fun and learn: a place lists its readings; a reading shows its text off the clock, then starts its questions', async () => {
    const item = { id: 31, title: "The honeybee's dance", detail: 'A honeybee that finds flowers dances.\n\nThe waggle run points the way.', content_type: 'video', content_data: 'https://example.com/bees', category_id: 4, subcategory_id: 12, no_of_que: 6 };
    const endpoints = {
      get_categories: () => ok([category({ slug: 'fl-nature', category_name: 'Nature stories' })]),
      get_subcategory_by_maincategory: () => ok([subcategory({ slug: 'living-world', subcategory_name: 'The living world' })]),
      get_fun_n_learn: () => ok([item]),
      get_fun_n_learn_questions: () => fail(404, '102'),
      get_bookmark_state: () => ok({ type: '3', bookmarked: [] }),
    };
    fakeServer(endpoints);
    const { unmount } = renderWithApp(<KindPlaceView kind={KINDS.fun_n_learn} categorySlug="fl-nature" subcategorySlug="living-world" />);
    expect(hrefOf(await screen.findByRole('link', { name: /The honeybee's dance/ }))).toBe('/fun-and-learn/fl-nature/living-world/31');
    unmount();

    // A category without subcategories: its own items.
    const server = fakeServer(endpoints);
    renderWithApp(<KindItemView kind={KINDS.fun_n_learn} categorySlug="fl-nature" subcategorySlug={OWN_PLACE} itemId={31} />);
    expect(await screen.findByText('The waggle run points the way.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Watch the video' })).toHaveAttribute('href', 'https://example.com/bees');
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(form(server, 'get_fun_n_learn')).toMatchObject({ type: 'category', type_id: '4' });
    expect(form(server, 'get_fun_n_learn_questions')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Start the 6 questions' }));
    expect(await screen.findByText('no questions found')).toBeInTheDocument();
    expect(form(server, 'get_fun_n_learn_questions')).toMatchObject({ fun_n_learn_id: '31' });
  });
});
