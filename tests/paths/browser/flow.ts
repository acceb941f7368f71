import type { BrowserContext, Locator, Page } from 'playwright-core';
import { createTestModel } from '@xstate/graph';
import { __unsafe_getAllOwnEventDescriptors, type AnyStateMachine, type EventObject } from 'xstate';
import { selfLoopsToo } from '@/machines/testing/paths';
import type { CallGate } from '@/tests/paths/browser/call-gate';
import type { PathLike } from '@/tests/paths/registry';
import type { Player } from '@/tests/e2e/support/player';
import type { RunningServer } from '@/tests/e2e/support/server';

/** A model path's step as the browser runner sees it. */
export interface ModelStep {
  readonly event: EventObject;
  readonly state: PathLike['steps'][number]['state'] & { matches(value: unknown): boolean; readonly context: never };
}

export interface FlowRun {
  readonly page: Page;
  readonly context: BrowserContext;
  readonly server: RunningServer;
  /** The new player this path is played by (signed in on the page). */
  readonly player: Player;
  readonly gate: CallGate;
  readonly config: string;
  /** The step after this one (a choice may depend on it: which answer, when the call ends). */
  readonly next: ModelStep | undefined;
  /** Per-path memory of the flow (the question on screen, …). */
  readonly memo: Record<string, unknown>;
}

/**
 * One game flow driven through the real built app: which of its model's paths the browser can
 * play (the events a player, the network or the page can cause for real), how to start a path,
 * how to cause each event, and what the page must show in each model state.
 */
export interface BrowserFlow {
  readonly flow: string;
  /** The machine (tests/paths/registry.ts) whose model the paths are drawn from. */
  readonly machine: string;
  readonly configs: readonly string[];
  paths(config: string): readonly PathLike[];
  /** Whether a path whose events are all supported can be played as the model says (default: yes). */
  playable?(path: PathLike): boolean;
  /** Whether the browser can cause this event for real; a path with any other event is not drawn. */
  supports(event: EventObject): boolean;
  /**
   * Paths of this flow play one at a time: their steps wait on the server's own clock (a battle's
   * search runs out after 5 s, the bot answers 5 s after a question opens), which a second path
   * playing beside them on the same two cores can push past what the step's check waits for.
   */
  readonly alone?: boolean;
  /**
   * Settings the flow's paths need, written before the server starts. One server plays the paths
   * of every flow of a run, so two flows must not ask for different values of a setting.
   */
  readonly settings?: Readonly<Record<string, string>>;
  /** Operator commands run on the server's data before it starts (the content the paths play). */
  setup?(): readonly { script: string; args: readonly string[] }[];
  /**
   * Runs when a path has ended, before its page closes: takes away what the path left on the
   * server that would change the next player's path (a battle search still open, which the next
   * search would join).
   */
  finish?(run: FlowRun): Promise<void>;
  /** The endpoints whose calls the paths decide on (held until the next event says). */
  readonly gated: readonly string[];
  /** Opens the flow's page for a new player. */
  open(run: FlowRun): Promise<void>;
  /** Causes the event of a step. */
  send(event: EventObject, run: FlowRun): Promise<void>;
  /** How long the page may take to show the state an event leads to (default 6 s): a server clock or the bot can take longer. */
  waitMs?(event: EventObject): number;
  /** Null when the page shows the state, else what is wrong. Polled until it holds or time runs out. */
  check(state: ModelStep['state'], run: FlowRun): Promise<string | null>;
}

/** Presses a control as a player would: one that is off takes the press and nothing happens (no waiting for it to turn on). */
export async function press(control: Locator): Promise<void> {
  if (await control.isDisabled()) await control.click({ force: true, timeout: 2000 });
  else await control.click();
}

/** The buttons of a group at one instant: how many, how many are on, and their texts (no race with a page that is redrawing). */
export async function buttonsOf(group: Locator): Promise<{ total: number; enabled: number; texts: string[]; on: boolean[] }> {
  const rows = await group.getByRole('button').evaluateAll((els) => els.map((e) => ({ on: !(e as HTMLButtonElement).disabled, text: (e as HTMLElement).innerText })));
  return { total: rows.length, enabled: rows.filter((r) => r.on).length, texts: rows.map((r) => r.text), on: rows.map((r) => r.on) };
}

/**
 * A model's shortest paths when only the events the browser can cause are taken: the same model
 * and the same traversal as the machine's paths (`@xstate/graph`, every state and transition
 * once), with the other events left out of each state's choices, so that every state the browser
 * can reach is reached. A path that is also one of the machine's has the same id.
 */
export function browserPaths(model: AnyStateMachine, samples: readonly EventObject[], input: unknown, supports: (event: EventObject) => boolean): PathLike[] {
  const choices = (state: Parameters<typeof __unsafe_getAllOwnEventDescriptors>[0]) =>
    __unsafe_getAllOwnEventDescriptors(state)
      .flatMap((type) => {
        const given = samples.filter((e) => e.type === type);
        return given.length ? given : [{ type }];
      })
      .filter(supports);
  return createTestModel(model, { events: [...samples], serializeTransition: selfLoopsToo }).getShortestPaths({ input, events: choices as never }) as unknown as PathLike[];
}

/** Whether the page shows something now (present and visible). */
export async function visible(target: Locator): Promise<boolean> {
  return (await target.count()) > 0 && (await target.first().isVisible());
}

/** A check's verdict: null when the page shows it, else what was expected. */
export async function shows(target: Locator, what: string): Promise<string | null> {
  return (await visible(target)) ? null : `expected ${what}`;
}
