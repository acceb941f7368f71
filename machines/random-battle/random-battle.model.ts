import { createTestModel } from '@xstate/graph';
import { assign, setup } from 'xstate';
import { withoutIdleEnds } from '@/machines/battle-play/model-paths';
import { namedEvents, selfLoopsToo } from '@/machines/testing/paths';

/**
 * What a tester expects of a random battle, without invoke or after: the outcomes of calls, the
 * room feed's documents and the clocks are events (`api.waiting`, `feed.opponent_joined`,
 * `timer.search_expired`, …). Its states are the real machine's with the play child's states
 * inside `room.playing`, so a path checks the real machine (and its child) state by state.
 *
 * The model room has two questions. The opponent (a person, or the bot) always answers right
 * when it answers; the player's answers are right or wrong. Every answer of a question is given
 * at the same moment, so the speed bonus is the same for both and the winner is who answered
 * more questions right (a tie is a draw); an opponent who left loses.
 *
 * Two configurations: `fresh` (from the setup screen) and `reload` (the page reloaded in the
 * middle of a battle: the machine starts with the room id and the first document of the feed
 * says where the room stands).
 */

export const RANDOM_MODEL_QUESTIONS = 2;
const LAST = RANDOM_MODEL_QUESTIONS - 1;
/** The back-to-back wins the page hands in (a win makes three: the quiz warrior). */
export const MODEL_WIN_STREAK = 2;

export type ModelPick = 'right' | 'wrong';
/** Where a reloaded page finds its room. */
export const RELOAD_SITUATIONS = ['searching', 'noOpponent', 'matched', 'question', 'answered', 'reveal', 'finished'] as const;
export type ReloadSituation = (typeof RELOAD_SITUATIONS)[number];
/** Where the player was when the connection dropped or a leave was asked (to go back to). */
export type ModelPlace = 'searching' | 'noOpponent' | 'matched' | 'question' | 'answered' | 'timeUp' | 'reveal' | 'result';

export interface RandomModelInput {
  readonly reload: boolean;
}

export interface RandomModelContext extends RandomModelInput {
  /** The question open (or about to open) on the server. */
  readonly q: number;
  /** The answer being sent. */
  readonly pick: ModelPick | null;
  /** The player's answer the server has for question `q`. */
  readonly mine: ModelPick | null;
  /** The opponent answered question `q` (always right). */
  readonly theirs: boolean;
  /** The player's right answers minus the opponent's, over the closed questions. */
  readonly lead: number;
  readonly bot: boolean;
  /** The refusal on the setup or no-opponent panel (code null: no answer from the server). */
  readonly error: { readonly code: string | null } | null;
  /** The last answer could not be sent (the player may answer again). */
  readonly answerError: boolean;
  /** The machine saw this game being played (only such games count for the streak). */
  readonly sawPlay: boolean;
  /** A delta that did not follow the held document came, and the machine asked for the whole one (tested once per visit of the question). */
  readonly resynced: boolean;
  /** Where to come back to after a dropped connection or a refused leave. */
  readonly was: ModelPlace | null;
}

export type RandomModelEvent =
  | { type: 'user.fee'; multiplier: number }
  | { type: 'user.search' }
  | { type: 'api.waiting' }
  | { type: 'api.matched' }
  | { type: 'api.no_coins' }
  | { type: 'api.failed' }
  | { type: 'timer.search_expired' }
  | { type: 'feed.opponent_joined' }
  | { type: 'feed.deleted' }
  | { type: 'feed.gone' }
  | { type: 'feed.lost' }
  /** A delta that does not follow the document the machine holds (a version never delivered): it asks the feed for the whole document again. */
  | { type: 'feed.gap' }
  | { type: 'feed.resumed' }
  | { type: 'feed.first_doc'; at: ReloadSituation }
  | { type: 'user.retry' }
  | { type: 'user.bot' }
  | { type: 'api.bot_started' }
  | { type: 'api.bot_refused' }
  | { type: 'timer.first_opens' }
  | { type: 'user.answer'; pick: ModelPick }
  | { type: 'api.answer_accepted' }
  | { type: 'api.too_late' }
  | { type: 'api.answer_failed' }
  | { type: 'timer.expired' }
  | { type: 'feed.opponent_answered' }
  | { type: 'feed.question_closed' }
  | { type: 'timer.next_opens' }
  | { type: 'feed.opponent_left' }
  | { type: 'user.continue' }
  | { type: 'user.leave' }
  | { type: 'api.left' }
  | { type: 'api.leave_failed' }
  | { type: 'user.message'; outcome: 'sent' | 'refused' }
  | { type: 'user.play_again' }
  | { type: 'user.back' };

