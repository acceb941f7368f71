/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { act, fireEvent, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { showBattleNotice } from '@/components/battle/battle-notices';
import { GroupBattleView } from '@/components/battle/group-battle-view';
import { RandomBattleView } from '@/components/battle/random-battle-view';
import { renderWithApp, resetApp } from '@/components/testing/test-app';
import type { GroupModelConfig } from '@/machines/group-battle/group-battle.model';
import { pathRows, pathTitle } from '@/machines/testing/paths';
import arabic from '@/locales/ar.json';
import { i18n } from '@/services/client/i18n';
import { revealedQuestion } from '@/machines/battle-play/battle-room';
import { currentQuestion } from '@/services/domain/rooms';
import { startGroupBattle, startRandomBattle, type GroupHarness, type RandomHarness } from '@/tests/paths/battle-harness';
import { BASE_FEE, ME, OTHERS, rightKey, wrongKey } from '@/tests/paths/battle-room-server';
import { expectedOutcome, groupViewPaths, runGroupPath, type GroupPlayer, type GroupViewChecks } from '@/tests/paths/group-battle-paths';
import { randomViewPaths, runRandomPath, type RandomPlayer, type RandomViewChecks } from '@/tests/paths/random-battle-paths';

// A new question takes the focus once the browser has drawn it (components/ui/after-paint.ts, tested
// there); these checks run right after each step, so here it moves at once.
jest.mock('@/components/ui/after-paint', () => ({
  afterNextPaint: (fn: () => void) => {
    fn();
    return () => {};
  },
}));

/**
 * Model paths of both battle machines played through the real views: the player's events are
 * clicks and typing, and every state of every path is also checked on the screen, in the spec's
 * words. One path per state of each model, per event, and (group) per refusal shown.
 */

const CATEGORIES = [
  { slug: 'science', name: 'Science' },
  { slug: 'history', name: 'History' },
];

const click = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));
const status = (text: string | RegExp) => expect(screen.getAllByRole('status').some((s) => (typeof text === 'string' ? s.textContent?.includes(text) : text.test(s.textContent ?? '')))).toBe(true);

/** Clicks a button that asks first, then the dialog's confirm button of the same name. */
function confirmed(name: string) {
  click(name);
  fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name }));
}

/** Answers by clicking the option with this letter, found by its text on the screen. */
function clickOption(h: { play(): { context: { doc: Parameters<typeof currentQuestion>[0] } } | undefined }, key: string) {
  const doc = h.play()?.context.doc;
  const option = doc ? currentQuestion(doc)?.options.find((o) => o.key === key) : undefined;
  const answers = screen.queryByRole('region', { name: 'Answers' });
  if (!option || !answers) return;
  fireEvent.click(within(answers).getByRole('button', { name: new RegExp(option.text) }));
}

function sendMessage(label: string) {
  click('Send a quick message');
  click(label);
}

const MESSAGE_LABEL = 'Good luck!';

/**
 * Server and clock steps run inside one `act`; the player's clicks each wrap themselves (so a
 * dialog a click opened is on the screen for the next click), then the promises they started settle.
 */
const WRAPS = {
  wrap: (step: () => Promise<void> | void) => act(async () => void (await step())),
  wrapPlayer: async (step: () => Promise<void> | void) => {
    await step();
    await act(async () => {});
  },
};

