import type { Page } from 'playwright-core';
import type { EventObject } from 'xstate';
import { RANDOM_MODEL_EVENTS, randomBattleModel, type RandomModelContext, type RandomModelEvent } from '@/machines/random-battle/random-battle.model';
import { demoAnswers } from '@/tests/e2e/support/demo-answers';
import { callApi } from '@/tests/e2e/support/player';
import { QUIZ_FLOW_ANSWERS } from '@/tests/paths/browser/quiz-flow';
import { type BrowserFlow, browserPaths, buttonsOf, type FlowRun, type ModelStep, shows, visible } from '@/tests/paths/browser/flow';
import type { PathLike } from '@/tests/paths/registry';

/**
 * A random battle in the browser against the bot, as a lone player meets it: nobody else is
 * searching, so the search runs out and the player takes the bot. The server is set to the
 * model's room — two questions, a bot that always answers right (the model's opponent does), a
 * 5 s search — and the bot answers each question 5 s after it opens, so a player who acts at
 * once answers first and one who waits sees the bot's answer first: both orders of the model.
 *
 * Played for real: the fee, the search (it waits at the network until the path lets it through
 * or drops it), the search running out, search again, the bot, answers right or wrong (the right
 * option from the demo content files, never from the page), a failed answer, the bot's answer,
 * the reveal and the next question, the result, play again, back and leaving.
 *
 * Not drawn: another person joining or leaving (the model's real opponents: the browser tests of
 * battles play those with several pages), the feed dropping or resyncing, a reload (the `reload`
 * configuration), refusals for want of coins, the question's time running out, late answers and
 * quick messages.
 *
 * One difference from the model, which gives every answer of a question at the same moment (so
 * equal right answers are a draw): here the speed bonus separates players with equal right
 * answers, so such a result is checked to be a result, not a draw.
 */

const BOT_DELAY_MS = 5000;
/** The demo's questions, and the quiz flow's level (its paths and these share a server in a run of both). */
const ANSWERS = new Map([...demoAnswers('en'), ...QUIZ_FLOW_ANSWERS]);

const SUPPORTED = new Set<RandomModelEvent['type']>([
  'user.fee',
  'user.search',
  'api.waiting',
  'api.failed',
  'timer.search_expired',
  'user.retry',
  'user.bot',
  'api.bot_started',
  'timer.first_opens',
  'user.answer',
  'api.answer_accepted',
  'api.answer_failed',
  'feed.opponent_answered',
  'timer.next_opens',
  'user.play_again',
  'user.back',
  'user.leave',
  'api.left',
  'api.leave_failed',
]);

/** Paths the bot can play: an opponent in the room is the bot (a person never joins here). */
function withTheBotOnly(p: PathLike): boolean {
  let bot = false;
  for (const { event } of p.steps) {
    if (event.type === 'user.bot') bot = true;
    if (event.type === 'user.search' || event.type === 'user.play_again') bot = false;
    if (event.type === 'feed.opponent_answered' && !bot) return false;
    if (event.type === 'timer.first_opens' && !bot) return false;
  }
  return true;
}

const answersRegion = (page: Page) => page.getByRole('region', { name: 'Answers' });
const RESULT_TEXT = { 1: 'You won!', 0: "It's a draw", [-1]: 'You lost' } as const;

