/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { RouteProgress } from '@/components/shell/route-progress';

let mockPathname = '/';
jest.mock('next/navigation', () => ({
  usePathname: () => mockPathname,
  useSearchParams: () => new URLSearchParams(),
}));

const phase = (container: HTMLElement) => container.querySelector('[data-route-progress]')!.getAttribute('data-route-progress');

function page() {
  return (
    <>
      <RouteProgress />
      <a href="/faq/" onClick={(e) => e.preventDefault()}>
        handled elsewhere
      </a>
      <a href="/faq/" onClickCapture={() => undefined}>
        FAQ
      </a>
      <a href="https://example.org/">outside</a>
      <a href="/faq/" target="_blank">
        new tab
      </a>
      <a href="#top">this page</a>
    </>
  );
}

beforeEach(() => {
  jest.useFakeTimers();
  mockPathname = '/';
});
afterEach(() => jest.useRealTimers());

test('runs from a link to another page of the site until the new address is in place', () => {
  const { container, rerender } = render(page());
  expect(phase(container)).toBe('idle');
  for (const name of ['outside', 'new tab', 'this page', 'handled elsewhere']) {
    fireEvent.click(screen.getByText(name));
    expect([name, phase(container)]).toEqual([name, 'idle']);
  }
  fireEvent.click(screen.getByText('FAQ'), { ctrlKey: true });
  expect(phase(container)).toBe('idle');

  fireEvent.click(screen.getByText('FAQ'));
  expect(phase(container)).toBe('running');
  expect(container.querySelector('[data-route-progress]')).toHaveAttribute('aria-hidden', 'true');

  mockPathname = '/faq/';
  rerender(page());
  expect(phase(container)).toBe('done');
  act(() => jest.advanceTimersByTime(300));
  expect(phase(container)).toBe('idle');
});
