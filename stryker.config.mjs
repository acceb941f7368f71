// StrykerJS: mutation testing (docs/testing.md, "Mutation testing"). Two sets, chosen by
// QA_MUTATION_SET (scripts/mutation.ts sets it from --set):
// - rules (the default, and CI's): what decides points, coins, marks, prizes, lifelines,
//   deadlines, answers' shapes, badges, the rooms' rules, the room engine, the live game and the
//   assignments' clocks;
// - machines: the client's flow machines whose model-path suites are fast enough for a mutant each.
// Each set has its own baseline, committed results and report (scripts/mutation.ts).
const SETS = {
  rules: [
    'services/domain/{answers,assignments,badges,contests,economy,exams,extended-time,lifelines,live,live-report,profile,room-events,rooms,scoring,settlement,word}.ts',
    'services/server/rooms/engine.ts',
    'services/server/live/game.ts',
  ],
  machines: [
    'machines/countdown/{countdown.machine,countdown-format}.ts',
    'machines/{contest/contest,sequence-order/sequence-order,word-entry/word-entry}.machine.ts',
  ],
};
const set = process.env.QA_MUTATION_SET ?? 'rules';
if (!(set in SETS)) throw new Error(`QA_MUTATION_SET must be one of ${Object.keys(SETS).join(', ')} (got ${set})`);
const reports = set === 'rules' ? 'reports/mutation' : `reports/mutation/${set}`;

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
const config = {
  packageManager: 'npm',
  testRunner: 'jest',
  jest: { configFile: 'jest.mutation.config.js', enableFindRelatedTests: false },
  coverageAnalysis: 'perTest',
  mutate: SETS[set],
  ignoreStatic: true,
  // Not copied into the sandbox: reports (the path runs' `latest` is a link to a folder, which
  // the sandbox cannot copy as a file), the build, the data directory.
  ignorePatterns: ['/reports', '/.next', '/.next-analyze', '/data', '/playwright-report'],
  incremental: true,
  incrementalFile: `${reports}/stryker-incremental.json`,
  reporters: ['html', 'json', 'clear-text', 'progress'],
  htmlReporter: { fileName: `${reports}/index.html` },
  jsonReporter: { fileName: `${reports}/mutation.json` },
  concurrency: 2,
  timeoutMS: 5000,
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};

export default config;
