/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { fireEvent, render, screen } from '@testing-library/react';
import { ConfirmDialog } from '@/components/ui/dialog';

function renderDialog(props: Partial<Parameters<typeof ConfirmDialog>[0]> = {}) {
  const onConfirm = jest.fn();
  const onCancel = jest.fn();
  const view = render(
    <>
      <button type="button">Behind</button>
      <ConfirmDialog open title="Leave the battle?" message="you lose your entry fee" confirmLabel="Leave" cancelLabel="Stay" onConfirm={onConfirm} onCancel={onCancel} {...props} />
    </>,
  );
  return { onConfirm, onCancel, view };
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
    const { view, onConfirm, onCancel } = renderDialog({ open: false });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    const behind = screen.getByRole('button', { name: 'Behind' });
    behind.focus();
    const props = { title: 'Leave the battle?', message: 'm', confirmLabel: 'Leave', cancelLabel: 'Stay', onConfirm, onCancel };
    view.rerender(
      <>
        <button type="button">Behind</button>
        <ConfirmDialog open {...props} />
      </>,
    );
    expect(screen.getByRole('button', { name: 'Stay' })).toHaveFocus();
    view.rerender(
      <>
        <button type="button">Behind</button>
        <ConfirmDialog open={false} {...props} />
      </>,
    );
    expect(screen.getByRole('button', { name: 'Behind' })).toHaveFocus();
  });
});
