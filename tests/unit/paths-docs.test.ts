import { readFileSync } from 'node:fs';
import { pathId } from '@/machines/testing/paths';
import { scenariosOf } from '@/scripts/paths/scenarios';
import { gameMachine } from '@/tests/paths/registry';

/** The replay examples the README and docs/testing.md give are ids that exist: a reader can run them as written. */
describe('the replay examples in the docs', () => {
  const docs = ['README.md', 'docs/testing.md'];
  const examples = docs.flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/test:paths -- --path ([a-z0-9-]+\/[a-z0-9_-]+\/[0-9a-f]{8})/g)].map((m) => ({ file, id: m[1]! })));

  test('there are examples of a model path and of a server scenario', () => {
    expect(examples.some((e) => e.id.includes('/scenarios/'))).toBe(true);
    expect(examples.some((e) => !e.id.includes('/scenarios/'))).toBe(true);
  });

  test.each(examples.map((e) => [`${e.file}: ${e.id}`, e.id] as const))('%s is a path or scenario the run has', (_, id) => {
    const [machine, config] = id.split('/') as [string, string];
    const known = config === 'scenarios' ? scenariosOf(machine).map((s) => s.id) : (gameMachine(machine).configs[config]?.() ?? []).map((p) => pathId(machine, config, p.steps));
    expect(known).toContain(id);
  });
});
