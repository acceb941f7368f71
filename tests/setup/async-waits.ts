/**
 * View tests (jsdom): `findBy…` and `waitFor` wait for the element or the condition, checking
 * each time the page changes. Their deadline is only where a test gives up, and Testing Library's
 * default of one second is one a busy machine can pass while a lazy part of a view still loads
 * (a CI run of 2026-12-05, the home page's progress, docs/testing.md "Flaky tests"). Ten seconds
 * keep a failure quick to see and no pass or fail to the machine's speed.
 */
if (typeof window !== 'undefined') {
  (require('@testing-library/dom') as typeof import('@testing-library/dom')).configure({ asyncUtilTimeout: 10_000 });
}
