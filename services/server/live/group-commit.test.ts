import pino from 'pino';
import { createGroupCommit } from '@/services/server/live/group-commit';

/** The group commit of live writes: what goes into one statement, and when it starts. */
describe('live group commit', () => {
  const log = pino({ level: 'silent' });

  function recorder(ms = 0) {
    const statements: { items: number[]; at: number }[] = [];
    const write = async (items: readonly number[]) => {
      statements.push({ items: [...items], at: performance.now() });
      if (ms > 0) await new Promise((r) => setTimeout(r, ms));
      return (item: number) => item * 10;
    };
    return { statements, write };
  }

  test('items of one turn go into one statement, and those arriving while it is written into the next; each gets its own outcome', async () => {
    const { statements, write } = recorder(20);
    const commit = createGroupCommit(write, log, 'test');
    const first = [commit.add(1), commit.add(2)];
    await new Promise((r) => setTimeout(r, 5));
    const second = [commit.add(3), commit.add(4), commit.add(5)];
    expect(await Promise.all([...first, ...second])).toEqual([10, 20, 30, 40, 50]);
    expect(statements.map((s) => s.items)).toEqual([[1, 2], [3, 4, 5]]);
    expect(commit.stats).toEqual({ statements: 2, items: 5 });
  });

  test('with a spacing, a steady stream waits for it and fills one statement; after a quiet spell the first item is written at once', async () => {
    const { statements, write } = recorder();
    const commit = createGroupCommit(write, log, 'test', 200);
    const t0 = performance.now();
    await commit.add(1);
    expect(statements[0]!.at - t0).toBeLessThan(150);
    // Three items just after: written together, no sooner than 200 ms after the first statement.
    await Promise.all([commit.add(2), new Promise((r) => setTimeout(r, 5)).then(() => commit.add(3)), new Promise((r) => setTimeout(r, 10)).then(() => commit.add(4))]);
    expect(statements.map((s) => s.items)).toEqual([[1], [2, 3, 4]]);
    expect(statements[1]!.at - statements[0]!.at).toBeGreaterThanOrEqual(200);
    await new Promise((r) => setTimeout(r, 250));
    const quiet = performance.now();
    await commit.add(5);
    expect(statements[2]!.at - quiet).toBeLessThan(150);
  });

  test('a failed statement fails each of its items and the next statement still runs', async () => {
    let calls = 0;
    const commit = createGroupCommit(
      async (items: readonly number[]) => {
        calls += 1;
        if (calls === 1) throw new Error('disk full');
        return (item: number) => item + items.length;
      },
      log,
      'test',
    );
    const failed = [commit.add(1), commit.add(2)];
    await expect(Promise.all(failed)).rejects.toThrow('disk full');
    await Promise.allSettled(failed);
    expect(await commit.add(7)).toBe(8);
    await commit.drain();
    expect(commit.stats).toEqual({ statements: 2, items: 3 });
  });
});
