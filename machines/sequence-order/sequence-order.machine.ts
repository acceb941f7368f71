import { assign, setup } from 'xstate';

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

function moved(order: readonly string[], key: string, to: number): string[] {
  const from = order.indexOf(key);
  if (from < 0) return [...order];
  const out = [...order];
  out.splice(from, 1);
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
    known: ({ context, event }) => 'key' in event && typeof event.key === 'string' && context.order.includes(event.key),
  },
  actions: {
    grab: assign(({ context, event }) => {
      const key = (event as { key: string }).key;
      return { held: key, before: context.order, announcement: say('grabbed', context.order, key) };
    }),
    moveHeld: assign(({ context, event }) => {
      if (event.type !== 'item.move' || context.held === null) return {};
      const order = moved(context.order, context.held, context.order.indexOf(context.held) + event.by);
      return { order, announcement: say('moved', order, context.held) };
    }),
    moveOne: assign(({ context, event }) => {
      if (event.type !== 'item.move' || !event.key || !context.order.includes(event.key)) return {};
      const order = moved(context.order, event.key, context.order.indexOf(event.key) + event.by);
      return { order, announcement: say('moved', order, event.key) };
    }),
    place: assign(({ context, event }) => {
      if (event.type !== 'item.place') return {};
      const order = moved(context.order, event.key, event.to);
      return { order, held: null, announcement: say('dropped', order, event.key) };
    }),
    drop: assign(({ context }) => ({ held: null, announcement: context.held === null ? null : say('dropped', context.order, context.held) })),
    cancel: assign(({ context }) => ({ order: context.before, held: null, announcement: context.held === null ? null : say('cancelled', context.before, context.held) })),
  },
}).createMachine({
  id: 'sequenceOrder',
  context: ({ input }) => ({ order: [...input.order], held: null, before: [...input.order], announcement: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'item.grab': { guard: 'known', target: 'holding', actions: 'grab' },
        'item.move': { actions: 'moveOne' },
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
