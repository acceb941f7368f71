import { cloneJson } from '@/services/domain/json-clone';

/**
 * Slices of the app's state, in the shape the app has always written them (`createSlice` with
 * reducers that change a draft or return a new state), without the libraries: a case reducer
 * works on a copy of its slice, and what it left unchanged keeps its old identity, so selectors
 * and effects see a change only where there was one.
 */
export interface Action {
  type: string;
}

export interface PayloadAction<P = undefined> extends Action {
  payload: P;
}

type CaseReducer<S> = (state: S, action: PayloadAction<never>) => S | void;

export type ActionCreator<P> = ([P] extends [undefined] ? () => PayloadAction<undefined> : (payload: P) => PayloadAction<P>) & {
  type: string;
  match: (action: Action) => action is PayloadAction<P>;
};

type PayloadOf<R> = R extends (state: never) => unknown ? undefined : R extends (state: never, action: PayloadAction<infer P>) => unknown ? P : never;

export interface CaseBuilder<S> {
  addCase(creator: { type: string }, reducer: (state: S, action: PayloadAction<unknown>) => S | void): CaseBuilder<S>;
}

export interface Slice<S, R> {
  name: string;
  reducer: (state: S | undefined, action: Action) => S;
  actions: { [K in keyof R]: ActionCreator<PayloadOf<R[K]>> };
}

/** Keeps the parts of `next` equal to those of `previous` as the very same objects. */
export function shareUnchanged<T>(previous: T, next: T): T {
  if (Object.is(previous, next)) return previous;
  if (typeof previous !== 'object' || typeof next !== 'object' || previous === null || next === null) return next;
  if (Array.isArray(previous) !== Array.isArray(next)) return next;
  const before = previous as Record<string, unknown>;
  const after = next as Record<string, unknown>;
  let same = Object.keys(before).length === Object.keys(after).length;
  for (const key of Object.keys(after)) {
    const kept = key in before ? shareUnchanged(before[key], after[key]) : after[key];
    after[key] = kept;
    if (!Object.is(kept, before[key])) same = false;
  }
  return same ? previous : next;
}

export function createSlice<S, R extends Record<string, CaseReducer<S>>>(options: {
  name: string;
  initialState: S;
  reducers: R & ThisType<void>;
  extraReducers?: (builder: CaseBuilder<S>) => void;
}): Slice<S, R> {
  const { name, initialState } = options;
  const cases = new Map<string, (state: S, action: PayloadAction<never>) => S | void>();
  const actions: Record<string, unknown> = {};
  for (const [key, reducer] of Object.entries(options.reducers)) {
    const type = `${name}/${key}`;
    cases.set(type, reducer as CaseReducer<S>);
    const creator = (payload?: unknown) => ({ type, payload });
    actions[key] = Object.assign(creator, { type, match: (action: Action) => action.type === type });
  }
  const builder: CaseBuilder<S> = {
    addCase(creator, reducer) {
      cases.set(creator.type, reducer as CaseReducer<S>);
      return builder;
    },
  };
  options.extraReducers?.(builder);

  const reducer = (state: S | undefined, action: Action): S => {
    const current = state === undefined ? initialState : state;
    const run = cases.get(action.type);
    if (!run) return current;
    const draft = cloneJson(current);
    const returned = run(draft, action as PayloadAction<never>);
    return shareUnchanged(current, returned === undefined ? draft : returned);
  };
  return { name, reducer, actions: actions as Slice<S, R>['actions'] };
}
