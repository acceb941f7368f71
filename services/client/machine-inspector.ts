import type { InspectionEvent } from 'xstate';

/**
 * Stately's inspector for the game machines, in development only: with
 * `NEXT_PUBLIC_XSTATE_INSPECT=1` in the environment of `npm run dev`, every game page passes this
 * to its actor, and the browser opens Stately's inspector window (allow pop-ups for the page) in
 * which a tester sees the machine's states and events as the game is played — the play's
 * children (countdown, lifelines, battle play, violation watcher) included.
 *
 * In a production build `process.env.NODE_ENV` is "production": the branch below is dropped
 * when the page is compiled, with the import of `@statelyai/inspect` in it, so no player's
 * browser downloads or runs any of it (a browser test checks the build for it).
 */

type Inspect = (event: InspectionEvent) => void;

let inspect: Inspect | undefined;

/** Events that arrive while the inspector's code is still loading (a game's first steps). */
const MAX_WAITING = 500;

export function machineInspector(): Inspect | undefined {
  if (process.env.NODE_ENV !== 'development' || process.env.NEXT_PUBLIC_XSTATE_INSPECT !== '1' || typeof window === 'undefined') return undefined;
  if (inspect) return inspect;
  const waiting: InspectionEvent[] = [];
  let forward: Inspect | null = null;
  inspect = (event) => {
    if (forward) forward(event);
    else if (waiting.length < MAX_WAITING) waiting.push(event);
  };
  void import('@statelyai/inspect')
    .then(({ createBrowserInspector }) => {
      const inspector = createBrowserInspector({ url: process.env.NEXT_PUBLIC_XSTATE_INSPECT_URL || undefined });
      forward = (event) => inspector.inspect.next?.(event);
      for (const event of waiting.splice(0)) forward(event);
    })
    .catch((error: unknown) => console.warn('The machine inspector could not start:', error));
  return inspect;
}
