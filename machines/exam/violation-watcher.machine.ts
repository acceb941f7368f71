import { sendParent, setup } from 'xstate';
import { isScreenshotShortcut, type KeyPress } from '@/services/domain/exams';

/**
 * The exam's violation watcher: page events in, violations out. The exam page installs an
 * adapter (`installExamPageEvents`) that turns the browser's events (visibilitychange, blur,
 * fullscreenchange, keydown, copy, paste, contextmenu, pagehide) into `page.*` events; the exam
 * machine forwards them here, and this machine tells its parent what they mean:
 *
 * - `watch.violation` (window_blur, fullscreen_exit where the exam asks for fullscreen,
 *   screenshot_key, copy, paste, context_menu), once per event;
 * - one event of the page is one violation: hiding the page (another tab, another app) also takes
 *   the focus from the window, and browsers send `blur` just before or just after
 *   `visibilitychange`. So a blur is reported only when the page has not been hidden within
 *   `BLUR_SETTLE_MS` of it (`blurred`); if it is, the hide alone is reported;
 * - `watch.hidden` when the page is hidden, then `watch.visible` when it is back, or
 *   `watch.too_long` when it stayed hidden for the hidden limit (the exam ends then; the
 *   server judges the same limit by its own clock and ends it too);
 * - `watch.left` when the page is being closed or reloaded.
 *
 * Time is the actor system's (a `SimulatedClock` in tests). No browser API is touched here.
 */

export type ExamPageEvent =
  | { type: 'page.hidden' }
  | { type: 'page.visible' }
  | { type: 'page.blur' }
  | { type: 'page.fullscreen_exit' }
  | { type: 'page.key'; key: KeyPress }
  | { type: 'page.copy' }
  | { type: 'page.paste' }
  | { type: 'page.context_menu' }
  | { type: 'page.left' };

export const PAGE_EVENT_TYPES = [
  'page.hidden',
  'page.visible',
  'page.blur',
  'page.fullscreen_exit',
  'page.key',
  'page.copy',
  'page.paste',
  'page.context_menu',
  'page.left',
] as const satisfies readonly ExamPageEvent['type'][];

/** The violations the watcher reports one by one (the hidden page has its own events). */
export type WatchedViolation = 'window_blur' | 'fullscreen_exit' | 'screenshot_key' | 'copy' | 'paste' | 'context_menu';

export type WatcherEmitted =
  | { type: 'watch.violation'; kind: WatchedViolation }
  | { type: 'watch.hidden' }
  | { type: 'watch.visible' }
  | { type: 'watch.too_long' }
  | { type: 'watch.left' };

export interface WatcherInput {
  /** The exam asks for fullscreen: leaving it is a violation. */
  readonly fullscreen: boolean;
  /** How long the page may be hidden (the exam's `hidden_limit_seconds`). */
  readonly hiddenLimitMs: number;
}

type WatcherContext = WatcherInput;

/** How long a blur waits for the page to be hidden with it before it counts as a window switch. */
export const BLUR_SETTLE_MS = 500;

const visibleViolations = {
  'page.fullscreen_exit': { guard: 'asksFullscreen', actions: { type: 'violation', params: { kind: 'fullscreen_exit' } } },
  'page.key': { guard: 'screenshot', actions: { type: 'violation', params: { kind: 'screenshot_key' } } },
  'page.copy': { actions: { type: 'violation', params: { kind: 'copy' } } },
  'page.paste': { actions: { type: 'violation', params: { kind: 'paste' } } },
  'page.context_menu': { actions: { type: 'violation', params: { kind: 'context_menu' } } },
} as const;


export const violationWatcherMachine = setup({
  types: { context: {} as WatcherContext, events: {} as ExamPageEvent, input: {} as WatcherInput },
  guards: {
    asksFullscreen: ({ context }) => context.fullscreen,
    screenshot: ({ event }) => event.type === 'page.key' && isScreenshotShortcut(event.key),
  },
  actions: {
    violation: sendParent((_, params: { kind: WatchedViolation }) => ({ type: 'watch.violation' as const, kind: params.kind })),
    tellHidden: sendParent({ type: 'watch.hidden' }),
    tellVisible: sendParent({ type: 'watch.visible' }),
    tellTooLong: sendParent({ type: 'watch.too_long' }),
    tellLeft: sendParent({ type: 'watch.left' }),
  },
  delays: { hiddenLimit: ({ context }) => context.hiddenLimitMs, blurSettle: BLUR_SETTLE_MS },
}).createMachine({
  id: 'violationWatcher',
  context: ({ input }) => ({ ...input }),
  initial: 'visible',
  on: {
    'page.left': { target: '.left', actions: 'tellLeft' },
  },
  states: {
    visible: {
      on: {
        'page.hidden': { target: 'hidden' },
        'page.blur': { target: 'blurred' },
        ...visibleViolations,
      },
    },
    /** The window lost the focus: a window switch, unless the page is hidden with it (then one hide). */
    blurred: {
      after: { blurSettle: { target: 'visible', actions: { type: 'violation', params: { kind: 'window_blur' } } } },
      on: {
        'page.hidden': { target: 'hidden' },
        ...visibleViolations,
      },
    },
    hidden: {
      entry: 'tellHidden',
      after: { hiddenLimit: { target: 'over', actions: 'tellTooLong' } },
      on: {
        'page.visible': { target: 'visible', actions: 'tellVisible' },
        // A screenshot key can be pressed while another window has the focus but this page is hidden.
        'page.key': { guard: 'screenshot', actions: { type: 'violation', params: { kind: 'screenshot_key' } } },
      },
    },
    /** Hidden for the whole limit: the exam is over; nothing more is reported. */
    over: { type: 'final' },
    /** The page is going away. */
    left: { type: 'final' },
  },
});
