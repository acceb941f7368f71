// Jest runs every test through Next's SWC transform. View tests choose jsdom with a docblock
// (`@jest-environment jsdom`); everything else runs in node.
const nextJest = require('next/jest');

const createJestConfig = nextJest({ dir: './' });

/** @type {import('jest').Config} */
const config = {
  testEnvironment: 'node',
  moduleNameMapper: { '^@/(.*)$': '<rootDir>/$1' },
  setupFilesAfterEnv: ['<rootDir>/tests/setup/machine-coverage.ts', '<rootDir>/tests/setup/fail-on-console-error.ts', '<rootDir>/tests/setup/english-strings.ts', '<rootDir>/tests/setup/jsdom-toaster.ts', '<rootDir>/tests/setup/async-waits.ts'],
  globalSetup: '<rootDir>/tests/setup/global-setup.ts',
  globalTeardown: '<rootDir>/tests/setup/global-teardown.ts',
  testPathIgnorePatterns: ['<rootDir>/tests/e2e/', '<rootDir>/bench/', '<rootDir>/data/', '<rootDir>/.stryker-tmp/'],
  // bench/web's second build (with source maps), when there is one.
  modulePathIgnorePatterns: ['<rootDir>/.next-analyze/', '<rootDir>/.stryker-tmp/'],
  testTimeout: 30000,
  // Every core: Jest's default leaves one for itself, which on a 2-core machine runs the files one
  // at a time (docs/testing.md, "Where CI's time goes").
  maxWorkers: '100%',
};

module.exports = createJestConfig(config);
