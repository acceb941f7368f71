import { getShortestPaths } from '@xstate/graph';
import { createActor } from 'xstate';
import { sequenceAnswer, sequenceOrderMachine, type SequenceOrderEvent } from '@/machines/sequence-order/sequence-order.machine';
import { sequenceOrderModelPaths, MODEL_ITEMS } from '@/machines/sequence-order/sequence-order.model';
import { pathRows } from '@/machines/testing/paths';
import { testPath } from '@/machines/testing/trace';
import { failOnError } from '@/machines/testing/actor-errors';

const start = (order = ['c', 'a', 'd', 'b']) => {
  const actor = failOnError(createActor(sequenceOrderMachine, { input: { order } }));
  actor.start();
  return actor;
};

describe('sequence ordering', () => {
  test('by keyboard: pick up, move with the arrows, put down; each step announced with its place', () => {
    const a = start();
    a.send({ type: 'item.grab', key: 'a' });
    expect(a.getSnapshot().context.announcement).toEqual({ kind: 'grabbed', key: 'a', position: 2, total: 4 });
    a.send({ type: 'item.move', by: -1 });
    expect(a.getSnapshot().context.announcement).toEqual({ kind: 'moved', key: 'a', position: 1, total: 4 });
    a.send({ type: 'item.move', by: -1 }); // already first: stays
    expect(a.getSnapshot().context.order).toEqual(['a', 'c', 'd', 'b']);
    a.send({ type: 'item.drop' });
    expect(a.getSnapshot().value).toBe('idle');
    expect(a.getSnapshot().context.announcement).toMatchObject({ kind: 'dropped', key: 'a', position: 1 });
    expect(sequenceAnswer(a.getSnapshot().context)).toBe('a,c,d,b');
  });

  test('Escape puts the item back where it was picked up', () => {
    const a = start();
    a.send({ type: 'item.grab', key: 'b' });
    a.send({ type: 'item.move', by: -1 });
    a.send({ type: 'item.move', by: -1 });
    a.send({ type: 'item.cancel' });
    expect(a.getSnapshot().context.order).toEqual(['c', 'a', 'd', 'b']);
    expect(a.getSnapshot().context.announcement).toMatchObject({ kind: 'cancelled', key: 'b', position: 4 });
  });

  test('a pointer drops an item on a place; the move buttons move one item one place', () => {
    const a = start();
    a.send({ type: 'item.place', key: 'b', to: 0 });
    expect(a.getSnapshot().context.order).toEqual(['b', 'c', 'a', 'd']);
    a.send({ type: 'item.move', key: 'd', by: -1 });
    expect(a.getSnapshot().context.order).toEqual(['b', 'c', 'd', 'a']);
    a.send({ type: 'item.place', key: 'x', to: 0 });
    expect(a.getSnapshot().context.order).toEqual(['b', 'c', 'd', 'a']);
  });

  test('every path of sample events keeps the same items, each once', () => {
    const events: SequenceOrderEvent[] = [
      { type: 'item.grab', key: 'a' },
      { type: 'item.move', by: 1 },
      { type: 'item.move', by: -1 },
      { type: 'item.move', key: 'c', by: 1 },
      { type: 'item.drop' },
      { type: 'item.cancel' },
      { type: 'item.place', key: 'c', to: 0 },
    ];
    const paths = getShortestPaths(sequenceOrderMachine, { events, input: { order: ['a', 'b', 'c'] } });
    expect(paths.length).toBeGreaterThan(6);
    for (const p of paths) expect([...p.state.context.order].sort()).toEqual(['a', 'b', 'c']);
    expect(paths.some((p) => p.state.matches('holding'))).toBe(true);
  });
});

describe('every path of the sequence-order model', () => {
  const paths = sequenceOrderModelPaths();

  test('reach both states, every order of three items, and the item picked up held', () => {
    expect(new Set(paths.map((p) => p.state.value))).toEqual(new Set(['idle', 'holding']));
    expect(new Set(paths.map((p) => p.state.context.order.join('')))).toEqual(new Set(['abc', 'acb', 'bac', 'bca', 'cab', 'cba']));
    expect(new Set(paths.map((p) => p.state.context.held))).toEqual(new Set([null, 'a']));
  });

  test.each(pathRows('sequence-order', 'default', paths))('%s', async (_name, path) => {
    const actor = start([...MODEL_ITEMS]);
    const send = (step: { event: { type: string } }) => actor.send(step.event as SequenceOrderEvent);
    await testPath(path, {
      events: {
        'item.grab': send,
        'item.move': send,
        'item.drop': send,
        'item.cancel': send,
        'item.place': send,
      },
      states: {
        '*': (expected) => {
          const { value, context } = actor.getSnapshot();
          expect(value).toBe(expected.value);
          expect(context.order).toEqual(expected.context.order);
          expect(context.held).toBe(expected.context.held);
          const said = context.announcement && `${context.announcement.kind} ${context.announcement.key} ${context.announcement.position}/${context.announcement.total}`;
          expect(said).toBe(expected.context.said);
          expect(sequenceAnswer(context)).toBe(expected.context.order.join(','));
        },
      },
    });
    actor.stop();
  });
});
