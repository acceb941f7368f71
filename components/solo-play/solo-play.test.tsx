/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { LevelPlayView } from '@/components/quiz-zone/level-play-view';
import { BookmarkPlayView, BookmarksView } from '@/components/solo-play/bookmarks-view';
import { DailyQuizView, TrueFalseView } from '@/components/solo-play/mode-play-view';
import { choicesUpTo, SelfChallengeView } from '@/components/solo-play/self-challenge-view';
import { calledEndpoints, fail, fakeServer, ok, renderWithApp, resetApp, type FakeEndpoint } from '@/components/testing/test-app';
import { getAppStore } from '@/services/store/store';
import { loggedIn } from '@/services/store/user-slice';
import { playResult, playReview, playSession, QUESTIONS, RIGHT } from '@/tests/fakes/fake-play-server';

jest.mock('next/navigation', () => ({
  usePathname: () => '/quiz-zone/',
  useRouter: () => ({ replace: jest.fn(), push: jest.fn(), prefetch: jest.fn() }),
}));

beforeEach(async () => {
  await resetApp();
  jest.spyOn(console, 'warn').mockImplementation(() => {});
  getAppStore().dispatch(loggedIn({ data: { id: 7, name: 'Ada', coins: 100 }, token: 't' }));
});

afterEach(() => jest.restoreAllMocks());

const hrefOf = (link: HTMLElement) => link.getAttribute('href')?.replace(/\/$/, '');
const fields = (body: FormData) => Object.fromEntries(body.entries());
const sent = (mock: jest.Mock, endpoint: string) =>
  mock.mock.calls.filter(([input]) => String(input) === `/api/${endpoint}`).map(([, init]) => fields(init.body as FormData));

/**
 * A play-session server at the network edge: it grades by RIGHT, opens the next question, grants
 * 50/50 and settles with `result`. `extra` adds or overrides endpoints.
 */
function playServer(extra: Record<string, FakeEndpoint> = {}, result = playResult()) {
  let index = 0;
  const open: FakeEndpoint = () => ok(playSession());
  return fakeServer({
    get_questions_by_level: open,
    get_daily_quiz: open,
    get_questions_by_type: () => ok(playSession({ mode: 'true_false', lifelines: [] })),
    get_bookmark_play: () => ok(playSession({ mode: 'bookmark', lifelines: [] })),
    get_bookmark_state: () => ok({ type: '1', bookmarked: [] }),
    submit_answer: (body) => {
      const id = Number(body.get('question_id'));
      index += 1;
      const finished = index >= QUESTIONS.length;
      return ok({ correct: body.get('answer') === RIGHT[id], correct_answer: RIGHT[id], timed_out: false, current_index: index, time_left_ms: 30_000, finished });
    },
    use_lifeline: () => ok({ removed: ['a', 'b'], coins: 90 }),
    finish_play: () => ok(result),
    get_play_review: () => ok(playReview({ 101: 'c', 102: 'b' })),
    ...extra,
  });
}

const answersRegion = () => screen.getByRole('region', { name: 'Answers' });

/** Answers the question on screen with the option named `text`, then goes on. */
async function answer(text: RegExp, next: string) {
  fireEvent.click(within(answersRegion()).getByRole('button', { name: text }));
  fireEvent.click(await screen.findByRole('button', { name: next }));
}

