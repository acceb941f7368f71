// Browser tests: Chromium (Debian's /usr/bin/chromium) driven by playwright-core against the
// built app served by server.ts. Two files at a time: each has its own server, port and data
// directory, and a file spends much of its time waiting on the browser and the server (docs/testing.md,
// "Where CI's time goes").
const nextJest = require('next/jest');

const createJestConfig = nextJest({ dir: './' });

module.exports = createJestConfig({
  testEnvironment: '<rootDir>/tests/e2e/support/environment.js',
  moduleNameMapper: { '^@/(.*)$': '<rootDir>/$1' },
  testMatch: ['<rootDir>/tests/e2e/**/*.e2e.ts'],
  testPathIgnorePatterns: ['/node_modules/'],
  maxWorkers: 2,
  testSequencer: '<rootDir>/tests/e2e/support/sequencer.js',
  testTimeout: 120000,
});
