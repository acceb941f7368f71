/**
 * Waits for something a test cannot be told about by an event (a server's state read by polling):
 * asks `probe` every `everyMs` until it answers a value (not null, undefined or false) and returns
 * it. The deadline only bounds a wait that will never end; a slow machine just takes longer to get
 * there (docs/testing.md, "Flaky tests": a test waits for the event, not for a number of
 * milliseconds). `explain` adds to the error, e.g. the server's last output.
 */
export async function until<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false> | T | null | undefined | false,
  { everyMs = 100, withinMs = 60_000, explain }: { everyMs?: number; withinMs?: number; explain?: () => string } = {},
): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await probe();
    if (value !== null && value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} (${withinMs / 1000} s)${explain ? `\n${explain()}` : ''}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
