'use client';

import { Button } from '@/components/ui/button';
import { FormDialog } from '@/components/ui/form-dialog';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** While the confirmed action runs: both buttons are disabled. */
  busy?: boolean;
}

/**
 * A modal question with a safe default: focus starts on Cancel, Escape cancels, Tab stays inside
 * the dialog while it is open, and keys pressed in it never reach the page behind (the play
 * screen's answer keys). The modal itself is FormDialog's.
 */
export function ConfirmDialog({ open, title, message, confirmLabel, cancelLabel, onConfirm, onCancel, busy = false }: ConfirmDialogProps) {
  return (
    <FormDialog open={open} title={title} description={message} onClose={onCancel} busy={busy} role="alertdialog">
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button data-autofocus variant="secondary" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </Button>
      </div>
    </FormDialog>
  );
}
