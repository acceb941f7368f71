import { assertEvent, assign, setup } from 'xstate';

/**
 * Putting a sequence's options in order, by pointer or by keyboard alone, with what a screen
 * reader is told after each step. Keyboard: Space or Enter picks up the focused item, the arrow
 * keys move it, Space or Enter puts it down, Escape puts it back where it was picked up. A pointer
 * drags an item onto a place (`item.place`); the move buttons move an item one place at once. No
 * calls and no timers: the answer is the order when the player submits.
 */

export interface SequenceOrderInput {
  /** The option keys in the order they were served. */
  readonly order: readonly string[];
}

/** What to announce: an item picked up, moved, put down or put back, and its place (1-based). */
export interface SequenceAnnouncement {
  readonly kind: 'grabbed' | 'moved' | 'dropped' | 'cancelled';
  readonly key: string;
  readonly position: number;
  readonly total: number;
}

export interface SequenceOrderContext {
  readonly order: readonly string[];
  /** The item picked up (keyboard), while `holding`. */
  readonly held: string | null;
  /** The order when it was picked up (Escape goes back to it). */
  readonly before: readonly string[];
  readonly announcement: SequenceAnnouncement | null;
}

export type SequenceOrderEvent =
  | { type: 'item.grab'; key: string }
  | { type: 'item.move'; key?: string; by: number }
  | { type: 'item.drop' }
  | { type: 'item.cancel' }
  | { type: 'item.place'; key: string; to: number };

/** The order with `key` (one of its items) moved to place `to` (0-based, kept within the list). */
function moved(order: readonly string[], key: string, to: number): string[] {
  const out = order.filter((k) => k !== key);
  out.splice(Math.max(0, Math.min(out.length, to)), 0, key);
  return out;
}

const say = (kind: SequenceAnnouncement['kind'], order: readonly string[], key: string): SequenceAnnouncement => ({
  kind,
  key,
  position: order.indexOf(key) + 1,
  total: order.length,
});

export const sequenceOrderMachine = setup({
  types: { context: {} as SequenceOrderContext, events: {} as SequenceOrderEvent, input: {} as SequenceOrderInput },
  guards: {
    // An item of the list named by the event (a move without a key, the arrows' while nothing is held, names none).
    known: ({ context, event }) => {
      assertEvent(event, ['item.grab', 'item.move', 'item.place']);
      return context.order.some((key) => key === event.key);
    },
  },
  actions: {
    grab: assign(({ context, event }) => {
      assertEvent(event, 'item.grab');
      return { held: event.key, before: context.order, announcement: say('grabbed', context.order, event.key) };
    }),
    // `held` is an item of the list in `holding`, the only state that moves, drops or cancels it.
    moveHeld: assign(({ context, event }) => {
      assertEvent(event, 'item.move');
      const held = context.held as string;
      const order = moved(context.order, held, context.order.indexOf(held) + event.by);
      return { order, announcement: say('moved', order, held) };
    }),
    // Behind the guard `known`: the event names an item of the list.
    moveOne: assign(({ context, event }) => {
      assertEvent(event, 'item.move');
      const key = event.key as string;
      const order = moved(context.order, key, context.order.indexOf(key) + event.by);
      return { order, announcement: say('moved', order, key) };
    }),
    place: assign(({ context, event }) => {
      assertEvent(event, 'item.place');
      const order = moved(context.order, event.key, event.to);
      return { order, held: null, announcement: say('dropped', order, event.key) };
    }),
    drop: assign(({ context }) => ({ held: null, announcement: say('dropped', context.order, context.held as string) })),
    cancel: assign(({ context }) => ({ order: context.before, held: null, announcement: say('cancelled', context.before, context.held as string) })),
  },
}).createMachine({
  id: 'sequenceOrder',
  context: ({ input }) => {
    const order = [...input.order];
    return { order, held: null, before: order, announcement: null };
  },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'item.grab': { guard: 'known', target: 'holding', actions: 'grab' },
        'item.move': { guard: 'known', actions: 'moveOne' },
        'item.place': { guard: 'known', actions: 'place' },
      },
    },
    holding: {
      on: {
        'item.move': { actions: 'moveHeld' },
        'item.drop': { target: 'idle', actions: 'drop' },
        // Space on the item held puts it down, as on another one.
        'item.grab': { target: 'idle', actions: 'drop' },
        'item.cancel': { target: 'idle', actions: 'cancel' },
        'item.place': { guard: 'known', target: 'idle', actions: 'place' },
      },
    },
  },
});

/** The answer to submit: the keys in the player's order. */
export const sequenceAnswer = (context: Pick<SequenceOrderContext, 'order'>): string => context.order.join(',');