export const battleFlow: BrowserFlow = {
  flow: 'battle',
  machine: 'random-battle',
  configs: ['fresh'],
  paths: () => browserPaths(randomBattleModel, RANDOM_MODEL_EVENTS, { reload: false }, (e) => SUPPORTED.has(e.type as RandomModelEvent['type'])),
  playable: withTheBotOnly,
  supports: (event: EventObject) => SUPPORTED.has(event.type as RandomModelEvent['type']),
  gated: ['find_random_match', 'play_with_bot', 'submit_room_answer', 'leave_room'],
  alone: true,
  waitMs: (event) => (event.type === 'timer.search_expired' || event.type === 'feed.opponent_answered' ? 12_000 : 8000),
  settings: {
    random_battle_total_question: '2',
    random_battle_search_seconds: '5',
    bot_accuracy_percentage: '100',
    bot_min_answer_delay_ms: String(BOT_DELAY_MS),
    bot_max_answer_delay_ms: String(BOT_DELAY_MS),
  },
  // A path may end with its player searching, and the next player's search would join that room:
  // a search call still held is dropped, and the room the page holds is left (a search left is
  // deleted; a game left ends).
  async finish({ page, server, player, gate }) {
    while (gate.waiting('find_random_match') || gate.waiting('play_with_bot')) {
      await (gate.waiting('find_random_match') ? gate.fail('find_random_match') : gate.fail('play_with_bot'));
    }
    const roomId = await page.evaluate(() => window.sessionStorage.getItem('quiz-arena:battle-room:random'));
    if (!roomId) return;
    const left = await callApi(server, 'leave_room', { room_id: roomId }, player.token);
    if (left.error) throw new Error(`the path's room ${roomId} could not be left: ${JSON.stringify(left)}`);
  },
  async open({ page, server }) {
    await page.goto(`${server.url}/random-battle/`);
  },
  async send(event, run) {
    const { page, gate } = run;
    const e = event as RandomModelEvent;
    const click = (name: string | RegExp) => page.getByRole('button', { name }).first().click();
    switch (e.type) {
      case 'user.fee':
        return page.getByRole('radio', { name: new RegExp(`^${e.multiplier}×`) }).check();
      case 'user.search':
        return click('Find an opponent');
      case 'user.retry':
        return click('Search again');
      case 'user.bot':
        return click('Play against the bot');
      case 'api.waiting':
        return gate.release('find_random_match');
      case 'api.failed':
        return gate.waiting('play_with_bot') ? gate.fail('play_with_bot') : gate.fail('find_random_match');
      case 'api.bot_started':
        return gate.release('play_with_bot');
      case 'api.answer_accepted':
        return gate.release('submit_room_answer');
      case 'api.answer_failed':
        return gate.fail('submit_room_answer');
      case 'api.left':
        return gate.release('leave_room');
      case 'api.leave_failed':
        return gate.fail('leave_room');
      // The server's clock and the bot move these; the check waits for the page to show them.
      case 'timer.search_expired':
      case 'timer.first_opens':
      case 'timer.next_opens':
      case 'feed.opponent_answered':
        return;
      case 'user.answer': {
        const question = ((await page.locator('h2#battle-question-text').textContent()) ?? '').trim();
        const known = ANSWERS.get(question);
        if (!known) throw new Error(`not a demo question: "${question}"`);
        const shown = await buttonsOf(answersRegion(page));
        const at = shown.texts.findIndex((text, i) => shown.on[i] && text.split('\n').some((t) => t.trim() === known) === (e.pick === 'right'));
        if (at < 0) throw new Error(`no open ${e.pick} option to press`);
        return answersRegion(page).getByRole('button').nth(at).click();
      }
      case 'user.leave': {
        const name = (await visible(page.getByRole('button', { name: 'Leave' }))) ? 'Leave' : 'Cancel';
        await click(name);
        return page.getByRole('alertdialog').getByRole('button', { name }).click();
      }
      case 'user.play_again':
        return click('Play again');
      case 'user.back':
        return click('Back');
      default:
        throw new Error(`the battle flow cannot cause ${e.type} in the browser`);
    }
  },
  async check(state: ModelStep['state'], run: FlowRun) {
    const { page } = run;
    const s = state as unknown as { value: unknown; matches(v: unknown): boolean; context: RandomModelContext };
    const m = s.context;
    const status = (text: string) => shows(page.getByRole('status').filter({ hasText: text }), `"${text}"`);
    if (s.matches('idle')) {
      const heading = await shows(page.getByRole('heading', { name: '1v1 Battle' }), 'the battle setup');
      if (heading) return heading;
      return m.error ? shows(page.getByRole('alert').filter({ hasText: 'The server could not be reached. Try again.' }), 'the network error') : null;
    }
    if (s.matches('finding') || s.matches({ room: 'retrying' })) return status('Looking for an opponent…');
    if (s.matches({ room: 'searching' })) return shows(page.getByRole('heading', { name: 'Looking for an opponent' }), 'the search');
    if (s.matches({ room: 'noOpponent' })) {
      const panel = await shows(page.getByRole('alert').filter({ hasText: 'no opponent detected, retry or play against the bot' }), '"no opponent detected"');
      return panel ?? (m.error ? shows(page.getByRole('alert').filter({ hasText: 'The server could not be reached.' }), 'the network error') : null);
    }
    if (s.matches({ room: 'startingBot' })) return status('Starting the game against the bot…');
    if (s.matches({ room: 'matched' })) {
      // A game against the bot opens its first question with the start (the room's pace): the
      // page may be past "Opponent found!" already when the model's next step is that opening.
      if (run.next?.event.type === 'timer.first_opens' && (await visible(page.getByText('Question 1 of 2', { exact: true })))) return null;
      return shows(page.getByRole('heading', { name: 'Opponent found!' }), '"Opponent found!"');
    }
    if (s.matches({ room: 'leaving' })) return status('Leaving…');
    if (s.matches({ room: 'result' })) {
      const note = await shows(page.getByText('Games against the bot move no coins and add no score.'), 'the bot game note');
      if (m.lead === 0) {
        // The model gives every answer of a question at one moment, so equal right answers are a
        // draw; here the player answers at once and the bot after 5 s, and the speed bonus decides.
        const any = page.getByRole('heading', { name: new RegExp(`^(${Object.values(RESULT_TEXT).join('|')})$`) });
        return (await shows(any, 'a result (equal right answers: the speed bonus decides)')) ?? note;
      }
      const text = RESULT_TEXT[Math.sign(m.lead) as 1 | -1];
      return (await shows(page.getByRole('heading', { name: text }), `"${text}"`)) ?? note;
    }
    if (!s.matches({ room: 'playing' })) return `no check for ${JSON.stringify(s.value)}`;
    const enabled = async () => (await buttonsOf(answersRegion(page))).enabled;
    if (s.matches({ room: { playing: 'reveal' } })) {
      return (await visible(page.getByText('Right answer'))) || (await visible(page.getByText('Get ready…'))) ? null : 'expected the reveal';
    }
    const problems = [await shows(page.getByText(`Question ${m.q + 1} of 2`, { exact: true }), `question ${m.q + 1} of 2`)];
    // The bot's answer, announced by name in the players' live region.
    const announced = (await page.getByTestId('opponent-answers').textContent().catch(() => '')) ?? '';
    if (/has answered\./.test(announced) !== m.theirs) problems.push(m.theirs ? "expected the bot's answer announced" : "the bot's answer announced before the model has it");
    if (s.matches({ room: { playing: { round: 'question' } } })) {
      if ((await enabled()) === 0) problems.push('expected the options open');
      if (m.answerError) problems.push(await shows(page.getByRole('alert').filter({ hasText: 'Your answer could not be sent. Try again.' }), '"Your answer could not be sent"'));
    } else if ((await enabled()) !== 0) problems.push('expected no option open');
    if (s.matches({ room: { playing: { round: 'submitting' } } })) problems.push(await shows(page.getByText('Checking your answer…'), '"Checking your answer…"'));
    if (s.matches({ room: { playing: { round: 'answered' } } })) problems.push(await shows(page.getByText('Waiting for the others…'), '"Waiting for the others…"'));
    return problems.filter(Boolean).join('; ') || null;
  },
};
