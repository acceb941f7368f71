import fc, { type IAsyncProperty, type Parameters as FcParameters } from 'fast-check';

/**
 * Random walks (fast-check's model-based testing) are seeded and reproducible. A walk id names the
 * walk, its seed and fast-check's path to one shrunk case: `live@-1870347012:12:3:0`. With it in
 * `QA_WALK`, the suite replays that case alone, command by command.
 *
 *   QA_WALK_SEED=<n>   another seed for every walk (the default is fixed: CI runs the same walks)
 *   QA_WALK_RUNS=<n>   walks per suite (default 20)
 *   QA_WALK=<id>       replay one walk id
 */
export const DEFAULT_WALK_SEED = 20261202;
export const DEFAULT_WALK_RUNS = 20;

export interface WalkId {
  readonly name: string;
  readonly seed: number;
  readonly path: string;
  /** fast-check's record of the commands kept by the shrinking (`fc.commands`' replayPath), when it gave one. */
  readonly replayPath?: string;
}

export function parseWalkId(id: string): WalkId {
  const m = /^([a-z-]+)@(-?\d+):(\d+(?::\d+)*)(?:~(.+))?$/.exec(id.trim());
  if (!m) throw new Error(`"${id}" is not a walk id: expected <walk>@<seed>:<path>[~<replay path>], as a failure prints it (live@-1870347012:12:3:0~DCA)`);
  return { name: m[1]!, seed: Number(m[2]), path: m[3]!, ...(m[4] ? { replayPath: m[4] } : {}) };
}

export const walkIdOf = (w: WalkId) => `${w.name}@${w.seed}:${w.path}${w.replayPath ? `~${w.replayPath}` : ''}`;

/** fast-check's parameters for the walk `name`: its replay when `QA_WALK` names it, else the seeded runs. */
export function walkParameters(name: string, env: NodeJS.ProcessEnv = process.env): FcParameters<unknown> & { replayPath?: string } {
  if (env.QA_WALK) {
    const replay = parseWalkId(env.QA_WALK);
    if (replay.name === name) return { seed: replay.seed, path: replay.path, replayPath: replay.replayPath, numRuns: 1, verbose: 2 };
  }
  const seed = env.QA_WALK_SEED === undefined ? DEFAULT_WALK_SEED : Number(env.QA_WALK_SEED);
  const numRuns = env.QA_WALK_RUNS === undefined ? DEFAULT_WALK_RUNS : Number(env.QA_WALK_RUNS);
  if (!Number.isInteger(seed)) throw new Error(`QA_WALK_SEED: "${env.QA_WALK_SEED}" is not a whole number`);
  if (!Number.isInteger(numRuns) || numRuns < 1) throw new Error(`QA_WALK_RUNS: "${env.QA_WALK_RUNS}" is not a number of walks (1 or more)`);
  return { seed, numRuns, verbose: 1 };
}

/**
 * fast-check's failure, led by the walk id of the shrunk case and the command that replays it. The
 * counterexample (the shortest sequence of commands that still fails) follows, as fast-check prints it.
 */
export function walkReplayHint(name: string, file: string, error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const m = /seed:\s*(-?\d+),\s*path:\s*"([\d:]+)"/.exec(text);
  if (!m) return text;
  const replayPath = /replayPath="([^"]+)"/.exec(text)?.[1];
  const id = walkIdOf({ name, seed: Number(m[1]), path: m[2]!, ...(replayPath ? { replayPath } : {}) });
  return `walk ${id} failed; replay it step by step: QA_WALK=${id} NODE_OPTIONS=--experimental-vm-modules npx jest ${file}\n\n${text}`;
}

/**
 * Runs a suite's seeded walks (fast-check's `assert` with `walkParameters(name)`): `property` gets
 * the replay path to hand to `fc.commands`. A failure is thrown again led by its walk id and the
 * command that replays it (`walkReplayHint`).
 */
export async function assertWalks<Ts>(name: string, file: string, property: (replayPath: string | undefined) => IAsyncProperty<Ts>): Promise<void> {
  const { replayPath, ...params } = walkParameters(name);
  try {
    await fc.assert(property(replayPath), params as FcParameters<Ts>);
  } catch (error) {
    throw new Error(walkReplayHint(name, file, error), { cause: error });
  }
}

/**
 * After the seeded walks: prints how often each kind of step happened, and fails unless every
 * kind in `kinds` happened at least once (walks that never reach a step prove nothing about it).
 * A replay (`QA_WALK`) runs one walk, so it is not held to that.
 */
export function expectWalksReached(name: string, tally: Readonly<Record<string, number>>, kinds: readonly string[], env: NodeJS.ProcessEnv = process.env): void {
  console.log(`${name} walks: ${JSON.stringify(tally)}`);
  if (env.QA_WALK) return;
  for (const what of kinds) expect({ what, happened: (tally[what] ?? 0) > 0 }).toEqual({ what, happened: true });
}
