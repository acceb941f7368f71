/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { fireEvent, render, screen } from '@testing-library/react';
import { ConfirmDialog } from '@/components/ui/dialog';

type Props = Parameters<typeof ConfirmDialog>[0];

/** The dialog over a page with one button of its own ("Behind"). */
const scene = (props: Props) => (
  <>
    <button type="button">Behind</button>
    <ConfirmDialog {...props} />
  </>
);

function renderDialog(overrides: Partial<Props> = {}) {
  const props: Props = {
    open: true,
    title: 'Leave the battle?',
    message: 'you lose your entry fee',
    confirmLabel: 'Leave',
    cancelLabel: 'Stay',
    onConfirm: jest.fn(),
    onCancel: jest.fn(),
    ...overrides,
  };
  const view = render(scene(props));
  return { onConfirm: props.onConfirm, onCancel: props.onCancel, props, view };
}

describe('ConfirmDialog', () => {
  test('is a named alert dialog described by its message, with focus on the safe choice', () => {
    renderDialog();
    const dialog = screen.getByRole('alertdialog', { name: 'Leave the battle?' });
    expect(dialog).toHaveAccessibleDescription('you lose your entry fee');
    expect(screen.getByRole('button', { name: 'Stay' })).toHaveFocus();
  });

  test('Escape cancels; the buttons answer; keys pressed in it never reach the page behind', () => {
    const pageKeys = jest.fn();
    window.addEventListener('keydown', pageKeys);
    try {
      const { onConfirm, onCancel } = renderDialog();
      fireEvent.keyDown(screen.getByRole('button', { name: 'Stay' }), { key: '1' });
      expect(pageKeys).not.toHaveBeenCalled();
      fireEvent.keyDown(screen.getByRole('button', { name: 'Stay' }), { key: 'Escape' });
      expect(onCancel).toHaveBeenCalledTimes(1);
      fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
      expect(onConfirm).toHaveBeenCalledTimes(1);
    } finally {
      window.removeEventListener('keydown', pageKeys);
    }
  });

  test('Tab stays inside: from the last button it comes back to the first, and back again with Shift', () => {
    renderDialog();
    const stay = screen.getByRole('button', { name: 'Stay' });
    const leave = screen.getByRole('button', { name: 'Leave' });
    leave.focus();
    fireEvent.keyDown(leave, { key: 'Tab' });
    expect(stay).toHaveFocus();
    fireEvent.keyDown(stay, { key: 'Tab', shiftKey: true });
    expect(leave).toHaveFocus();
  });

  test('while busy both buttons are disabled and Escape does nothing', () => {
    const { onCancel } = renderDialog({ busy: true });
    expect(screen.getByRole('button', { name: 'Stay' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Leave' })).toBeDisabled();
    fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape' });
    expect(onCancel).not.toHaveBeenCalled();
  });

  test('closed, it renders nothing; on closing, focus goes back where it was', () => {
    const { view, props } = renderDialog({ open: false });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    screen.getByRole('button', { name: 'Behind' }).focus();
    view.rerender(scene({ ...props, open: true }));
    expect(screen.getByRole('button', { name: 'Stay' })).toHaveFocus();
    view.rerender(scene({ ...props, open: false }));
    expect(screen.getByRole('button', { name: 'Behind' })).toHaveFocus();
  });
});
