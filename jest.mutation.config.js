// The Jest configuration StrykerJS runs (`npm run test:mutation`, stryker.config.mjs): the project's
// own configuration, with the tests that judge the rule modules. Stryker's per-test coverage then
// runs, for each mutant, only the tests that reach it.
const base = require('./jest.config.js');

module.exports = async () => {
  const config = await base();
  // The domain's tests, and the room engine's (pure: no database).
  return { ...config, testMatch: ['<rootDir>/services/domain/**/*.test.ts', '<rootDir>/services/server/rooms/engine.test.ts'] };
};
