import type { AnyStateMachine } from 'xstate';

/**
 * What a machine's definition holds, read from the machine itself: its state nodes and its
 * transitions (event × source state), each with its branches (guard, targets). Coverage counts
 * these; the diagrams draw them.
 */

export interface Branch {
  readonly index: number;
  readonly guard: string | null;
  /** Target state ids; empty for a transition that stays (actions only). */
  readonly targets: readonly string[];
}

export interface TransitionUnit {
  /** `<source id>\0<event type>`, as the coverage recorder writes it. */
  readonly key: string;
  readonly source: string;
  readonly eventType: string;
  /** The event as a tester reads it: `user.answer`, `after untilOpen`, `always`, `done: submitAnswer`. */
  readonly label: string;
  readonly branches: readonly Branch[];
}

export interface StateUnit {
  readonly id: string;
  readonly parent: string | null;
  readonly key: string;
  readonly type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  readonly children: readonly string[];
}

export interface MachineUnits {
  readonly machineId: string;
  readonly root: string;
  /** Every state node but the root (always active). */
  readonly states: readonly StateUnit[];
  readonly transitions: readonly TransitionUnit[];
}

interface NodeLike {
  readonly id: string;
  readonly key: string;
  readonly type: StateUnit['type'];
  readonly parent?: NodeLike;
  readonly states: Record<string, NodeLike>;
  readonly transitions: Map<string, readonly TransitionLike[]>;
  readonly always?: readonly TransitionLike[];
  readonly invoke: readonly { readonly id: string; readonly src: unknown }[];
}
interface TransitionLike {
  readonly target?: readonly { readonly id: string }[];
  readonly guard?: unknown;
}

/**
 * An inline guard named by what it tests: its body without the parameters, shortened
 * (`({ event }) => codeOf(event.output) === 'exam_completed'` → `codeOf(event.output) === 'exam_completed'`).
 */
function inlineGuard(fn: object): string {
  const source = Function.prototype.toString.call(fn).replace(/\s+/g, ' ').trim();
  const arrow = /^(?:async\s*)?(?:\([^)]*\)|[\w$]+)\s*=>\s*(.*)$/s.exec(source);
  let body = (arrow ? arrow[1]! : source).trim();
  const block = /^\{\s*return\s+(.*?);?\s*\}$/s.exec(body);
  if (block) body = block[1]!;
  return body.length > 48 ? `${body.slice(0, 47)}…` : body || 'inline guard';
}

function guardName(guard: unknown): string | null {
  if (!guard) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') return guard.name && guard.name !== 'guard' ? guard.name : inlineGuard(guard);
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return String((guard as { type: unknown }).type);
  return 'guard';
}

/** A readable event name for the event types XState makes up for delays, invocations and `always`. */
export function eventLabel(eventType: string, node?: NodeLike): string {
  if (eventType === '') return 'always';
  if (eventType.startsWith('xstate.after.')) return `after ${eventType.slice('xstate.after.'.length).split('.')[0]}`;
  for (const [prefix, word] of [
    ['xstate.done.actor.', 'done'],
    ['xstate.error.actor.', 'error'],
    ['xstate.snapshot.', 'snapshot'],
  ] as const) {
    if (eventType.startsWith(prefix)) {
      const id = eventType.slice(prefix.length);
      const src = node?.invoke.find((i) => i.id === id)?.src;
      return `${word}: ${typeof src === 'string' ? src : id}`;
    }
  }
  if (eventType.startsWith('xstate.done.state.')) return 'done (its final state)';
  return eventType;
}

export function machineUnits(machine: AnyStateMachine): MachineUnits {
  const root = machine.root as unknown as NodeLike;
  const states: StateUnit[] = [];
  const transitions: TransitionUnit[] = [];
  const visit = (node: NodeLike) => {
    if (node !== root) {
      states.push({ id: node.id, parent: node.parent?.id ?? null, key: node.key, type: node.type, children: Object.values(node.states).map((c) => c.id) });
    }
    const add = (eventType: string, list: readonly TransitionLike[]) => {
      transitions.push({
        key: `${node.id}\u0000${eventType}`,
        source: node.id,
        eventType,
        label: eventLabel(eventType, node),
        branches: list.map((t, index) => ({ index, guard: guardName(t.guard), targets: (t.target ?? []).map((s) => s.id) })),
      });
    };
    for (const [eventType, list] of node.transitions) add(eventType, list);
    if (node.always?.length) add('', node.always);
    for (const child of Object.values(node.states)) visit(child);
  };
  visit(root);
  return { machineId: machine.id, root: root.id, states, transitions };
}
