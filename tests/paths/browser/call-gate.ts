import type { Page, Route } from 'playwright-core';

/**
 * Holds the page's calls to the endpoints a model path decides on, so that the browser sits in the
 * model's waiting states (loading, saving, submitting) for as long as the path says, and the
 * next event says how the call ends: `release` lets it through to the real server, `fail` drops
 * it as a broken connection would. Every other call goes through untouched.
 */
export class CallGate {
  private readonly held = new Map<string, Route[]>();
  private readonly waiters = new Map<string, (() => void)[]>();

  private constructor(private readonly page: Page) {}

  static async on(page: Page, endpoints: readonly string[]): Promise<CallGate> {
    const gate = new CallGate(page);
    for (const endpoint of endpoints) {
      await page.route(`**/api/${endpoint}`, (route) => {
        gate.held.set(endpoint, [...(gate.held.get(endpoint) ?? []), route]);
        for (const wake of gate.waiters.get(endpoint)?.splice(0) ?? []) wake();
      });
    }
    return gate;
  }

  /** How many calls to `endpoint` wait now. */
  waiting(endpoint: string): number {
    return this.held.get(endpoint)?.length ?? 0;
  }

  private async next(endpoint: string, timeoutMs: number): Promise<Route> {
    const deadline = Date.now() + timeoutMs;
    while (!this.waiting(endpoint)) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`the page made no call to ${endpoint} (waited ${timeoutMs} ms)`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.set(endpoint, [...(this.waiters.get(endpoint) ?? []), () => (clearTimeout(timer), resolve())]);
      });
    }
    return this.held.get(endpoint)!.shift()!;
  }

  /** Lets the oldest held call to `endpoint` through to the server. */
  async release(endpoint: string, timeoutMs = 10_000): Promise<void> {
    await (await this.next(endpoint, timeoutMs)).continue();
  }

  /** Drops the oldest held call to `endpoint`: the page sees a network failure. */
  async fail(endpoint: string, timeoutMs = 10_000): Promise<void> {
    await (await this.next(endpoint, timeoutMs)).abort('failed');
  }

  /** Lets every held call through (the end of a path). */
  async drain(): Promise<void> {
    for (const routes of this.held.values()) for (const route of routes.splice(0)) await route.continue().catch(() => undefined);
    await this.page.unrouteAll({ behavior: 'ignoreErrors' }).catch(() => undefined);
  }
}
