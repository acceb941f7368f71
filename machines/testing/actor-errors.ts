import type { AnyActorRef } from 'xstate';

/**
 * An actor a test starts fails that test when it errors (an action, a guard or an invoked actor
 * that throws), instead of crashing the test process: XState rethrows an error nobody listens to
 * on a timer, which ends the whole Jest run without saying which test caused it (and StrykerJS
 * counts a mutant that does so as an error, not as caught).
 */
const errors: unknown[] = [];

export function failOnError<T extends AnyActorRef>(actor: T): T {
  actor.subscribe({ error: (error) => errors.push(error) });
  return actor;
}

afterEach(() => {
  const seen = errors.splice(0);
  if (seen.length > 0) throw seen[0];
});
