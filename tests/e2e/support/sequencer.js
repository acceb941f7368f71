// The browser files' order: the longest first, so that two workers end together instead of one
// running the crawl alone at the end. Jest orders by the durations in its cache when it has them
// (not on a clean clone, whose path is new) and by file size otherwise; these seconds were
// measured two at a time on a 2-core machine (docs/testing.md, "Where CI's time goes").
const Sequencer = require('@jest/test-sequencer').default;

const SECONDS = {
  'crawl.e2e.ts': 276,
  'console.e2e.ts': 157,
  'battles.e2e.ts': 117,
  'instances.e2e.ts': 101,
  'solo-play.e2e.ts': 82,
  'live-host.e2e.ts': 73,
  'question-kinds.e2e.ts': 69,
  'languages.e2e.ts': 67,
  'workbench.e2e.ts': 54,
  'shell.e2e.ts': 46,
};

const seconds = (test) => SECONDS[require('node:path').basename(test.path)] ?? 0;

class LongestFirst extends Sequencer {
  sort(tests) {
    // Stable: files not listed keep Jest's own order after the listed ones.
    return [...super.sort(tests)].sort((a, b) => seconds(b) - seconds(a));
  }
}

module.exports = LongestFirst;