/** Checks of the battle screen shared by both flows. */
function checkPlaying(expected: { matches(v: unknown): boolean }, h: RandomHarness | GroupHarness) {
  const play = h.play()!.context;
  const answers = screen.queryByRole('region', { name: 'Answers' });
  const enabled = answers ? within(answers).getAllByRole('button').filter((b) => !(b as HTMLButtonElement).disabled) : [];
  if (expected.matches({ room: { playing: 'reveal' } })) {
    const shown = revealedQuestion(play.doc);
    if (!shown) return expect(screen.getByText('Get ready…')).toBeInTheDocument();
    expect(screen.getByText(`Question ${shown.index + 1} of ${play.doc.no_of_que}`)).toBeInTheDocument();
    expect(within(answers!).getByText('Right answer')).toBeInTheDocument();
    // The question's own live region (the players' one announces opponents' answers).
    expect(document.querySelector('[aria-live="polite"].sr-only:not([data-testid="opponent-answers"])')?.textContent).toMatch(/^The right answer is /);
    return expect(enabled).toHaveLength(0);
  }
  const open = currentQuestion(play.doc)!;
  expect(screen.getByText(`Question ${open.index + 1} of ${play.doc.no_of_que}`)).toBeInTheDocument();
  expect(screen.getByRole('progressbar', { name: 'Progress through the quiz' })).toHaveAttribute('aria-valuenow', String(open.index + 1));
  // Each opponent who has answered the open question is announced (live region), by name.
  const announced = screen.getByTestId('opponent-answers').textContent ?? '';
  for (const p of play.doc.players.filter((p) => p.user_id !== play.userId)) {
    const done = open.answers.some((a) => a.user_id === p.user_id && a.answered);
    expect([p.name, announced.includes(`${p.name} has answered.`)]).toEqual([p.name, done]);
  }
  if (expected.matches({ room: { playing: { round: 'question' } } })) {
    // A new question takes the focus (a screen reader reads it; keys start from it).
    expect(document.activeElement).toHaveAttribute('id', 'battle-question-text');
    expect(enabled).toHaveLength(open.options.length);
    expect(screen.getByRole('timer')).toHaveAccessibleName(/^Time left: \d\d:\d\d$/);
    if (play.submitError) expect(screen.getByRole('alert')).toHaveTextContent('Your answer could not be sent. Try again.');
    return;
  }
  expect(enabled).toHaveLength(0);
  if (expected.matches({ room: { playing: { round: 'submitting' } } })) expect(screen.getByText('Checking your answer…')).toBeInTheDocument();
  if (expected.matches({ room: { playing: { round: 'answered' } } })) expect(screen.getByText('Waiting for the others…')).toBeInTheDocument();
  if (expected.matches({ room: { playing: 'timeUp' } })) expect(screen.getAllByText("Time's up.").length).toBeGreaterThan(0);
}

// ---- Random battle ----

function randomScreenPlayer(h: RandomHarness): RandomPlayer {
  return {
    fee: (m) => fireEvent.click(screen.getByRole('radio', { name: new RegExp(`^${m}×`) })),
    search: () => click('Find an opponent'),
    retry: () => click('Search again'),
    bot: () => click('Play against the bot'),
    answer: (key) => clickOption(h, key),
    leave: () => confirmed(screen.queryByRole('button', { name: 'Leave' }) ? 'Leave' : 'Cancel'),
    continue: () => click('See the result'),
    playAgain: () => click('Play again'),
    back: () => click('Back'),
    message: () => sendMessage(MESSAGE_LABEL),
  };
}

const RESULT_TEXT = { 1: 'You won!', 0: "It's a draw", [-1]: 'You lost' } as const;

