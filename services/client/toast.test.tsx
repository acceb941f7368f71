/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { act, render, screen } from '@testing-library/react';
import { AppToaster } from '@/components/shell/app-toaster';
import { MAX_VISIBLE_TOASTS, toast } from '@/services/client/toast';

beforeEach(() => {
  jest.useFakeTimers();
  toast.remove();
});

afterEach(() => {
  act(() => toast.remove());
  jest.useRealTimers();
});

describe('toasts', () => {
  test('an error shows for 4 s, a success for 2 s, a loading toast until dismissed, each a live status', () => {
    render(<AppToaster />);
    act(() => {
      toast.error('could not save');
      toast.success('saved');
      toast.loading('working', { id: 'work' });
    });
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toEqual(['could not save', 'saved', 'working']);
    expect(screen.getByText('could not save').previousSibling).toHaveTextContent('✕');
    expect(screen.getByText('saved').previousSibling).toHaveTextContent('✓');

    act(() => jest.advanceTimersByTime(2000));
    expect(screen.queryByText('saved')).not.toBeInTheDocument();
    expect(screen.getByText('could not save')).toBeInTheDocument();

    act(() => jest.advanceTimersByTime(2000));
    expect(screen.queryByText('could not save')).not.toBeInTheDocument();

    act(() => jest.advanceTimersByTime(60_000));
    expect(screen.getByText('working')).toBeInTheDocument();
    act(() => toast.dismiss('work'));
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
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  test(`shows at most ${MAX_VISIBLE_TOASTS}, the newest`, () => {
    render(<AppToaster />);
    act(() => {
      for (let i = 1; i <= MAX_VISIBLE_TOASTS + 3; i++) toast(`message ${i}`);
    });
    const shown = screen.getAllByRole('status').map((s) => s.textContent);
    expect(shown).toHaveLength(MAX_VISIBLE_TOASTS);
    expect(shown[0]).toBe('message 4');
    expect(shown.at(-1)).toBe(`message ${MAX_VISIBLE_TOASTS + 3}`);
  });
});
