// The browser files' order: the longest first, so that two workers end together instead of one
// running the crawl alone at the end. Jest orders by the durations in its cache when it has them
// (not on a clean clone, whose path is new) and by file size otherwise; these seconds were
// measured two at a time on a 2-core machine on 2026-12-04, with reduced motion (docs/testing.md,
// "Where CI's time goes").
const Sequencer = require('@jest/test-sequencer').default;

const SECONDS = {
  'crawl.e2e.ts': 200,
  'console.e2e.ts': 120,
  'battles.e2e.ts': 96,
  'instances.e2e.ts': 88,
  'workbench.e2e.ts': 66,
  'live-host.e2e.ts': 48,
  'question-kinds.e2e.ts': 43,
  'languages.e2e.ts': 42,
  'solo-play.e2e.ts': 41,
  'shell.e2e.ts': 36,
  'keyboard.e2e.ts': 33,
};

const seconds = (test) => SECONDS[require('node:path').basename(test.path)] ?? 0;

class LongestFirst extends Sequencer {
  sort(tests) {
    // Stable: files not listed keep Jest's own order after the listed ones.
    return [...super.sort(tests)].sort((a, b) => seconds(b) - seconds(a));
  }
}

module.exports = LongestFirst;
