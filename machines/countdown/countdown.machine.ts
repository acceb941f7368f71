import { assign, emit, fromCallback, setup } from 'xstate';

/**
 * A countdown: `running` → `expired`, with pause, resume and reset. Time comes from the actor
 * system's clock only (a `SimulatedClock` in tests), through a ticker invoked while `running`,
 * so leaving `running` stops it and nothing ticks in the background. Pausing drops the part of
 * the interval under way (the machine has no wall clock to measure it): a pause gives back less
 * than one interval. The quiz-play machine only pauses while an answer is graded, and then resets
 * to the server's time anyway.
 */

export interface CountdownInput {
  readonly durationMs: number;
  /** How often the remaining time is updated (default 1000 ms). */
  readonly intervalMs?: number;
}

export interface CountdownContext {
  readonly remainingMs: number;
  readonly intervalMs: number;
}

export type CountdownEvent =
  | { type: 'timer.tick'; elapsedMs: number }
  | { type: 'timer.pause' }
  | { type: 'timer.resume' }
  /** Starts over with `ms` on the clock, running (also from `paused` or `expired`). */
  | { type: 'timer.reset'; ms: number };

export type CountdownEmitted = { type: 'timer.expired' };

export interface TickerInput {
  readonly remainingMs: number;
  readonly intervalMs: number;
}

/**
 * Sends `timer.tick` to its parent on the system clock. Ticks update the display: the first is
 * aligned so that the remaining time lands on whole intervals (29 400 ms left: the first tick
 * after 400 ms). The end is scheduled on its own for the whole remaining time, so the countdown
 * expires on time even when ticks come late (a throttled background tab) or a simulated clock
 * jumps far ahead at once; the end's tick carries whatever time was left.
 */
export const ticker = fromCallback<{ type: 'tick' } | { type: 'end' }, TickerInput>(({ input, self, system, sendBack, receive }) => {
  let left = input.remainingMs;
  let pending = 0;
  const scheduleTick = () => {
    if (left <= 0) return;
    pending = left % input.intervalMs || input.intervalMs;
    system.scheduler.schedule(self, self, { type: 'tick' }, pending, 'tick');
  };
  receive((event) => {
    const elapsedMs = event.type === 'end' ? left : pending;
    left -= elapsedMs;
    if (event.type === 'end') system.scheduler.cancel(self, 'tick');
    // Schedule before telling the parent: if the parent stops this ticker in response, stopping
    // cancels what is scheduled, and nothing is left behind.
    else scheduleTick();
    sendBack({ type: 'timer.tick', elapsedMs });
  });
  system.scheduler.schedule(self, self, { type: 'end' }, left, 'end');
  scheduleTick();
  return () => {
    system.scheduler.cancel(self, 'tick');
    system.scheduler.cancel(self, 'end');
  };
});

export const countdownMachine = setup({
  types: {
    context: {} as CountdownContext,
    events: {} as CountdownEvent,
    input: {} as CountdownInput,
    emitted: {} as CountdownEmitted,
  },
  actors: { ticker },
  guards: {
    isOver: ({ context }) => context.remainingMs <= 0,
    isLastTick: ({ context, event }) => event.type === 'timer.tick' && context.remainingMs - event.elapsedMs <= 0,
  },
  actions: {
    countDown: assign({
      remainingMs: ({ context, event }) => (event.type === 'timer.tick' ? Math.max(0, context.remainingMs - event.elapsedMs) : context.remainingMs),
    }),
    setTime: assign({ remainingMs: ({ context, event }) => (event.type === 'timer.reset' ? Math.max(0, event.ms) : context.remainingMs) }),
    /** Tells whoever owns the countdown; a parent machine provides `sendParent` here. */
    notifyExpired: emit({ type: 'timer.expired' } as const),
  },
}).createMachine({
  id: 'countdown',
  context: ({ input }) => ({
    remainingMs: Math.max(0, input.durationMs),
    intervalMs: input.intervalMs && input.intervalMs > 0 ? input.intervalMs : 1000,
  }),
  initial: 'running',
  on: {
    'timer.reset': { target: '.running', reenter: true, actions: 'setTime' },
  },
  states: {
    running: {
      always: { guard: 'isOver', target: 'expired' },
      invoke: {
        src: 'ticker',
        input: ({ context }) => ({ remainingMs: context.remainingMs, intervalMs: context.intervalMs }),
      },
      on: {
        'timer.tick': [{ guard: 'isLastTick', target: 'expired', actions: 'countDown' }, { actions: 'countDown' }],
        'timer.pause': { target: 'paused' },
      },
    },
    paused: {
      on: { 'timer.resume': { target: 'running' } },
    },
    expired: {
      entry: 'notifyExpired',
    },
  },
});