/** Sample events for the events that carry a payload. */
export const RANDOM_MODEL_EVENTS: RandomModelEvent[] = [
  { type: 'user.fee', multiplier: 3 },
  { type: 'user.answer', pick: 'right' },
  { type: 'user.answer', pick: 'wrong' },
  { type: 'user.message', outcome: 'sent' },
  { type: 'user.message', outcome: 'refused' },
  ...RELOAD_SITUATIONS.map((at) => ({ type: 'feed.first_doc' as const, at })),
];

/** "Nothing happens" transitions worth a path of their own. */
const TESTED_NO_OPS = ['user.fee', 'user.answer', 'user.message', 'feed.opponent_answered'];

/** The model context a reloaded page lands with, by situation. */
export function reloadedContext(at: ReloadSituation): Partial<RandomModelContext> {
  const played = { sawPlay: true, q: 1, lead: 1 };
  switch (at) {
    case 'searching':
    case 'noOpponent':
      return {};
    case 'matched':
      return { sawPlay: true };
    case 'question':
    case 'reveal':
      return played;
    case 'answered':
      return { ...played, mine: 'right' };
    case 'finished':
      return { q: RANDOM_MODEL_QUESTIONS, lead: 1 };
  }
}

const score = (c: RandomModelContext) => (c.mine === 'right' ? 1 : 0) - (c.theirs ? 1 : 0);
const FRESH_GAME = { q: 0, pick: null, mine: null, theirs: false, lead: 0, bot: false, answerError: false, sawPlay: false, resynced: false, was: null } as const;