describe('playing a quiz-zone level', () => {
  test('asks for the level by slugs in the chosen content language, with lifelines', async () => {
    const server = playServer();
    renderWithApp(<LevelPlayView categorySlug="science" subcategorySlug="physics" level={1} />);
    expect(await screen.findByRole('heading', { level: 1, name: QUESTIONS[0]!.question })).toBeInTheDocument();
    expect(sent(server, 'get_questions_by_level')).toEqual([{ category: 'science', subcategory: 'physics', level: '1', language_id: '0' }]);
    expect(screen.getByRole('region', { name: 'Lifelines' })).toBeInTheDocument();
  });

  test('plays to the result, which says the next level is unlocked and offers it', async () => {
    playServer();
    renderWithApp(<LevelPlayView categorySlug="science" subcategorySlug="physics" level={1} />);
    await screen.findByRole('heading', { level: 1, name: QUESTIONS[0]!.question });
    await answer(/Mars/, 'Next question');
    await answer(/True/, 'See the result');

    expect(await screen.findByRole('heading', { name: 'Quiz finished' })).toBeInTheDocument();
    expect(screen.getByText('Level 2 unlocked!')).toBeInTheDocument();
    // One primary (the next level), then play again and the review side by side; the close button goes back to the levels.
    const actions = screen.getByRole('link', { name: 'Play level 2' }).closest('[data-result-actions]') as HTMLElement;
    expect(hrefOf(within(actions).getByRole('link', { name: 'Play level 2' }))).toBe('/quiz-zone/science/physics/level/2');
    expect(within(actions).getAllByRole('button').map((b) => b.textContent)).toEqual(['Play again', expect.stringMatching(/^Review answers/)]);
    expect(within(actions).getAllByRole('link')).toHaveLength(1);
  });

  test('a badge the play earned leads to the badges page', async () => {
    playServer({}, playResult({ badges_unlocked: ['dashing_debut'] }));
    renderWithApp(<LevelPlayView categorySlug="science" subcategorySlug="physics" level={1} />);
    await screen.findByRole('heading', { level: 1, name: QUESTIONS[0]!.question });
    await answer(/Mars/, 'Next question');
    await answer(/True/, 'See the result');
    expect(hrefOf(await screen.findByRole('link', { name: 'New badge: Dashing Debut' }))).toBe('/profile/badges');
  });

  test('offers no next level when the play unlocked none', async () => {
    playServer({}, playResult({ passed: false, level_unlocked: null }));
    renderWithApp(<LevelPlayView categorySlug="science" subcategorySlug="physics" level={1} />);
    await screen.findByRole('heading', { level: 1, name: QUESTIONS[0]!.question });
    await answer(/Venus/, 'Next question');
    await answer(/False/, 'See the result');
    expect(await screen.findByText('Not passed this time. Try again!')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Play level/ })).not.toBeInTheDocument();
  });

  test('50/50 takes two options away', async () => {
    const server = playServer();
    renderWithApp(<LevelPlayView categorySlug="science" subcategorySlug="physics" level={1} />);
    await screen.findByRole('heading', { level: 1, name: QUESTIONS[0]!.question });
    fireEvent.click(within(screen.getByRole('region', { name: 'Lifelines' })).getByRole('button', { name: /50\/50/ }));

    expect(await screen.findByRole('button', { name: /Venus/ })).toHaveTextContent('Removed by 50/50');
    expect(screen.getByRole('button', { name: /Jupiter/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Mars/ })).toBeEnabled();
    expect(sent(server, 'use_lifeline')).toEqual([{ session_id: 's_1', question_id: '101', lifeline: 'fifty_fifty' }]);
  });

  test('a locked level says "this level is locked, play previous levels to unlock" and leads back to the levels', async () => {
    playServer({ get_questions_by_level: () => fail(403, 'level_locked') });
    renderWithApp(<LevelPlayView categorySlug="science" subcategorySlug="physics" level={3} />);
    expect(await screen.findByText('this level is locked, play previous levels to unlock')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Back to the levels' }).length).toBeGreaterThan(0);
  });

  test('a level without questions says "no questions found"', async () => {
    playServer({ get_questions_by_level: () => fail(404, '102') });
    renderWithApp(<LevelPlayView categorySlug="riddles" level={1} />);
    expect(await screen.findByText('no questions found')).toBeInTheDocument();
  });

  test('the result\'s review shows every question with the right answer', async () => {
    const server = playServer();
    renderWithApp(<LevelPlayView categorySlug="science" subcategorySlug="physics" level={1} />);
    await screen.findByRole('heading', { level: 1, name: QUESTIONS[0]!.question });
    await answer(/Mars/, 'Next question');
    await answer(/False/, 'See the result');
    fireEvent.click(await screen.findByRole('button', { name: 'Review answers (cost: 10 coins)' }));

    const review = await screen.findByRole('region', { name: 'Review answers' });
    expect(within(review).getAllByRole('article')).toHaveLength(2);
    const second = within(review).getAllByRole('article')[1]!;
    expect(within(second).getByText('Wrong')).toBeInTheDocument();
    expect(within(second).getByText('B. False')).toBeInTheDocument();
    expect(within(second).getByText('A. True')).toBeInTheDocument();
    expect(within(review).getByText('Iron oxide dust makes Mars look red.')).toBeInTheDocument();
    expect(sent(server, 'get_play_review')).toEqual([{ session_id: 's_1' }]);
  });
});