const randomChecks: RandomViewChecks = {
  check(expected, h) {
    const m = expected.context;
    if (expected.matches('idle')) {
      expect(screen.getByRole('heading', { name: '1v1 Battle' })).toBeInTheDocument();
      expect(screen.getByRole('radio', { name: /^1×/ })).toHaveAccessibleName(`1× ${BASE_FEE} coins`);
      if (m.error) expect(screen.getByRole('alert')).toHaveTextContent(m.error.code === 'not_enough_coins' ? "you don't have enough coins" : 'The server could not be reached. Try again.');
      else expect(screen.queryByRole('alert')).toBeNull();
    } else if (expected.matches('finding') || expected.matches({ room: 'retrying' })) status('Looking for an opponent…');
    else if (expected.matches({ room: 'connecting' })) status('Joining the room…');
    else if (expected.matches({ room: 'searching' })) {
      expect(screen.getByRole('heading', { name: 'Looking for an opponent' })).toBeInTheDocument();
      expect(screen.getByText(/^\d+ s left$/)).toBeInTheDocument();
    } else if (expected.matches({ room: 'noOpponent' })) {
      expect(screen.getAllByRole('alert')[0]).toHaveTextContent('no opponent detected, retry or play against the bot');
      if (m.error) expect(screen.getAllByRole('alert')[1]).toHaveTextContent(m.error.code === 'room_not_waiting' ? 'this room has already started or ended' : m.error.code ? "you don't have enough coins" : 'The server could not be reached.');
    } else if (expected.matches({ room: 'startingBot' })) status('Starting the game against the bot…');
    else if (expected.matches({ room: 'matched' })) {
      expect(screen.getByRole('heading', { name: 'Opponent found!' })).toBeInTheDocument();
      expect(screen.getByText(h.context().doc!.players[1]!.name)).toBeInTheDocument();
    } else if (expected.matches({ room: 'playing' })) {
      checkPlaying(expected, h);
      // Both players, their points as the room says.
      const players = screen.getByRole('region', { name: 'Players' });
      for (const p of h.context().doc!.players) expect(within(players).getByText(p.name)).toBeInTheDocument();
    } else if (expected.matches({ room: 'opponentLeft' })) {
      expect(screen.getByRole('alert')).toHaveTextContent('opponent has left the game');
    } else if (expected.matches({ room: 'result' })) {
      expect(screen.getByRole('heading', { name: RESULT_TEXT[Math.sign(m.lead) as 1 | 0 | -1] })).toBeInTheDocument();
      if (!m.bot) expect(screen.getByText(`Wins in a row: ${h.context().winStreak}`)).toBeInTheDocument();
      else expect(screen.getByText('Games against the bot move no coins and add no score.')).toBeInTheDocument();
    } else if (expected.matches({ room: 'deleted' })) expect(screen.getByRole('alert')).toHaveTextContent('room is deleted');
    else if (expected.matches({ room: 'unavailable' })) expect(screen.getByRole('alert')).toHaveTextContent('this room has been closed');
    else if (expected.matches({ room: 'connectionLost' })) status('Connection lost. Reconnecting…');
    else if (expected.matches({ room: 'leaving' })) status('Leaving…');
    else throw new Error(`no screen check for ${JSON.stringify(expected.value)}`);
  },
};

beforeEach(async () => {
  await resetApp();
});

describe('random-battle model paths through the views', () => {
  test.each(randomViewPaths().map((p) => [pathTitle('random-battle', p.steps[0]!.state.context.reload ? 'reload' : 'fresh', p), p] as const))('%s', async (_name, path) => {
    const h = startRandomBattle({ ...(path.steps[0]!.state.context.reload ? { roomId: 'room_1' } : {}), onNotice: (n) => showBattleNotice(n, i18n.t) });
    const { unmount } = renderWithApp(<RandomBattleView actorRef={h.actor} categories={CATEGORIES} baseFee={BASE_FEE} />);
    await runRandomPath(path, h, { player: randomScreenPlayer(h), view: randomChecks, ...WRAPS });
    unmount();
    h.actor.stop();
  });
});

// ---- Group battle and battle with a friend ----

