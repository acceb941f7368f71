/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { render, screen } from '@testing-library/react';
import { ProgressBar } from '@/components/ui/progress-bar';

describe('ProgressBar', () => {
  test('is a named progressbar with its value, range and spoken text, filled in proportion', () => {
    render(<ProgressBar value={120} max={5000} label="Progress" valueText="120 of 5000" />);
    const bar = screen.getByRole('progressbar', { name: 'Progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '120');
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '5000');
    expect(bar).toHaveAttribute('aria-valuetext', '120 of 5000');
    expect((bar.firstElementChild as HTMLElement).style.width).toBe('2%');
  });

  test('clamps a value outside the range, and survives a zero maximum', () => {
    const { rerender } = render(<ProgressBar value={7} max={5} label="Questions" />);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '5');
    expect((screen.getByRole('progressbar').firstElementChild as HTMLElement).style.width).toBe('100%');
    rerender(<ProgressBar value={-3} max={0} label="Questions" />);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    expect((screen.getByRole('progressbar').firstElementChild as HTMLElement).style.width).toBe('0%');
  });
});