export const randomBattleModel = setup({
  types: { context: {} as RandomModelContext, events: {} as RandomModelEvent, input: {} as RandomModelInput },
  guards: {
    notResynced: ({ context }) => !context.resynced,
    onLast: ({ context }) => context.q === LAST,
    notBot: ({ context }) => !context.bot,
    opponentMayAnswer: ({ context }) => !context.theirs,
    closesNow: ({ context }) => context.theirs,
    closesLast: ({ context }) => context.theirs && context.q === LAST,
    was: ({ context }, place: ModelPlace) => context.was === place,
    wasInRound: ({ context }) => context.was === 'question' || context.was === 'answered' || context.was === 'timeUp',
    wasInRoundOnLast: ({ context }) => (context.was === 'question' || context.was === 'answered' || context.was === 'timeUp') && context.q === LAST,
    wasInReveal: ({ context }) => context.was === 'reveal',
  },
  actions: {
    resynced: assign({ resynced: true }),
    notResyncedAnyMore: assign({ resynced: false }),
    newGame: assign(FRESH_GAME),
    refused: assign((_, code: string | null) => ({ error: { code } })),
    clearError: assign({ error: null }),
    saw: assign({ sawPlay: true }),
    bot: assign({ bot: true }),
    pick: assign(({ event }) => (event.type === 'user.answer' ? { pick: event.pick, answerError: false } : {})),
    accepted: assign(({ context }) => ({ mine: context.pick, pick: null })),
    dropPick: assign({ pick: null }),
    answerFailed: assign({ pick: null, answerError: true }),
    clearAnswerError: assign({ answerError: false }),
    theirs: assign({ theirs: true }),
    /** The question closes: the answers count, the next one is on its way. */
    close: assign(({ context }) => ({ lead: context.lead + score(context), q: context.q + 1, mine: null, theirs: false, pick: null, answerError: false })),
    /** The opponent left: the game is won whatever the points (the lead says so from here). */
    wonByForfeit: assign({ lead: 1 }),
    remember: assign((_, place: ModelPlace) => ({ was: place, answerError: false })),
    forget: assign({ was: null }),
    lostOn: assign((_, place: ModelPlace) => ({ was: place, answerError: false, error: null })),
    reload: assign(({ event }) => (event.type === 'feed.first_doc' ? reloadedContext(event.at) : {})),
  },
}).createMachine({
  id: 'randomBattle',
  context: ({ input }) => ({ ...input, ...FRESH_GAME, error: null }),
  initial: 'start',
  states: {
    start: { always: [{ guard: ({ context }) => context.reload, target: 'room' }, { target: 'idle' }] },
    idle: {
      on: {
        // The choice goes into the search's input (the test checks it); nothing else changes.
        'user.fee': {},
        'user.search': { target: 'finding', actions: 'clearError' },
      },
    },
    finding: {
      on: {
        'api.waiting': { target: 'room.searching', actions: 'newGame' },
        'api.matched': { target: 'room.matched', actions: ['newGame', 'saw'] },
        'api.no_coins': { target: 'idle', actions: { type: 'refused', params: 'not_enough_coins' } },
        'api.failed': { target: 'idle', actions: { type: 'refused', params: null } },
      },
    },
    room: {
      initial: 'connecting',
      states: {
        connecting: {
          on: {
            'feed.first_doc': [
              { guard: ({ event }) => event.at === 'searching', target: 'searching', actions: 'reload' },
              { guard: ({ event }) => event.at === 'noOpponent', target: 'noOpponent', actions: 'reload' },
              { guard: ({ event }) => event.at === 'matched', target: 'matched', actions: 'reload' },
              { guard: ({ event }) => event.at === 'question', target: 'playing.round.question', actions: 'reload' },
              { guard: ({ event }) => event.at === 'answered', target: 'playing.round.answered', actions: 'reload' },
              { guard: ({ event }) => event.at === 'reveal', target: 'playing.reveal', actions: 'reload' },
              { target: 'result', actions: 'reload' },
            ],
            'feed.gone': { target: 'unavailable' },
          },
        },
        searching: {
          on: {
            'timer.search_expired': { target: 'noOpponent' },
            'feed.opponent_joined': { target: 'matched', actions: 'saw' },
            'feed.deleted': { target: 'deleted' },
            'feed.gone': { target: 'unavailable' },
            'feed.lost': { target: 'connectionLost', actions: { type: 'lostOn', params: 'searching' } },
            'user.leave': { target: 'leaving', actions: { type: 'remember', params: 'searching' } },
          },
        },
        noOpponent: {
          on: {
            'user.retry': { target: 'retrying', actions: 'clearError' },
            'user.bot': { target: 'startingBot', actions: 'clearError' },
            'feed.opponent_joined': { target: 'matched', actions: ['saw', 'clearError'] },
            'feed.lost': { target: 'connectionLost', actions: { type: 'lostOn', params: 'noOpponent' } },
            'user.leave': { target: 'leaving', actions: ['clearError', { type: 'remember', params: 'noOpponent' }] },
          },
        },
        retrying: {
          on: {
            'api.waiting': { target: 'searching' },
            'api.no_coins': { target: 'noOpponent', actions: { type: 'refused', params: 'not_enough_coins' } },
            'api.failed': { target: 'noOpponent', actions: { type: 'refused', params: null } },
          },
        },
        startingBot: {
          on: {
            'api.bot_started': { target: 'matched', actions: ['bot', 'saw'] },
            // An opponent joined meanwhile: the feed will bring the started room.
            'api.bot_refused': { target: 'noOpponent', actions: { type: 'refused', params: 'room_not_waiting' } },
            'api.failed': { target: 'noOpponent', actions: { type: 'refused', params: null } },
          },
        },
        matched: {
          on: {
            'timer.first_opens': { target: 'playing.round.question' },
            'feed.opponent_left': { guard: 'notBot', target: 'opponentLeft' },
            'feed.lost': { target: 'connectionLost', actions: { type: 'lostOn', params: 'matched' } },
            'user.leave': { target: 'leaving', actions: { type: 'remember', params: 'matched' } },
          },
        },
        playing: {
          initial: 'round',
          states: {
            round: {
              initial: 'question',
              states: {
                question: {
                  // The reason an answer could not be sent shows while the question is open; the
                  // resync is tested where it happens: once the question is left, the model is as without it.
                  exit: ['clearAnswerError', 'notResyncedAnyMore'],
                  on: {
                    'feed.opponent_left': { guard: 'notBot', target: '#randomBattle.room.opponentLeft' },
                    'user.answer': { target: 'submitting', actions: 'pick' },
                    'timer.expired': { target: '#randomBattle.room.playing.timeUp' },
                    'feed.opponent_answered': { guard: 'opponentMayAnswer', actions: 'theirs' },
                    // The server closed it (its deadline) before the player's clock said so.
                    'feed.question_closed': [
                      { guard: 'onLast', target: '#randomBattle.room.result', actions: 'close' },
                      { target: '#randomBattle.room.playing.reveal', actions: 'close' },
                    ],
                    'feed.lost': { target: '#randomBattle.room.connectionLost', actions: { type: 'lostOn', params: 'question' } },
                    'feed.gap': { guard: 'notResynced', actions: 'resynced' },
                    'user.leave': { target: '#randomBattle.room.leaving', actions: { type: 'remember', params: 'question' } },
                    'user.message': {},
                  },
                },
                submitting: {
                  on: {
                    // The answer is locked: a second one is not taken.
                    'user.answer': {},
                    'api.answer_accepted': [
                      { guard: 'closesLast', target: '#randomBattle.room.result', actions: ['accepted', 'close'] },
                      { guard: 'closesNow', target: '#randomBattle.room.playing.reveal', actions: ['accepted', 'close'] },
                      { target: 'answered', actions: 'accepted' },
                    ],
                    'api.too_late': { target: '#randomBattle.room.playing.timeUp', actions: 'dropPick' },
                    'api.answer_failed': { target: 'question', actions: 'answerFailed' },
                    'feed.opponent_answered': { guard: 'opponentMayAnswer', actions: 'theirs' },
                  },
                },
                answered: {
                  on: {
                    'feed.opponent_left': { guard: 'notBot', target: '#randomBattle.room.opponentLeft' },
                    'feed.opponent_answered': [
                      { guard: 'onLast', target: '#randomBattle.room.result', actions: ['theirs', 'close'] },
                      { target: '#randomBattle.room.playing.reveal', actions: ['theirs', 'close'] },
                    ],
                    'feed.question_closed': [
                      { guard: 'onLast', target: '#randomBattle.room.result', actions: 'close' },
                      { target: '#randomBattle.room.playing.reveal', actions: 'close' },
                    ],
                    'feed.lost': { target: '#randomBattle.room.connectionLost', actions: { type: 'lostOn', params: 'answered' } },
                    'user.leave': { target: '#randomBattle.room.leaving', actions: { type: 'remember', params: 'answered' } },
                  },
                },
              },
            },
            timeUp: {
              on: {
                'feed.opponent_left': { guard: 'notBot', target: '#randomBattle.room.opponentLeft' },
                'feed.question_closed': [
                  { guard: 'onLast', target: '#randomBattle.room.result', actions: 'close' },
                  { target: 'reveal', actions: 'close' },
                ],
                'feed.lost': { target: '#randomBattle.room.connectionLost', actions: { type: 'lostOn', params: 'timeUp' } },
              },
            },
            reveal: {
              on: {
                'feed.opponent_left': { guard: 'notBot', target: '#randomBattle.room.opponentLeft' },
                'timer.next_opens': { target: 'round.question' },
                'feed.lost': { target: '#randomBattle.room.connectionLost', actions: { type: 'lostOn', params: 'reveal' } },
                'user.leave': { target: '#randomBattle.room.leaving', actions: { type: 'remember', params: 'reveal' } },
                'user.message': {},
              },
            },
          },
        },
        opponentLeft: {
          on: { 'user.continue': { target: 'result', actions: 'wonByForfeit' } },
        },
        result: {
          on: {
            'user.play_again': { target: '#randomBattle.finding', actions: 'newGame' },
            'user.back': { target: '#randomBattle.idle', actions: 'newGame' },
          },
        },
        deleted: { on: { 'user.back': { target: '#randomBattle.idle', actions: 'newGame' } } },
        unavailable: { on: { 'user.back': { target: '#randomBattle.idle', actions: 'newGame' } } },
        connectionLost: {
          on: {
            // While the connection is down the room goes on: the question closes, the next opens.
            'feed.question_closed': [
              { guard: 'wasInRoundOnLast', actions: ['close', { type: 'remember', params: 'result' }] },
              { guard: 'wasInRound', actions: ['close', { type: 'remember', params: 'reveal' }] },
            ],
            'timer.next_opens': { guard: 'wasInReveal', actions: { type: 'remember', params: 'question' } },
            'feed.resumed': [
              { guard: { type: 'was', params: 'searching' }, target: 'searching', actions: 'forget' },
              { guard: { type: 'was', params: 'noOpponent' }, target: 'noOpponent', actions: 'forget' },
              { guard: { type: 'was', params: 'matched' }, target: 'matched', actions: 'forget' },
              { guard: { type: 'was', params: 'question' }, target: 'playing.round.question', actions: 'forget' },
              { guard: { type: 'was', params: 'answered' }, target: 'playing.round.answered', actions: 'forget' },
              { guard: { type: 'was', params: 'timeUp' }, target: 'playing.timeUp', actions: 'forget' },
              { guard: { type: 'was', params: 'reveal' }, target: 'playing.reveal', actions: 'forget' },
              { target: 'result', actions: 'forget' },
            ],
            'feed.gone': { target: 'unavailable', actions: 'forget' },
          },
        },
        leaving: {
          on: {
            'api.left': { target: '#randomBattle.idle', actions: 'newGame' },
            'api.leave_failed': [
              { guard: { type: 'was', params: 'searching' }, target: 'searching', actions: 'forget' },
              { guard: { type: 'was', params: 'noOpponent' }, target: 'noOpponent', actions: 'forget' },
              { guard: { type: 'was', params: 'matched' }, target: 'matched', actions: 'forget' },
              { guard: { type: 'was', params: 'question' }, target: 'playing.round.question', actions: 'forget' },
              { guard: { type: 'was', params: 'answered' }, target: 'playing.round.answered', actions: 'forget' },
              { target: 'playing.reveal', actions: 'forget' },
            ],
          },
        },
      },
    },
  },
});

export type RandomModelConfig = 'fresh' | 'reload';

/**
 * The shortest path to every state of the model and through every transition, per
 * configuration. A reloaded page's paths stay in the room it resumed: what follows a new search
 * is the fresh configuration's.
 */
export function randomBattleModelPaths(config: RandomModelConfig) {
  const all = createTestModel(randomBattleModel, { events: RANDOM_MODEL_EVENTS, serializeTransition: selfLoopsToo }).getShortestPaths({
    events: namedEvents(RANDOM_MODEL_EVENTS),
    input: { reload: config === 'reload' },
    allowDuplicatePaths: true,
  });
  const paths = withoutIdleEnds(all, TESTED_NO_OPS);
  return config === 'fresh' ? paths : paths.filter((p) => !p.steps.some((s) => s.state.matches('finding')));
}
