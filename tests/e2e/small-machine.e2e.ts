/**
 * A small machine (docs/deploy.md, "A small machine"; decision 054): the built server on a new
 * embedded data directory, its JavaScript heap capped as docs/deploy.md tells a 1 GB machine to
 * cap it, plays bench/memory's load (a 40-phone live game and 20 solo players at once, 60 s) to
 * the end: no call refused or failed, the process alive and ready afterwards. A heap too small for
 * the load ends the process ("JavaScript heap out of memory"), which this test reports with the
 * server's output.
 *
 * Memory is measured by bench/memory, not here: a test's pass never depends on the machine.
 */
import { runPlayLoad } from '@/bench/support/play-load';
import { SMALL_MACHINE_NODE_ARGS } from '@/services/server/ops/small-machine';
import { startServer } from '@/tests/e2e/support/server';

jest.setTimeout(240_000);

test('the server with its heap capped for a 1 GB machine plays a live game of 40 phones and 20 solo players for 60 s', async () => {
  const server = await startServer({ env: { DEV_OUTBOX: '1', TRUST_PROXY: '1' }, nodeArgs: [...SMALL_MACHINE_NODE_ARGS], fresh: true });
  try {
    const load = await runPlayLoad(server.url, { seconds: 60, seed: 7 });
    expect(load.errors).toEqual([]);
    expect(load.summary).toMatch(/^[1-9]\d* live questions \([1-9]\d* answers\), [1-9]\d* solo levels/);
    const ready = await fetch(`${server.url}/readyz`);
    if (ready.status !== 200) throw new Error(`the server is not ready after the load (${ready.status}):\n${server.output()}`);
  } catch (error) {
    throw new Error(`${(error as Error).message}\n--- the server's output ---\n${server.output().slice(-4000)}`);
  } finally {
    await server.stop();
  }
});
