/**
 * @jest-environment jsdom
 */
import { createActor, createMachine } from 'xstate';

const received: { type: string }[] = [];
const created: unknown[] = [];
jest.mock('@statelyai/inspect', () => ({
  createBrowserInspector: (options: unknown) => {
    created.push(options);
    return { inspect: { next: (event: { type: string }) => received.push(event) } };
  },
}));

const env = process.env as Record<string, string | undefined>;
const saved = { node: env.NODE_ENV, flag: env.NEXT_PUBLIC_XSTATE_INSPECT };

async function load() {
  jest.resetModules();
  return (await import('@/services/client/machine-inspector')).machineInspector;
}

afterEach(() => {
  env.NODE_ENV = saved.node;
  env.NEXT_PUBLIC_XSTATE_INSPECT = saved.flag;
  received.length = 0;
  created.length = 0;
});

const toggle = createMachine({ id: 'toggle', initial: 'off', states: { off: { on: { flip: 'on' } }, on: {} } });

describe("the machine inspector (Stately's, development only)", () => {
  test('is off in a production build and in development without the flag', async () => {
    env.NODE_ENV = 'production';
    env.NEXT_PUBLIC_XSTATE_INSPECT = '1';
    expect((await load())()).toBeUndefined();
    env.NODE_ENV = 'development';
    env.NEXT_PUBLIC_XSTATE_INSPECT = undefined;
    expect((await load())()).toBeUndefined();
    await Promise.resolve();
    expect(created).toHaveLength(0);
  });

  test('with the flag in development, a game actor shows its events and states in the inspector, those before it loaded too', async () => {
    env.NODE_ENV = 'development';
    env.NEXT_PUBLIC_XSTATE_INSPECT = '1';
    const machineInspector = await load();
    const inspect = machineInspector();
    expect(inspect).toBeDefined();
    // One inspector for every game on the page.
    expect(machineInspector()).toBe(inspect);
    const actor = createActor(toggle, { inspect }).start();
    actor.send({ type: 'flip' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(created).toHaveLength(1);
    expect(received.map((e) => e.type)).toEqual(expect.arrayContaining(['@xstate.actor', '@xstate.event', '@xstate.snapshot']));
    const flips = received.filter((e) => e.type === '@xstate.event' && (e as unknown as { event: { type: string } }).event.type === 'flip');
    expect(flips).toHaveLength(1);
    actor.stop();
  });
});