describe('the question card\'s bookmark and report', () => {
  async function playing(extra: Record<string, FakeEndpoint> = {}) {
    const server = playServer(extra);
    renderWithApp(<LevelPlayView categorySlug="science" subcategorySlug="physics" level={1} />);
    await screen.findByRole('heading', { level: 1, name: QUESTIONS[0]!.question });
    return server;
  }

  test('bookmarks the question on screen', async () => {
    const server = await playing({ set_bookmark: (body) => ok({ question_id: Number(body.get('question_id')), type: '1', bookmarked: true }) });
    const toggle = await screen.findByRole('button', { name: 'Bookmark', pressed: false });
    // The player's bookmarks are read once the question has been drawn; until then the toggle waits.
    expect(toggle).toBeDisabled();
    await waitFor(() => expect(toggle).toBeEnabled());
    fireEvent.click(toggle);
    expect(await screen.findByRole('button', { name: 'Bookmark', pressed: true })).toBeInTheDocument();
    expect(await screen.findByText('Question bookmarked.')).toBeInTheDocument();
    expect(sent(server, 'set_bookmark')).toEqual([{ question_id: '101', status: '1', type: '1' }]);
  });

  test('each question\'s state is read once it is on screen, for that question alone', async () => {
    const server = await playing({
      get_bookmark_state: (body) => ok({ type: '1', bookmarked: String(body.get('question_ids')).split(',').map(Number).filter((id) => id === QUESTIONS[1]!.id) }),
    });
    await waitFor(() => expect(sent(server, 'get_bookmark_state')).toEqual([{ type: '1', question_ids: String(QUESTIONS[0]!.id) }]));
    expect(await screen.findByRole('button', { name: 'Bookmark', pressed: false })).toBeEnabled();
    await answer(/Mars/, 'Next question');
    await screen.findByRole('heading', { level: 1, name: QUESTIONS[1]!.question });
    // The second question is bookmarked already: its toggle says so once its state is read.
    expect(await screen.findByRole('button', { name: 'Bookmark', pressed: true })).toBeEnabled();
    expect(sent(server, 'get_bookmark_state')).toEqual([
      { type: '1', question_ids: String(QUESTIONS[0]!.id) },
      { type: '1', question_ids: String(QUESTIONS[1]!.id) },
    ]);
  });

  test('a state that could not be read leaves the toggle usable, off', async () => {
    await playing({ get_bookmark_state: () => fail(500, '122') });
    const toggle = await screen.findByRole('button', { name: 'Bookmark', pressed: false });
    await waitFor(() => expect(toggle).toBeEnabled());
  });

  test('a refused removal says "cannot remove question from bookmark" and shows the question as not bookmarked', async () => {
    const server = await playing({
      get_bookmark_state: (body) => ok({ type: '1', bookmarked: String(body.get('question_ids')).split(',').map(Number).filter((id) => id === QUESTIONS[0]!.id) }),
      set_bookmark: () => fail(404, 'bookmark_not_found'),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Bookmark', pressed: true }));
    expect(await screen.findByText('cannot remove question from bookmark')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Bookmark', pressed: false })).toBeInTheDocument();
    expect(sent(server, 'set_bookmark')).toEqual([{ question_id: '101', status: '0', type: '1' }]);
  });

  test('an empty reason is refused with "please provide a reason for reporting" and nothing is sent', async () => {
    const server = await playing();
    fireEvent.click(screen.getByRole('button', { name: 'Report' }));
    const dialog = screen.getByRole('dialog', { name: 'Report this question' });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));

    expect(within(dialog).getByText('please provide a reason for reporting')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Reason')).toHaveAttribute('aria-invalid', 'true');
    expect(calledEndpoints(server)).not.toContain('report_question');
  });

  test('a reason is sent with the question, and the dialog closes with thanks', async () => {
    const server = await playing({ report_question: () => ok({ report_id: 3 }) });
    fireEvent.click(screen.getByRole('button', { name: 'Report' }));
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Two answers are right' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));

    expect(await screen.findByText('Thank you, your report has been sent.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sent(server, 'report_question')).toEqual([{ question_id: '101', message: 'Two answers are right' }]);
  });

  test('keys typed in the report dialog never answer the question', async () => {
    const server = await playing();
    fireEvent.click(screen.getByRole('button', { name: 'Report' }));
    fireEvent.keyDown(screen.getByRole('button', { name: 'Send report' }), { key: 'c' });
    expect(calledEndpoints(server)).not.toContain('submit_answer');
  });
});

describe('the daily quiz', () => {
  test('starts when the player is ready, with the player\'s timezone', async () => {
    const server = playServer();
    renderWithApp(<DailyQuizView />);
    expect(screen.getByRole('heading', { level: 1, name: 'Daily Quiz' })).toBeInTheDocument();
    expect(calledEndpoints(server)).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));

    expect(await screen.findByRole('heading', { level: 1, name: QUESTIONS[0]!.question })).toBeInTheDocument();
    expect(sent(server, 'get_daily_quiz')).toEqual([{ timezone: Intl.DateTimeFormat().resolvedOptions().timeZone, language_id: '0' }]);
    expect(screen.queryByRole('region', { name: 'Lifelines' })).not.toBeInTheDocument();
  });

  test('once played that day, says "you have already played" instead of an error', async () => {
    playServer({ get_daily_quiz: () => fail(409, '112') });
    renderWithApp(<DailyQuizView />);
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    expect(await screen.findByText('you have already played')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(hrefOf(screen.getByRole('link', { name: 'Back to home' }))).toBe('');
  });
});

describe('true and false', () => {
  test('opens a play of true/false statements (type 2)', async () => {
    const server = playServer();
    renderWithApp(<TrueFalseView />);
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    await screen.findByRole('heading', { level: 1, name: QUESTIONS[0]!.question });
    expect(sent(server, 'get_questions_by_type')).toEqual([{ type: '2', language_id: '0' }]);
  });
});

describe('the self challenge', () => {
  const CATEGORIES = [
    { id: 1, slug: 'science', category_name: 'Science', language_id: 1, image: null, is_premium: false, coins: 0, has_unlocked: true, no_of_subcategories: 1, no_of_questions: 30, maxlevel: 3 },
  ];
  const SUBS = [{ id: 11, slug: 'physics', subcategory_name: 'Physics', category_id: 1, category_slug: 'science', image: null, is_premium: false, coins: 0, has_unlocked: true, no_of_questions: 30, maxlevel: 3 }];

  function challengeServer() {
    return playServer({
      get_categories: () => ok(CATEGORIES),
      get_subcategory_by_maincategory: () => ok(SUBS),
      get_questions_for_self_challenge: () => ok(playSession({ mode: 'self_challenge', time_per_question: null, total_time: 120, time_left_ms: 120_000, lifelines: [] })),
    });
  }

  /** A choice of a group, as a player taps it: the chip (a radio) by its label within the group. */
  const pick = async (group: string, choice: string) => fireEvent.click(within(await screen.findByRole('group', { name: group })).getByRole('radio', { name: choice }));

  test('offers every choice as a chip, with no native drop-down, and a large Start', async () => {
    challengeServer();
    const { container } = renderWithApp(<SelfChallengeView />);
    const categories = await screen.findByRole('group', { name: 'Category' });
    expect(within(categories).getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['science']);
    expect(within(screen.getByRole('group', { name: 'Number of questions' })).getAllByRole('radio')).toHaveLength(10);
    expect(container.querySelector('select')).toBeNull();
    await pick('Category', 'Science');
    expect(within(categories).getByRole('radio', { name: 'Science' })).toBeChecked();
    expect(await screen.findByRole('group', { name: 'Subcategory' })).toBeInTheDocument();
  });

  test('refuses to start without a number of questions: "please select number of questions"', async () => {
    const server = challengeServer();
    renderWithApp(<SelfChallengeView />);
    await pick('Category', 'Science');
    await screen.findByRole('group', { name: 'Subcategory' });
    await pick('Time (minutes)', '5 min');
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));

    expect(screen.getByText('please select number of questions')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Number of questions' })).getAllByRole('radio')[0]).toHaveFocus();
    expect(calledEndpoints(server)).not.toContain('get_questions_for_self_challenge');
  });

  test('refuses to start without minutes: "please select number of timer"', async () => {
    const server = challengeServer();
    renderWithApp(<SelfChallengeView />);
    await pick('Category', 'Science');
    await screen.findByRole('group', { name: 'Subcategory' });
    await pick('Number of questions', '10');
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));

    expect(screen.getByText('please select number of timer')).toBeInTheDocument();
    expect(calledEndpoints(server)).not.toContain('get_questions_for_self_challenge');
  });

  test('starts one play on one clock with the chosen place, questions and minutes', async () => {
    const server = challengeServer();
    renderWithApp(<SelfChallengeView />);
    await pick('Category', 'Science');
    await pick('Subcategory', 'Physics');
    await pick('Number of questions', '10');
    await pick('Time (minutes)', '5 min');
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));

    expect(await screen.findByRole('heading', { level: 1, name: QUESTIONS[0]!.question })).toBeInTheDocument();
    expect(screen.getByRole('timer', { name: 'Time left: 02:00' })).toBeInTheDocument();
    expect(sent(server, 'get_questions_for_self_challenge')).toEqual([{ category_slug: 'science', subcategory_slug: 'physics', limit: '10', minutes: '5', language_id: '0' }]);
  });

  test('offers choices up to the settings\' maxima', () => {
    expect(choicesUpTo(50, [5, 10, 50])).toEqual([5, 10, 50]);
    expect(choicesUpTo(12, [5, 10, 15])).toEqual([5, 10, 12]);
    expect(choicesUpTo(3, [5, 10])).toEqual([3]);
  });
});

