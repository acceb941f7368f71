// StrykerJS: mutation testing of the rule modules (docs/testing.md, "Mutation testing").
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
const config = {
  packageManager: 'npm',
  testRunner: 'jest',
  jest: { configFile: 'jest.mutation.config.js', enableFindRelatedTests: false },
  coverageAnalysis: 'perTest',
  // The rule modules (docs/testing.md, "Mutation testing"): what decides points, coins, marks,
  // prizes, lifelines, deadlines, answers' shapes, badges, the rooms' rules and the room engine.
  // Each has its score in tests/mutation/baseline.json.
  mutate: [
    'services/domain/{answers,badges,contests,economy,exams,extended-time,lifelines,live,live-report,profile,room-events,rooms,scoring,word}.ts',
    'services/server/rooms/engine.ts',
  ],
  ignoreStatic: true,
  // Not copied into the sandbox: reports (the path runs' `latest` is a link to a folder, which
  // the sandbox cannot copy as a file), the build, the data directory.
  ignorePatterns: ['/reports', '/.next', '/.next-analyze', '/data', '/playwright-report'],
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
