import { createActor, setup, SimulatedClock, type AnyActorRef } from 'xstate';
import { BLUR_SETTLE_MS, violationWatcherMachine, type ExamPageEvent, type WatcherEmitted } from '@/machines/exam/violation-watcher.machine';
import {
  MODEL_OTHER_KEY,
  MODEL_SCREENSHOT_KEY,
  VIOLATION_WATCHER_MODEL_CONFIGS,
  violationWatcherModelPaths,
  type ViolationWatcherModelConfig,
  type WatcherModelEvent,
} from '@/machines/exam/violation-watcher.model';
import { pathRows, payloadOf } from '@/machines/testing/paths';
import { testPath } from '@/machines/testing/trace';

/** The model paths of the violation watcher, run on the real machine as the exam runs it: a child that reports to its parent, on a simulated clock. */

const HIDDEN_LIMIT_MS = 5000;

function watch(fullscreen: boolean) {
  const heard: WatcherEmitted[] = [];
  const clock = new SimulatedClock();
  const parent = setup({ actors: { watcher: violationWatcherMachine } }).createMachine({
    invoke: { id: 'w', src: 'watcher', input: { fullscreen, hiddenLimitMs: HIDDEN_LIMIT_MS } },
    on: { '*': { actions: ({ event }) => void (event.type.startsWith('watch.') && heard.push(event as WatcherEmitted)) } },
  });
  const actor = createActor(parent, { clock }).start();
  const child = () => (actor.getSnapshot().children as Record<string, AnyActorRef | undefined>).w;
  return { actor, heard, clock, child };
}

const payload = payloadOf<WatcherModelEvent>();
const said = (e: WatcherEmitted) => (e.type === 'watch.violation' ? `${e.type}:${e.kind}` : e.type);

describe.each(Object.keys(VIOLATION_WATCHER_MODEL_CONFIGS) as ViolationWatcherModelConfig[])('every path of the violation-watcher model (%s)', (config) => {
  const paths = violationWatcherModelPaths(config);

  test('reach every state, both ends included', () => {
    expect(new Set(paths.map((p) => p.state.value))).toEqual(new Set(['visible', 'blurred', 'hidden', 'over', 'left']));
  });

  test.each(pathRows('violation-watcher', config, paths))('%s', async (_name, path) => {
    const w = watch(VIOLATION_WATCHER_MODEL_CONFIGS[config].fullscreen);
    let seen = 0;
    const page = (event: ExamPageEvent) => () => w.child()?.send(event);
    await testPath(path, {
      events: {
        'page.hidden': page({ type: 'page.hidden' }),
        'page.visible': page({ type: 'page.visible' }),
        'page.blur': page({ type: 'page.blur' }),
        'page.fullscreen_exit': page({ type: 'page.fullscreen_exit' }),
        'page.key': (step) => w.child()?.send({ type: 'page.key', key: payload(step).screenshot ? MODEL_SCREENSHOT_KEY : MODEL_OTHER_KEY }),
        'page.copy': page({ type: 'page.copy' }),
        'page.paste': page({ type: 'page.paste' }),
        'page.context_menu': page({ type: 'page.context_menu' }),
        'page.left': page({ type: 'page.left' }),
        'timer.blur_settled': () => w.clock.increment(BLUR_SETTLE_MS),
        'timer.hidden_limit': () => w.clock.increment(HIDDEN_LIMIT_MS),
      },
      states: {
        '*': (expected) => {
          // A final child is gone from its parent; until then it is where the model is.
          const child = w.child();
          if (expected.value === 'over' || expected.value === 'left') expect(child?.getSnapshot().status ?? 'done').toBe('done');
          else expect(child?.getSnapshot().value).toBe(expected.value);
          expect(w.heard.slice(seen).map(said)).toEqual(expected.context.heard);
          seen = w.heard.length;
        },
      },
    });
    w.actor.stop();
  });
});
