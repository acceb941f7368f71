// The Jest configuration StrykerJS runs (`npm run test:mutation`, stryker.config.mjs): the project's
// own configuration, with the tests that judge the set being mutated (QA_MUTATION_SET). Stryker's
// per-test coverage then runs, for each mutant, only the tests that reach it.
const base = require('./jest.config.js');

const TESTS = {
  // The domain's tests, the room engine's and the live game's (pure: no database).
  rules: ['<rootDir>/services/domain/**/*.test.ts', '<rootDir>/services/server/rooms/engine.test.ts', '<rootDir>/services/server/live/game.test.ts'],
  // The mutated machines' model paths.
  machines: ['countdown/countdown', 'contest/contest', 'sequence-order/sequence-order', 'word-entry/word-entry'].map((m) => `<rootDir>/machines/${m}.test.ts`),
};

module.exports = async () => {
  const config = await base();
  return { ...config, testMatch: TESTS[process.env.QA_MUTATION_SET ?? 'rules'] };
};
