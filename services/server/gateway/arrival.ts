import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * When a request had fully arrived (docs/api.md, "The time of an answer"): its last byte read off
 * the connection, before admission (decision 027) or a busy turn of the event loop holds it back.
 * Solo, battle and live answers are timed from this instant, not from when their handler runs, so
 * the server's own queueing costs a player neither points by speed nor an answer near the deadline.
 *
 * The instant is taken as Node's HTTP parser hands the body's end to the request (its `push(null)`),
 * on the monotonic clock; a request that is already complete when it is stamped is stamped then.
 * It is the server's own reading: a client can neither set it nor move it, and a client that sends
 * its headers early and its body late is timed by its body.
 */
const ARRIVED = Symbol('qa.arrivedAt');
type Stamped = IncomingMessage & { [ARRIVED]?: number };

const now = () => performance.now();

/** Requests stamped and not answered yet, oldest first (arrival order): see `waitForArrivalsBefore`. */
const pending = new Set<Stamped>();

const PUSH = Symbol('qa.push');
type Pushing = Stamped & { [PUSH]: IncomingMessage['push'] };

/** The request's own push, stamping the end of its body: one function for every request, no closure each. */
function pushAndStamp(this: Pushing, chunk: unknown, encoding?: BufferEncoding): boolean {
  if (chunk === null && this[ARRIVED] === undefined) this[ARRIVED] = now();
  return this[PUSH].call(this, chunk, encoding);
}

/** Stamps `req` when its body has fully arrived, and keeps it pending until `res` is finished. */
export function stampArrival(req: IncomingMessage, res?: ServerResponse): void {
  if ((req as Stamped)[ARRIVED] !== undefined) return;
  if (!beginArrival(req) || !res) return;
  // A response emits 'close' once, after its end or when its connection went first.
  res.once('close', () => endArrival(req));
}

/**
 * `stampArrival` for a server that waits for each response's 'close' itself (server.ts): stamps
 * `req` and keeps it pending until `endArrival`. False when it was stamped already.
 */
export function beginArrival(req: IncomingMessage): boolean {
  const stamped = req as Pushing;
  if (stamped[ARRIVED] !== undefined) return false;
  if (req.complete) stamped[ARRIVED] = now();
  else {
    stamped[PUSH] = req.push;
    req.push = pushAndStamp;
  }
  pending.add(stamped);
  return true;
}

/** The request was answered (or its connection went): it is no longer pending. */
export function endArrival(req: IncomingMessage): void {
  pending.delete(req as Stamped);
}

/**
 * Whole milliseconds since `req` had fully arrived (0 for a request nobody stamped, or whose body is
 * still arriving), rounded down: never more than it waited. A service times an answer as
 * `clock.now() - sinceArrival(req)`, on whatever clock it keeps. server.ts stamps every call; a
 * gateway served otherwise (the API tests' servers, whose services run on clocks the tests move)
 * leaves them unstamped, so that their answers are timed by those clocks alone.
 */
export function sinceArrival(req: IncomingMessage): number {
  const at = (req as Stamped)[ARRIVED];
  return at === undefined ? 0 : Math.max(0, Math.floor(now() - at));
}

/** Whether a request that had arrived before `msAgo` milliseconds ago is still being answered. */
export function arrivalsPendingBefore(msAgo: number): boolean {
  const limit = now() - msAgo;
  for (const req of pending) {
    const at = req[ARRIVED];
    if (at !== undefined && at < limit) return true;
  }
  return false;
}

/** At most this long a question's close waits for calls that arrived before its deadline. */
export const ARRIVAL_WAIT_MAX_MS = 1000;

/**
 * Resolves once every call that had arrived before an instant `msAgo` milliseconds ago has been
 * answered, or after ARRIVAL_WAIT_MAX_MS: a question closing at its deadline first lets the answers
 * that reached the server in time be decided (they may wait in admission's queue behind others).
 */
export async function waitForArrivalsBefore(msAgo: number, wait: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms))): Promise<void> {
  const started = now();
  const instant = started - msAgo;
  while (arrivalsPendingBefore(now() - instant) && now() - started < ARRIVAL_WAIT_MAX_MS) await wait(1);
}
