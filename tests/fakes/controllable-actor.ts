import { fromPromise } from 'xstate';

/**
 * Calls a test answers by hand: every call is recorded with its input and stays pending until
 * the test resolves or rejects it, so a test decides when and how the "server" answers, and can
 * assert that a call was (or was not) made.
 */
export interface PendingCall<TOutput, TInput> {
  readonly input: TInput;
  resolve(value: TOutput): void;
  reject(error: unknown): void;
}

export interface ControllableCall<TOutput, TInput> {
  /** The function to hand to the code under test. */
  readonly fn: (input: TInput) => Promise<TOutput>;
  readonly calls: PendingCall<TOutput, TInput>[];
  /** The latest call; throws when there is none. */
  last(): PendingCall<TOutput, TInput>;
  /** Calls made and not answered yet. */
  pending(): PendingCall<TOutput, TInput>[];
  /** Answers the latest call. */
  resolve(value: TOutput): void;
  reject(error: unknown): void;
}

export function controllableCall<TOutput, TInput>(): ControllableCall<TOutput, TInput> {
  const calls: PendingCall<TOutput, TInput>[] = [];
  const settled = new WeakSet<PendingCall<TOutput, TInput>>();
  const fn = (input: TInput) =>
    new Promise<TOutput>((resolve, reject) => {
      const call: PendingCall<TOutput, TInput> = {
        input,
        resolve: (v) => {
          settled.add(call);
          resolve(v);
        },
        reject: (e) => {
          settled.add(call);
          reject(e);
        },
      };
      calls.push(call);
    });
  const last = () => {
    const call = calls[calls.length - 1];
    if (!call) throw new Error('no call was made');
    return call;
  };
  return {
    fn,
    calls,
    last,
    pending: () => calls.filter((c) => !settled.has(c)),
    resolve: (v) => last().resolve(v),
    reject: (e) => last().reject(e),
  };
}

/** A promise actor made of a controllable call. */
export function controllableActor<TOutput, TInput>() {
  const call = controllableCall<TOutput, TInput>();
  return { ...call, logic: fromPromise<TOutput, TInput>(({ input }) => call.fn(input)) };
}

/** Lets settled promises reach the actors (promise actors report on a later tick). */
export function flushPromises(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
