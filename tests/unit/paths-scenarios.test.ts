import { scenarioId } from '@/machines/testing/paths';
import { scenariosIn, scenariosOf, serverScenarios } from '@/scripts/paths/scenarios';
import { allSuites, GAME_MACHINES } from '@/tests/paths/registry';

describe('server scenarios: listed from the suites without running them', () => {
  test('each scenario( call is read with its machine and title, and its id is the one its test carries', () => {
    const source = [
      "scenario('exam', 'a wrong key is asked again', async ({ step }) => {",
      '});',
      "  scenario('random-battle', 'an opponent who leaves loses: the other sees \"opponent left\" and wins', async () => {});",
      "scenario('contest', 'a player\\'s fee is taken once', async () => {});",
      'scenario(\'quiz-play\', "a question\'s deadline, to the ms", async () => {});',
    ].join('\n');
    const found = scenariosIn('x.test.ts', source);
    expect(found.map((s) => [s.machine, s.title])).toEqual([
      ['exam', 'a wrong key is asked again'],
      ['random-battle', 'an opponent who leaves loses: the other sees "opponent left" and wins'],
      ['contest', "a player's fee is taken once"],
      ['quiz-play', "a question's deadline, to the ms"],
    ]);
    expect(found[0]!.id).toBe(scenarioId('exam', 'a wrong key is asked again'));
    expect(found[0]!.id).toMatch(/^exam\/scenarios\/[0-9a-f]{8}$/);
    expect(new Set(found.map((s) => s.id)).size).toBe(4);
  });

  test('a call the listing cannot read, an unknown machine or a title used twice is an error, not a scenario left out', () => {
    expect(() => scenariosIn('x.test.ts', 'scenario("exam", "the machine in double quotes", async () => {});')).toThrow(/1 scenario\( calls but 0 read/);
    expect(() => scenariosIn('x.test.ts', 'scenario(`exam`, `backticks`, async () => {});')).toThrow(/1 scenario\( calls but 0 read/);
    expect(() => scenariosIn('x.test.ts', "scenario(\n  'exam',\n  'split over lines', async () => {});")).not.toThrow();
    expect(() => scenariosIn('x.test.ts', "scenario('no-such-machine', 'a title', async () => {});")).toThrow(/No game machine "no-such-machine"/);
    expect(() => scenariosIn('x.test.ts', "scenario('exam', 'twice', async () => {});\nscenario('exam', 'twice', async () => {});")).toThrow(/two scenarios named "twice"/);
  });

  test('every server suite declares its scenarios (or runs the model paths of machines that say so), and a machine counts those of each server suite it lists', () => {
    const all = serverScenarios();
    // A suite that runs every model path at the server's depth has path ids, not scenarios.
    const pathSuites = new Set(GAME_MACHINES.filter((m) => m.serverPaths?.length).flatMap((m) => m.suites.filter((s) => s.depth === 'server').map((s) => s.file)));
    expect([...pathSuites]).toEqual(['tests/paths/entry-server-paths.test.ts']);
    const serverFiles = allSuites().filter((s) => s.depth === 'server' && !pathSuites.has(s.file)).map((s) => s.file);
    for (const file of serverFiles) expect({ file, scenarios: all.filter((s) => s.file === file).length > 0 }).toEqual({ file, scenarios: true });
    expect(new Set(all.map((s) => s.id)).size).toBe(all.length);
    const battle = scenariosOf('group-battle').map((s) => s.file);
    expect(new Set(battle)).toEqual(new Set(['tests/paths/battle-server-paths.test.ts', 'tests/paths/battle-rules-server-paths.test.ts']));
    expect(scenariosOf('word-entry')).toEqual([]);
  });
});
