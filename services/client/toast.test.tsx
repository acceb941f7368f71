/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { act, render, screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { AppToaster } from '@/components/shell/app-toaster';
import { MAX_VISIBLE_TOASTS } from '@/services/client/toast';

/**
 * The messages showing: a dismissed toast stays in the page for its exit animation, its wrapper no
 * longer marked visible (the library gives a visible one its active class).
 */
const showing = () =>
  screen
    .queryAllByRole('status')
    .filter((s) => (s.closest('[data-rht-toaster] > div') as HTMLElement | null)?.className)
    .map((s) => s.textContent);

beforeEach(() => {
  jest.useFakeTimers();
  toast.remove();
});

afterEach(() => {
  act(() => toast.remove());
  jest.useRealTimers();
});

/** Lets the toaster's timers run, then the exit animation's removal (1 s). */
function after(ms: number): void {
  act(() => jest.advanceTimersByTime(ms));
  act(() => jest.advanceTimersByTime(1000));
}

describe('toasts (react-hot-toast in the shell Toaster)', () => {
  test('top centre: the Toaster is placed at the top and centred', () => {
    render(<AppToaster />);
    act(() => {
      toast('hello');
    });
    const wrapper = screen.getByRole('status').closest('[data-rht-toaster] > div') as HTMLElement;
    expect(wrapper.style.top).toBe('0px');
    expect(wrapper.style.justifyContent).toBe('center');
  });

  test('an error shows for 4 s, a success for 2 s, a plain message for 4 s, a loading toast until dismissed, each a live status', () => {
    render(<AppToaster />);
    act(() => {
      toast.error('could not save');
      toast.success('saved');
      toast('note');
      toast.loading('working', { id: 'work' });
    });
    expect(screen.getAllByRole('status').map((s) => s.getAttribute('aria-live'))).toEqual(['polite', 'polite', 'polite', 'polite']);
    expect(showing().sort()).toEqual(['could not save', 'note', 'saved', 'working']);

    act(() => jest.advanceTimersByTime(1900));
    expect(showing()).toContain('saved');
    after(100);
    expect(screen.queryByText('saved')).not.toBeInTheDocument();
    expect(screen.getByText('could not save')).toBeInTheDocument();

    after(1000);
    expect(screen.queryByText('could not save')).not.toBeInTheDocument();
    expect(screen.queryByText('note')).not.toBeInTheDocument();

    act(() => jest.advanceTimersByTime(60_000));
    expect(screen.getByText('working')).toBeInTheDocument();
    act(() => toast.dismiss('work'));
    after(0);
    expect(screen.queryByText('working')).not.toBeInTheDocument();
  });

  test('a toast with the id of one showing replaces it and starts its time again', () => {
    render(<AppToaster />);
    act(() => {
      toast.error('network down', { id: 'api:errors.network' });
    });
    act(() => jest.advanceTimersByTime(3000));
    act(() => {
      toast.error('network still down', { id: 'api:errors.network' });
    });
    expect(screen.getAllByRole('status')).toHaveLength(1);
    act(() => jest.advanceTimersByTime(3000));
    expect(screen.getByRole('status')).toHaveTextContent('network still down');
    after(1000);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  test(`shows at most ${MAX_VISIBLE_TOASTS}, the newest`, () => {
    render(<AppToaster />);
    act(() => {
      for (let i = 1; i <= MAX_VISIBLE_TOASTS + 3; i++) toast(`message ${i}`);
    });
    const shown = showing();
    expect(shown).toHaveLength(MAX_VISIBLE_TOASTS);
    expect(shown).not.toContain('message 3');
    expect(shown).toContain('message 4');
    expect(shown).toContain(`message ${MAX_VISIBLE_TOASTS + 3}`);
  });

  test('an error and a success carry the design tokens and an icon besides the colour', () => {
    render(<AppToaster />);
    act(() => {
      toast.error('could not save');
      toast.success('saved');
    });
    const error = screen.getByText('could not save').closest('.qa-toast') as HTMLElement;
    const success = screen.getByText('saved').closest('.qa-toast') as HTMLElement;
    expect(error.style.borderColor).toBe('var(--color-danger)');
    expect(success.style.borderColor).toBe('var(--color-success)');
    expect(error.style.background).toBe('var(--color-surface)');
    // The icon sits before the message, inside the toast.
    expect(error.firstElementChild).not.toBe(screen.getByText('could not save'));
    expect(success.firstElementChild).not.toBe(screen.getByText('saved'));
  });
});
