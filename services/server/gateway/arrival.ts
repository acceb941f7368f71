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

/** Stamps `req` when its body has fully arrived, and keeps it pending until `res` is finished. */
export function stampArrival(req: IncomingMessage, res?: ServerResponse): void {
  const stamped = req as Stamped;
  if (stamped[ARRIVED] !== undefined) return;
  if (req.complete) stamped[ARRIVED] = now();
  else {
    const push = req.push;
    req.push = function pushAndStamp(this: Stamped, chunk: unknown, encoding?: BufferEncoding) {
      if (chunk === null && stamped[ARRIVED] === undefined) stamped[ARRIVED] = now();
      return push.call(this, chunk, encoding);
    };
  }
  if (res) {
    pending.add(stamped);
    const done = () => pending.delete(stamped);
    res.once('finish', done);
    res.once('close', done);
  }
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
