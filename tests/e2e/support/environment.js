// The browser files' Jest environment: Node's, plus the name of the test that just failed, so that
// the suite's afterEach (tests/e2e/support/suite.ts) can keep the page as it was at the failure (a
// screenshot and the page's text under reports/e2e/). A failure seen once in a CI run can then be
// looked at instead of guessed at.
const { TestEnvironment } = require('jest-environment-node');

class BrowserTestEnvironment extends TestEnvironment {
  handleTestEvent(event) {
    if (event.name === 'test_start') this.global.__qaFailedTest = null;
    if (event.name === 'test_fn_failure') {
      const names = [];
      for (let block = event.test; block && block.name !== 'ROOT_DESCRIBE_BLOCK'; block = block.parent) names.unshift(block.name);
      this.global.__qaFailedTest = names.join(' › ');
    }
  }
}

module.exports = BrowserTestEnvironment;
