// StrykerJS: mutation testing of the rule modules (docs/testing.md, "Mutation testing").
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
const config = {
  packageManager: 'npm',
  testRunner: 'jest',
  jest: { configFile: 'jest.mutation.config.js', enableFindRelatedTests: false },
  coverageAnalysis: 'perTest',
  // The rule modules (docs/testing.md, "Mutation testing"): what decides points, coins, marks,
  // prizes, lifelines, unlocks and deadlines.
  mutate: [
    'services/domain/{answers,badges,contests,economy,exams,extended-time,lifelines,live,live-report,play-session,profile,quiz-zone,redeem,room-events,rooms,scoring,word}.ts',
  ],
  ignoreStatic: true,
  incremental: true,
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  reporters: ['html', 'json', 'clear-text', 'progress'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  concurrency: 2,
  timeoutMS: 20000,
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};

export default config;
