/**
 * @jest-environment jsdom
 */
import { whenPageSettled } from '@/services/client/when-settled';

// jsdom's document has loaded ('complete'); a page still loading is pretended by its readyState.
const setReadyState = (state: DocumentReadyState) => Object.defineProperty(document, 'readyState', { configurable: true, get: () => state });

beforeEach(() => {
  jest.useFakeTimers();
  // The idle callback, under fake timers: the next turn (jsdom has none of its own).
  (window as unknown as { requestIdleCallback: unknown }).requestIdleCallback = (fn: () => void) => setTimeout(fn, 0) as unknown as number;
  (window as unknown as { cancelIdleCallback: unknown }).cancelIdleCallback = (handle: number) => clearTimeout(handle);
});

afterEach(() => {
  jest.useRealTimers();
  setReadyState('complete');
});

test('waits for the load event, then the delay, then an idle moment', () => {
  setReadyState('loading');
  const run = jest.fn();
  whenPageSettled(run, 2000);
  jest.advanceTimersByTime(5000);
  expect(run).not.toHaveBeenCalled();
  window.dispatchEvent(new Event('load'));
  jest.advanceTimersByTime(1999);
  expect(run).not.toHaveBeenCalled();
  jest.advanceTimersByTime(1);
  expect(run).not.toHaveBeenCalled();
  jest.advanceTimersByTime(1);
  expect(run).toHaveBeenCalledTimes(1);
});

test('on a page that has loaded already, the delay counts from now', () => {
  const run = jest.fn();
  whenPageSettled(run, 500);
  jest.advanceTimersByTime(499);
  expect(run).not.toHaveBeenCalled();
  jest.advanceTimersByTime(2);
  expect(run).toHaveBeenCalledTimes(1);
});

test('cancelled before the load, during the delay or before the idle moment, it never runs', () => {
  const run = jest.fn();
  setReadyState('loading');
  whenPageSettled(run, 100)();
  window.dispatchEvent(new Event('load'));
  setReadyState('complete');
  const duringDelay = whenPageSettled(run, 100);
  jest.advanceTimersByTime(50);
  duringDelay();
  const beforeIdle = whenPageSettled(run, 100);
  jest.advanceTimersByTime(100);
  beforeIdle();
  jest.advanceTimersByTime(10_000);
  expect(run).not.toHaveBeenCalled();
});
