import { createTestModel } from '@xstate/graph';
import { assign, setup } from 'xstate';
import { selfLoopsToo } from '@/machines/testing/paths';

/**
 * What a tester expects of putting a sequence in order: three items served as `a b c`. The model
 * keeps the order as a plain list, the item held and the order it was picked up in, and what a
 * screen reader must be told after each step (`said`). Its state values are the real machine's.
 *
 * Sample events: picking up `a` and an unknown key, the arrows (held item) and a move button
 * (`c`, one place down), putting down, Escape, and a pointer dropping `c` first or an unknown key.
 */

export const MODEL_ITEMS = ['a', 'b', 'c'] as const;

export type SequenceModelEvent =
  | { type: 'item.grab'; key: string }
  | { type: 'item.move'; key?: string; by: number }
  | { type: 'item.drop' }
  | { type: 'item.cancel' }
  | { type: 'item.place'; key: string; to: number };

export const SEQUENCE_MODEL_EVENTS: SequenceModelEvent[] = [
  { type: 'item.grab', key: 'a' },
  { type: 'item.grab', key: 'z' },
  { type: 'item.move', by: -1 },
  { type: 'item.move', by: 1 },
  { type: 'item.move', key: 'c', by: 1 },
  { type: 'item.drop' },
  { type: 'item.cancel' },
  { type: 'item.place', key: 'c', to: 0 },
  { type: 'item.place', key: 'z', to: 0 },
];

export interface SequenceModelContext {
  readonly order: readonly string[];
  readonly held: string | null;
  readonly before: readonly string[];
  /** What was announced last: kind, item and its place (1-based). */
  readonly said: string | null;
}

/** Moves `key` to place `to` (clamped), as a player would see the list change. */
const move = (order: readonly string[], key: string, to: number) => {
  const rest = order.filter((k) => k !== key);
  rest.splice(Math.max(0, Math.min(rest.length, to)), 0, key);
  return rest;
};
const say = (kind: string, order: readonly string[], key: string) => `${kind} ${key} ${order.indexOf(key) + 1}/${order.length}`;
const keyOf = (e: SequenceModelEvent) => ('key' in e && e.key ? e.key : '');
const isItem = (key: string) => (MODEL_ITEMS as readonly string[]).includes(key);

export const sequenceOrderModel = setup({
  types: { context: {} as SequenceModelContext, events: {} as SequenceModelEvent },
  guards: {
    known: ({ event }) => isItem(keyOf(event)),
    namesItem: ({ event }) => event.type === 'item.move' && isItem(keyOf(event)),
  },
  actions: {
    grab: assign(({ context, event }) => ({ held: keyOf(event), before: context.order, said: say('grabbed', context.order, keyOf(event)) })),
    moveHeld: assign(({ context, event }) => {
      const by = event.type === 'item.move' ? event.by : 0;
      const order = move(context.order, context.held!, context.order.indexOf(context.held!) + by);
      return { order, said: say('moved', order, context.held!) };
    }),
    moveOne: assign(({ context, event }) => {
      const by = event.type === 'item.move' ? event.by : 0;
      const order = move(context.order, keyOf(event), context.order.indexOf(keyOf(event)) + by);
      return { order, said: say('moved', order, keyOf(event)) };
    }),
    place: assign(({ context, event }) => {
      const to = event.type === 'item.place' ? event.to : 0;
      const order = move(context.order, keyOf(event), to);
      return { order, held: null, said: say('dropped', order, keyOf(event)) };
    }),
    drop: assign(({ context }) => ({ held: null, said: say('dropped', context.order, context.held!) })),
    cancel: assign(({ context }) => ({ order: context.before, held: null, said: say('cancelled', context.before, context.held!) })),
  },
}).createMachine({
  id: 'sequenceOrderModel',
  context: { order: [...MODEL_ITEMS], held: null, before: [...MODEL_ITEMS], said: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'item.grab': { guard: 'known', target: 'holding', actions: 'grab' },
        // Without an item held, only a move button (which names its item) moves anything.
        'item.move': { guard: 'namesItem', actions: 'moveOne' },
        'item.place': { guard: 'known', actions: 'place' },
      },
    },
    holding: {
      on: {
        'item.move': { actions: 'moveHeld' },
        'item.drop': { target: 'idle', actions: 'drop' },
        'item.grab': { target: 'idle', actions: 'drop' },
        'item.cancel': { target: 'idle', actions: 'cancel' },
        'item.place': { guard: 'known', target: 'idle', actions: 'place' },
      },
    },
  },
});

/** The shortest path to every state of the model and through every transition, refusals included. */
export function sequenceOrderModelPaths() {
  return createTestModel(sequenceOrderModel, { events: SEQUENCE_MODEL_EVENTS, serializeTransition: selfLoopsToo }).getShortestPaths();
}
