import { createTestModel } from '@xstate/graph';
import { assign, setup } from 'xstate';
import { namedEvents, selfLoopsToo } from '@/machines/testing/paths';

/**
 * What a tester expects of the exam's violation watcher, without `after`: the two clocks are
 * events, `timer.blur_settled` (a blur not followed by a hide within BLUR_SETTLE_MS) and
 * `timer.hidden_limit` (the page stayed hidden for the exam's limit). The context is what the exam
 * must hear from the watcher after each step (`heard`, emptied at the next step), so every event
 * is checked for exactly the reports it causes — no more, no fewer. Two configurations: a
 * windowed exam and one that asks for fullscreen (leaving it is a violation only there).
 */

export interface WatcherModelInput {
  readonly fullscreen: boolean;
}

export const VIOLATION_WATCHER_MODEL_CONFIGS = {
  windowed: { fullscreen: false },
  fullscreen: { fullscreen: true },
} as const satisfies Record<string, WatcherModelInput>;

export const MODEL_SCREENSHOT_KEY = { key: 'PrintScreen' } as const;
export const MODEL_OTHER_KEY = { key: 'a', ctrlKey: true } as const;

export type WatcherModelEvent =
  | { type: 'page.hidden' }
  | { type: 'page.visible' }
  | { type: 'page.blur' }
  | { type: 'page.fullscreen_exit' }
  | { type: 'page.key'; screenshot: boolean }
  | { type: 'page.copy' }
  | { type: 'page.paste' }
  | { type: 'page.context_menu' }
  | { type: 'page.left' }
  | { type: 'timer.blur_settled' }
  | { type: 'timer.hidden_limit' };

export const WATCHER_MODEL_EVENTS: WatcherModelEvent[] = [
  { type: 'page.key', screenshot: true },
  { type: 'page.key', screenshot: false },
];

export interface WatcherModelContext extends WatcherModelInput {
  /** What the exam heard from the watcher in the last step: `watch.violation:copy`, `watch.hidden`, … */
  readonly heard: readonly string[];
}

const hear = (...what: string[]) => ({ type: 'hear', params: { what } }) as const;
const violation = (kind: string) => hear(`watch.violation:${kind}`);

export const violationWatcherModel = setup({
  types: { context: {} as WatcherModelContext, events: {} as WatcherModelEvent, input: {} as WatcherModelInput },
  guards: {
    asksFullscreen: ({ context }) => context.fullscreen,
    screenshot: ({ event }) => event.type === 'page.key' && event.screenshot,
  },
  actions: {
    hear: assign((_, params: { what: readonly string[] }) => ({ heard: params.what })),
    quiet: assign({ heard: [] }),
  },
}).createMachine({
  id: 'violationWatcherModel',
  context: ({ input }) => ({ ...input, heard: [] }),
  initial: 'visible',
  // Each step starts from silence: an event the state ignores is heard as nothing.
  on: { '*': { actions: 'quiet' }, 'page.left': { target: '.left', actions: hear('watch.left') } },
  states: {
    visible: {
      on: {
        'page.hidden': { target: 'hidden', actions: hear('watch.hidden') },
        'page.blur': { target: 'blurred', actions: 'quiet' },
        'page.fullscreen_exit': [{ guard: 'asksFullscreen', actions: violation('fullscreen_exit') }, { actions: 'quiet' }],
        'page.key': [{ guard: 'screenshot', actions: violation('screenshot_key') }, { actions: 'quiet' }],
        'page.copy': { actions: violation('copy') },
        'page.paste': { actions: violation('paste') },
        'page.context_menu': { actions: violation('context_menu') },
      },
    },
    blurred: {
      on: {
        // No hide followed: the window switch counts now.
        'timer.blur_settled': { target: 'visible', actions: violation('window_blur') },
        // Hidden with the blur: one violation, the hide.
        'page.hidden': { target: 'hidden', actions: hear('watch.hidden') },
        'page.fullscreen_exit': [{ guard: 'asksFullscreen', actions: violation('fullscreen_exit') }, { actions: 'quiet' }],
        'page.key': [{ guard: 'screenshot', actions: violation('screenshot_key') }, { actions: 'quiet' }],
        'page.copy': { actions: violation('copy') },
        'page.paste': { actions: violation('paste') },
        'page.context_menu': { actions: violation('context_menu') },
      },
    },
    hidden: {
      on: {
        'page.visible': { target: 'visible', actions: hear('watch.visible') },
        'timer.hidden_limit': { target: 'over', actions: hear('watch.too_long') },
        'page.key': [{ guard: 'screenshot', actions: violation('screenshot_key') }, { actions: 'quiet' }],
      },
    },
    // Nothing more is heard once the exam is over or the page has gone (the real states are
    // final: the watcher stops; the model stays to check that nothing follows).
    over: { on: { 'page.left': { actions: 'quiet' } } },
    left: { on: { 'page.left': { actions: 'quiet' } } },
  },
});

export type ViolationWatcherModelConfig = keyof typeof VIOLATION_WATCHER_MODEL_CONFIGS;

/** The shortest path to every state of the model and through every transition, ignored events included. */
export function violationWatcherModelPaths(config: ViolationWatcherModelConfig) {
  // namedEvents: the events each state names (never the wildcard itself as an event).
  return createTestModel(violationWatcherModel, { events: WATCHER_MODEL_EVENTS, serializeTransition: selfLoopsToo }).getShortestPaths({
    input: VIOLATION_WATCHER_MODEL_CONFIGS[config],
    events: namedEvents(WATCHER_MODEL_EVENTS),
  });
}