describe('the bookmarks page', () => {
  const BOOKMARKS = QUESTIONS.map((q) => ({ ...q, category_id: 1, bookmarked_at: '2025-01-01T00:00:00.000Z' }));

  test('lists the bookmarked questions and links to playing them', async () => {
    fakeServer({ get_bookmark: () => ok(BOOKMARKS) });
    renderWithApp(<BookmarksView />);
    expect(await screen.findByText(QUESTIONS[0]!.question)).toBeInTheDocument();
    expect(screen.getByText(QUESTIONS[1]!.question)).toBeInTheDocument();
    expect(hrefOf(screen.getByRole('link', { name: 'Play the bookmarked questions (2)' }))).toBe('/play-bookmark-questions');
  });

  test('removes a bookmark from the list', async () => {
    const server = fakeServer({ get_bookmark: () => ok(BOOKMARKS), set_bookmark: () => ok({ question_id: 101, type: '1', bookmarked: false }) });
    renderWithApp(<BookmarksView />);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove bookmark 1' }));
    expect(await screen.findByText('Bookmark removed.')).toBeInTheDocument();
    expect(screen.queryByText(QUESTIONS[0]!.question)).not.toBeInTheDocument();
    expect(sent(server, 'set_bookmark')).toEqual([{ question_id: '101', status: '0', type: '1' }]);
  });

  test('a refused removal says "cannot remove question from bookmark"', async () => {
    fakeServer({ get_bookmark: () => ok(BOOKMARKS), set_bookmark: () => fail(404, 'bookmark_not_found') });
    renderWithApp(<BookmarksView />);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove bookmark 2' }));
    expect(await screen.findByText('cannot remove question from bookmark')).toBeInTheDocument();
  });

  test('says there are no bookmarks yet, with how to make one, without bookmarks', async () => {
    fakeServer({ get_bookmark: () => fail(404, '102') });
    renderWithApp(<BookmarksView />);
    expect(await screen.findByText('No bookmarks yet')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Play the bookmarked/ })).not.toBeInTheDocument();
  });

  test('shows an error with a retry', async () => {
    let calls = 0;
    fakeServer({ get_bookmark: () => (++calls === 1 ? fail(500, '122') : ok(BOOKMARKS)) });
    renderWithApp(<BookmarksView />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your bookmarks could not be loaded.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(QUESTIONS[0]!.question)).toBeInTheDocument();
  });

  test('playing bookmarks opens a bookmark play, and without bookmarks says "no questions found"', async () => {
    const server = playServer({ get_bookmark_play: () => fail(404, '102') });
    renderWithApp(<BookmarkPlayView />);
    expect(await screen.findByText('no questions found')).toBeInTheDocument();
    expect(sent(server, 'get_bookmark_play')).toEqual([{ type: '1' }]);
  });

  test('playing bookmarks shows the bookmarked questions', async () => {
    playServer();
    renderWithApp(<BookmarkPlayView />);
    expect(await screen.findByRole('heading', { level: 1, name: QUESTIONS[0]!.question })).toBeInTheDocument();
    // Practice: no score is kept, so none is shown.
    expect(document.querySelector('[data-play-score]')).toBeNull();
  });
});
