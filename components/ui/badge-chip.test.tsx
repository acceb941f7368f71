/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { render, screen } from '@testing-library/react';
import { BadgeChip } from '@/components/ui/badge-chip';

describe('BadgeChip', () => {
  test('shows its text, with the icon hidden from screen readers', () => {
    render(<BadgeChip tone="success" icon={<svg data-testid="icon" />}>Reward claimed</BadgeChip>);
    expect(screen.getByText('Reward claimed')).toBeInTheDocument();
    expect(screen.getByTestId('icon').parentElement).toHaveAttribute('aria-hidden', 'true');
  });
});
