import { createTestModel } from '@xstate/graph';
import { assign, setup } from 'xstate';
import { everyTransition, namedEvents } from '@/machines/testing/paths';

/**
 * What a tester expects of the countdown, without invoke or after: the passing of time is an
 * event. The model clock holds 3 s. `timer.tick` is one second passing (the last one expires),
 * `timer.expired` is all the time left passing at once, `timer.wait` is time passing where nothing
 * should happen (paused, expired).
 */
export const COUNTDOWN_MODEL_SECONDS = 3;

export type CountdownModelEvent =
  | { type: 'timer.tick' }
  | { type: 'timer.expired' }
  | { type: 'timer.wait' }
  | { type: 'timer.pause' }
  | { type: 'timer.resume' }
  | { type: 'timer.reset' };

export const countdownModel = setup({
  types: { context: {} as { seconds: number }, events: {} as CountdownModelEvent },
  guards: { timeLeftAfterTick: ({ context }) => context.seconds > 1 },
  actions: {
    tick: assign({ seconds: ({ context }) => context.seconds - 1 }),
    runOut: assign({ seconds: 0 }),
    restart: assign({ seconds: COUNTDOWN_MODEL_SECONDS }),
  },
}).createMachine({
  id: 'countdownModel',
  context: { seconds: COUNTDOWN_MODEL_SECONDS },
  initial: 'running',
  on: { 'timer.reset': { target: '.running', actions: 'restart' } },
  states: {
    running: {
      on: {
        'timer.tick': [{ guard: 'timeLeftAfterTick', actions: 'tick' }, { target: 'expired', actions: 'runOut' }],
        'timer.expired': { target: 'expired', actions: 'runOut' },
        'timer.pause': { target: 'paused' },
      },
    },
    paused: {
      on: { 'timer.resume': { target: 'running' }, 'timer.wait': {} },
    },
    expired: {
      on: { 'timer.wait': {} },
    },
  },
});

/** Paths through every transition of the model, "nothing happens" ones included. */
export function countdownModelPaths() {
  return createTestModel(countdownModel, { serializeTransition: everyTransition }).getShortestPaths({ events: namedEvents() });
}