function groupScreenPlayer(h: GroupHarness): GroupPlayer {
  return {
    create: () => click('Create a room'),
    join: () => click('Join a room'),
    back: () => click('Back'),
    // The set-up's choices are chips (radios): the one of the value is tapped.
    questions: (count) => {
      const group = screen.queryByRole('group', { name: 'Number of questions' });
      if (!group) return false;
      fireEvent.click(group.querySelector(`input[value="${count}"]`)!);
      return true;
    },
    fee: (fee) => fireEvent.click(screen.getByRole('group', { name: 'Entry fee' }).querySelector(`input[value="${fee}"]`)!),
    code: (code) => fireEvent.change(screen.getByLabelText('Room code'), { target: { value: code } }),
    submit: () => click(screen.queryByRole('button', { name: 'Create room' }) ? 'Create room' : 'Join'),
    ready: () => click(/^(I'm ready|Not ready yet)$/),
    start: () => click('Start the battle'),
    delete: () => confirmed('Delete room'),
    leave: () => confirmed('Leave'),
    answer: (key) => clickOption(h, key),
    continue: () => click('See the result'),
    playAgain: () => click('Play again'),
    message: () => sendMessage('Hello!'),
  };
}

const REFUSAL_TEXT: Record<string, string> = {
  room_code_required: 'please enter a room code',
  room_code_invalid: 'invalid room code',
  room_full: 'room is full',
  room_deleted: 'room is deleted by owner',
  not_enough_coins: "you don't have enough coins",
  player_not_joined: 'player is not joined yet',
  players_not_ready: 'not every player is ready yet',
  null: 'The server could not be reached. Try again.',
};

const OUTCOME_TEXT: Record<string, string> = { win: 'You won!', lose: 'You lost', draw: "It's a draw", victory: 'Victory!', defeat: 'Defeat', tie: "It's a tie" };

const groupChecks: GroupViewChecks = {
  check(expected, h) {
    const m = expected.context;
    const refusal = m.error ? REFUSAL_TEXT[String(m.error.code)]! : null;
    if (expected.matches('menu')) {
      expect(screen.getByRole('heading', { name: m.roomType === 'group' ? 'Group Battle' : 'Play with a Friend' })).toBeInTheDocument();
    } else if (expected.matches('create')) {
      expect(screen.getByRole('heading', { name: 'Create a room' })).toBeInTheDocument();
      if (refusal) expect(screen.getByRole('alert')).toHaveTextContent(refusal);
    } else if (expected.matches('join')) {
      const field = screen.getByLabelText('Room code');
      if (refusal) expect(field).toHaveAccessibleDescription(expect.stringContaining(refusal));
      else expect(field).not.toHaveAttribute('aria-invalid');
    } else if (expected.matches('creating')) status('Creating the room…');
    else if (expected.matches('joining')) status('Joining the room…');
    else if (expected.matches({ room: 'deleting' })) status('Deleting the room…');
    else if (expected.matches({ room: 'leaving' })) status('Leaving…');
    else if (expected.matches({ room: 'lobby' })) {
      const doc = h.context().doc!;
      expect(screen.getByText(doc.code!)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Copy code' })).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: `Players (${m.others + 1} of ${doc.max_players})` })).toBeInTheDocument();
      if (m.creator) expect(screen.getByRole('button', { name: /^(Start the battle|Starting…)$/ })).toBeInTheDocument();
      else expect(screen.getByRole('button', { name: m.ready ? 'Not ready yet' : "I'm ready" })).toBeInTheDocument();
      if (refusal) expect(screen.getByRole('alert')).toHaveTextContent(refusal);
      else expect(screen.queryByRole('alert')).toBeNull();
    } else if (expected.matches({ room: 'playing' })) checkPlaying(expected, h);
    else if (expected.matches({ room: 'opponentLeft' })) {
      expect(screen.getByRole('alert')).toHaveTextContent(m.roomType === 'group' ? 'the other players have left the game' : 'opponent has left the game');
    } else if (expected.matches({ room: 'result' })) {
      expect(screen.getByRole('heading', { name: OUTCOME_TEXT[expectedOutcome(m)] })).toBeInTheDocument();
      expect(screen.getByRole('table', { name: 'Scores' })).toBeInTheDocument();
    } else if (expected.matches({ room: 'deleted' })) expect(screen.getByRole('alert')).toHaveTextContent('room is deleted by owner');
    else if (expected.matches({ room: 'unavailable' })) expect(screen.getByRole('alert')).toHaveTextContent('this room has been closed');
    else if (expected.matches({ room: 'connectionLost' })) status('Connection lost. Reconnecting…');
    else throw new Error(`no screen check for ${JSON.stringify(expected.value)}`);
  },
};

describe.each(['group', 'friend'] as GroupModelConfig[])('group-battle model paths through the views (%s)', (config) => {
  test.each(pathRows('group-battle', config, groupViewPaths(config)))('%s', async (_name, path) => {
    const h = startGroupBattle({ roomType: config, onNotice: (n) => showBattleNotice(n, i18n.t) });
    const { unmount } = renderWithApp(<GroupBattleView actorRef={h.actor} categories={CATEGORIES} />);
    await runGroupPath(path, h, { player: groupScreenPlayer(h), view: groupChecks, ...WRAPS });
    unmount();
    h.actor.stop();
  });
});

describe('the battle views', () => {
  test('show in Arabic, right to left, with logical alignment and touch-sized controls', async () => {
    // The app loads Arabic from the server; here the shipped bundle stands in for it.
    i18n.addResourceBundle('ar', arabic);
    await i18n.changeLanguage('ar');
    document.documentElement.lang = 'ar';
    document.documentElement.dir = 'rtl';
    const h = startRandomBattle();
    renderWithApp(<RandomBattleView actorRef={h.actor} categories={CATEGORIES} baseFee={BASE_FEE} />);
    expect(screen.getByRole('button', { name: 'ابحث عن منافس' })).toHaveClass('min-h-touch');
    // The categories (and "any") as chips, then the four stakes: every one a radio.
    expect(screen.getAllByRole('radio')).toHaveLength(CATEGORIES.length + 1 + 4);
    await act(async () => {
      h.actor.send({ type: 'user.search' });
      h.server.ops.openSearch();
      await h.server.answer.ok('findMatch');
      h.server.ops.playBot();
      h.advanceTo(Date.parse(h.server.ops.room().questions[0]!.opens_at));
    });
    const options = within(screen.getByRole('region', { name: i18n.t('play.options') })).getAllByRole('button');
    for (const option of options) {
      expect(option).toHaveClass('min-h-touch', 'text-start');
      expect(option.className).not.toMatch(/\btext-(left|right)\b|\b(ml|mr|pl|pr)-/);
    }
    expect(screen.getByRole('timer')).toHaveAccessibleName('الوقت المتبقي: 00:30');
    h.actor.stop();
  });

  test('copy the room code to the clipboard and say so', async () => {
    const writeText = jest.fn(async () => undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    const h = startGroupBattle();
    renderWithApp(<GroupBattleView actorRef={h.actor} categories={[]} />);
    await act(async () => {
      h.actor.send({ type: 'user.create' });
      h.actor.send({ type: 'user.submit' });
      h.server.ops.openRoom({ type: 'group' });
      await h.server.answer.ok('createRoom');
    });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Copy code' })));
    expect(writeText).toHaveBeenCalledWith(h.context().doc!.code);
    expect(screen.getByText('Code copied')).toBeInTheDocument();
    h.actor.stop();
  });

  test('ask before deleting a room, and do nothing when the creator stays', async () => {
    const h = startGroupBattle();
    renderWithApp(<GroupBattleView actorRef={h.actor} categories={[]} />);
    await act(async () => {
      h.actor.send({ type: 'user.create' });
      h.actor.send({ type: 'user.submit' });
      h.server.ops.openRoom({ type: 'group' });
      await h.server.answer.ok('createRoom');
    });
    fireEvent.click(screen.getByRole('button', { name: 'Delete room' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this room?' });
    expect(within(dialog).getByRole('button', { name: 'Stay' })).toHaveFocus();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(h.server.calls.deleteRoom.calls).toHaveLength(0);
    h.actor.stop();
  });

  test('answer with the keys 1–4 while a question is open', async () => {
    const h = startRandomBattle();
    renderWithApp(<RandomBattleView actorRef={h.actor} categories={[]} baseFee={BASE_FEE} />);
    await act(async () => {
      h.actor.send({ type: 'user.search' });
      h.server.ops.openSearch();
      await h.server.answer.ok('findMatch');
      h.server.ops.playBot();
      h.advanceTo(Date.parse(h.server.ops.room().questions[0]!.opens_at));
    });
    await act(async () => void fireEvent.keyDown(window, { key: '2' }));
    expect(h.server.calls.submitAnswer.last().input.answer).toBe(currentQuestion(h.context().doc!)!.options[1]!.key);
    h.actor.stop();
  });
});

/** Serious and critical WCAG A/AA violations of what is on the screen (colour contrast needs a browser: the e2e tests). */
async function seriousViolations(): Promise<string[]> {
  const result = await axe.run(document.body, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    rules: { 'color-contrast': { enabled: false } },
  });
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('the reveal at the room service\'s pace: the closed question and its picks until the next one opens', async () => {
  const h = startRandomBattle();
  h.server.ops.appendQuestionsOnOpen();
  renderWithApp(<RandomBattleView actorRef={h.actor} categories={[]} baseFee={BASE_FEE} />);
  await act(async () => {
    h.actor.send({ type: 'user.search' });
    h.server.ops.openSearch();
    await h.server.answer.ok('findMatch');
    h.server.ops.join(OTHERS[0]!, { publish: false });
    h.server.ops.start();
  });
  await act(async () => {
    h.actor.send({ type: 'user.answer', key: wrongKey(0) });
    h.server.ops.answer(ME.user_id, wrongKey(0));
    await h.server.answer.ok('submitAnswer');
    h.server.ops.answer(OTHERS[0]!.user_id, rightKey(0));
  });
  expect(screen.getByText('Question 1 of 2')).toBeInTheDocument();
  expect(screen.getByText('The next question opens in a moment…')).toBeInTheDocument();
  expect(screen.getByText('Chosen by Grace Hopper')).toBeInTheDocument();
  expect(screen.getByText('Chosen by Ada Lovelace')).toBeInTheDocument();
  expect(within(screen.getByRole('region', { name: 'Players' })).getByText('6 points')).toBeInTheDocument();
  await act(async () => void h.server.ops.openNext());
  expect(screen.getByText('Question 2 of 2')).toBeInTheDocument();
  h.actor.stop();
});

describe('accessibility of the battle screens (axe)', () => {
  test('setup, search, question, reveal and result of a random battle', async () => {
    const h = startRandomBattle();
    renderWithApp(<RandomBattleView actorRef={h.actor} categories={CATEGORIES} baseFee={BASE_FEE} />);
    expect(await seriousViolations()).toEqual([]);
    await act(async () => {
      h.actor.send({ type: 'user.search' });
      h.server.ops.openSearch();
      await h.server.answer.ok('findMatch');
    });
    expect(await seriousViolations()).toEqual([]);
    await act(async () => {
      h.server.ops.join(OTHERS[0]!, { publish: false });
      h.server.ops.start();
      h.advanceTo(Date.parse(h.server.ops.room().questions[0]!.opens_at));
    });
    expect(await seriousViolations()).toEqual([]);
    await act(async () => {
      h.actor.send({ type: 'user.answer', key: rightKey(0) });
      h.server.ops.answer(ME.user_id, rightKey(0));
      await h.server.answer.ok('submitAnswer');
      h.server.ops.answer(OTHERS[0]!.user_id, wrongKey(0));
    });
    expect(screen.getByText('Chosen by Grace Hopper')).toBeInTheDocument();
    expect(await seriousViolations()).toEqual([]);
    await act(async () => {
      h.advanceTo(Date.parse(h.server.ops.room().questions[1]!.deadline_at));
      h.server.ops.close();
    });
    expect(screen.getByRole('heading', { name: 'You won!' })).toBeInTheDocument();
    expect(screen.getByText('Coins won: 10')).toBeInTheDocument();
    expect(await seriousViolations()).toEqual([]);
    h.actor.stop();
  });

  test('menu, join form with its refusal, and lobby of a group battle', async () => {
    const h = startGroupBattle();
    renderWithApp(<GroupBattleView actorRef={h.actor} categories={CATEGORIES} />);
    expect(await seriousViolations()).toEqual([]);
    await act(async () => {
      h.actor.send({ type: 'user.join' });
      h.actor.send({ type: 'user.submit' });
    });
    expect(screen.getByLabelText('Room code')).toHaveAccessibleDescription(expect.stringContaining('please enter a room code'));
    expect(await seriousViolations()).toEqual([]);
    await act(async () => {
      h.actor.send({ type: 'user.code', code: 'qz1k7p' });
      h.actor.send({ type: 'user.submit' });
      h.server.ops.openRoom({ type: 'group' }, OTHERS[0]!);
      h.server.ops.join(ME, { publish: false });
      await h.server.answer.ok('joinRoom');
    });
    expect(screen.getByRole('heading', { name: 'Players (2 of 4)' })).toBeInTheDocument();
    expect(screen.getAllByText('Waiting for a player…')).toHaveLength(2);
    expect(await seriousViolations()).toEqual([]);
    h.actor.stop();
  });
});
