// StrykerJS: mutation testing of the rule modules (docs/testing.md, "Mutation testing").
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
const config = {
  packageManager: 'npm',
  testRunner: 'jest',
  jest: { configFile: 'jest.mutation.config.js', enableFindRelatedTests: false },
  coverageAnalysis: 'perTest',
  // The rule modules (docs/testing.md, "Mutation testing"): what decides points, coins, marks,
  // prizes, lifelines and deadlines. Each has its score in tests/mutation/baseline.json; the
  // domain's other rule modules (answers, badges, rooms, room events, word…), the server's and
  // machines/ join the list as their first full run is committed.
  mutate: ['services/domain/{contests,economy,exams,lifelines,live,scoring}.ts'],
  ignoreStatic: true,
  incremental: true,
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  reporters: ['html', 'json', 'clear-text', 'progress'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  concurrency: 2,
  timeoutMS: 5000,
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};

export default config;
