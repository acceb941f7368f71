// The browser files' order: the longest first, so that two workers end together instead of one
// running the crawl alone at the end. Jest orders by the durations in its cache when it has them
// (not on a clean clone, whose path is new) and by file size otherwise; these seconds were
// measured two at a time in Chromium's headless shell on a 2-core machine with one core busy, on
// 2026-12-04 (docs/testing.md, "Where CI's time goes"); the files left out take under 27 s.
const Sequencer = require('@jest/test-sequencer').default;

const SECONDS = {
  'crawl.e2e.ts': 125,
  'console.e2e.ts': 101,
  'battles.e2e.ts': 80,
  'instances.e2e.ts': 73,
  'small-machine.e2e.ts': 75,
  'live-host.e2e.ts': 43,
  'solo-play.e2e.ts': 38,
  'languages.e2e.ts': 37,
  'question-kinds.e2e.ts': 32,
  'firebase.e2e.ts': 27,
};

const seconds = (test) => SECONDS[require('node:path').basename(test.path)] ?? 0;

class LongestFirst extends Sequencer {
  sort(tests) {
    // Stable: files not listed keep Jest's own order after the listed ones.
    return [...super.sort(tests)].sort((a, b) => seconds(b) - seconds(a));
  }
}

module.exports = LongestFirst;
