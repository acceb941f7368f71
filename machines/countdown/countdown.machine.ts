import { assertEvent, assign, emit, fromCallback, setup } from 'xstate';

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
 * jumps far ahead at once; the end's tick carries whatever time was left, and the tick due at the
 * same instant (scheduled after the end, so run after it) is cancelled. Stopping the ticker cancels
 * what it scheduled (XState's scheduler does it for every actor that stops).
 */
export const ticker = fromCallback<{ type: 'tick' } | { type: 'end' }, TickerInput>(({ input, self, system, sendBack, receive }) => {
  // Each is scheduled under its own type as its id.
  const tick = { type: 'tick' } as const;
  const end = { type: 'end' } as const;
  let left = input.remainingMs;
  let pending = 0;
  const scheduleTick = () => {
    pending = left % input.intervalMs || input.intervalMs;
    system.scheduler.schedule(self, self, tick, pending, tick.type);
  };
  const handle = {
    tick: () => {
      const elapsedMs = pending;
      left -= elapsedMs;
      // Schedule before telling the parent: if the parent stops this ticker in response, stopping
      // cancels what is scheduled, and nothing is left behind.
      scheduleTick();
      sendBack({ type: 'timer.tick', elapsedMs });
    },
    end: () => {
      system.scheduler.cancel(self, tick.type);
      const elapsedMs = left;
      left = 0;
      sendBack({ type: 'timer.tick', elapsedMs });
    },
  };
  receive((event) => handle[event.type]());
  system.scheduler.schedule(self, self, end, left, end.type);
  scheduleTick();
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
  },
  actions: {
    countDown: assign(({ context, event }) => {
      assertEvent(event, 'timer.tick');
      return { remainingMs: Math.max(0, context.remainingMs - event.elapsedMs) };
    }),
    setTime: assign(({ event }) => {
      assertEvent(event, 'timer.reset');
      return { remainingMs: Math.max(0, event.ms) };
    }),
    /** Tells whoever owns the countdown; a parent machine provides `sendParent` here. */
    notifyExpired: emit({ type: 'timer.expired' } as const),
  },
}).createMachine({
  id: 'countdown',
  context: ({ input }) => {
    // An interval below 1 ms (or none) is the usual second.
    const interval = input.intervalMs ?? 0;
    return { remainingMs: Math.max(0, input.durationMs), intervalMs: interval >= 1 ? interval : 1000 };
  },
  initial: 'running',
  on: {
    'timer.reset': { target: '.running', reenter: true, actions: 'setTime' },
  },
  states: {
    running: {
      // At the start (no time given) and after the tick that used the last of it.
      always: { guard: 'isOver', target: 'expired' },
      invoke: {
        src: 'ticker',
        input: ({ context }) => ({ remainingMs: context.remainingMs, intervalMs: context.intervalMs }),
      },
      on: {
        'timer.tick': { actions: 'countDown' },
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
