import { scenarioId } from '@/machines/testing/paths';
import { assertions, failureMessage, writeTrace, type PathTrace, type TracedStep } from '@/machines/testing/trace';

/**
 * A real-server scenario: a test with an id (`<machine>/scenarios/<8 hex digits>`) and named
 * steps, so `npm run paths -- --machine <name>` lists it, `npm run test:paths -- --path <id>`
 * replays it alone printing each step as it runs, and the report shows its steps with the one
 * that failed. Write it on one line up to the title, in single quotes (`npm run paths` reads the
 * suites' source to list the scenarios without running them):
 *
 *   scenario('random-battle', 'two players are matched, …', async ({ step }) => {
 *     const [a, b] = await step('two players search', async () => …);
 *     await step('both see the result', async () => { … });
 *   }, 60_000);
 *
 * A step's label reads as what happens in it; its assertions are counted. What the body does
 * outside a step is fine too: a failure there is shown after the last step that ran.
 */

export type Step = <T>(label: string, run: () => T | Promise<T>) => Promise<T>;


export function scenario(machine: string, title: string, body: (tools: { step: Step }) => Promise<void>, timeout?: number): void {
  const id = scenarioId(machine, title);
  test(
    `[${id}] ${title}`,
    async () => {
      const printing = process.env.PATHS_TRACE === '1';
      const dir = process.env.PATHS_REPORT_DIR;
      const { currentTestName = '', testPath = '' } = expect.getState();
      const trace: PathTrace = { id, test: currentTestName, file: testPath, steps: [], failed: null };
      const print = (line: string) => printing && process.stderr.write(`${line}\n`);
      let running: TracedStep | null = null;
      const step: Step = async (label, run) => {
        const current: TracedStep = { index: trace.steps.length, event: label, state: '', checks: [], assertions: 0 };
        trace.steps.push(current);
        running = current;
        globalThis.__qaPathStep = current.index;
        const before = assertions();
        try {
          const value = await run();
          current.assertions = assertions() - before;
          print(`  ${String(current.index).padStart(3)}. ${label}   ✓ (${current.assertions} assertions)`);
          return value;
        } catch (error) {
          current.assertions = assertions() - before;
          trace.failed ??= { step: current.index, during: 'event', message: failureMessage(error) };
          throw error;
        } finally {
          running = null;
        }
      };
      print(`scenario ${id}: ${title}`);
      try {
        await body({ step });
        print('  ✓ passed');
      } catch (error) {
        // A failure outside any step belongs after the last step that ran.
        trace.failed ??= {
          step: running === null ? Math.max(0, trace.steps.length - 1) : (running as TracedStep).index,
          during: 'state',
          message: failureMessage(error),
        };
        const failed = trace.steps[trace.failed.step];
        print(`  ✗ failed at step ${trace.failed.step}${failed ? ` (${failed.event})` : ''}:\n${trace.failed.message}`);
        throw error;
      } finally {
        if (dir) writeTrace(dir, trace);
      }
    },
    timeout,
  );
}
