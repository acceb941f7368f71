'use client';

import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface FormDialogProps {
  open: boolean;
  title: string;
  /** Read with the title when the dialog opens. */
  description?: string;
  onClose: () => void;
  /** While an action runs, Escape does not close the dialog. */
  busy?: boolean;
  /** 'alertdialog' for a question that interrupts (ConfirmDialog). */
  role?: 'dialog' | 'alertdialog';
  children: ReactNode;
}

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

/**
 * A modal with content of its own (a form, a price and its buttons): focus moves to its first
 * field or button and back when it closes, Escape closes it, Tab stays inside, and keys typed in
 * it never reach page-wide shortcuts (the play screen's answer keys).
 */
export function FormDialog({ open, title, description, onClose, busy = false, role = 'dialog', children }: FormDialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const first = panel.current?.querySelector<HTMLElement>('[data-autofocus]') ?? panel.current?.querySelector<HTMLElement>(FOCUSABLE);
    first?.focus();
    return () => before?.focus();
  }, [open]);

  if (!open) return null;

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    e.stopPropagation();
    if (e.key === 'Escape') {
      if (!busy) onClose();
      return;
    }
    if (e.key !== 'Tab' || !panel.current) return;
    const items = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (items.length === 0) return;
    const first = items[0]!;
    const last = items[items.length - 1]!;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="fixed inset-0 z-40 flex items-end justify-center bg-black/50 p-4 sm:items-center">
      <div
        ref={panel}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        onKeyDown={onKeyDown}
        className="flex max-h-full w-full max-w-md flex-col gap-4 overflow-y-auto rounded-card border border-line bg-surface p-5 text-fg shadow-lg"
      >
        <h2 id={titleId} className="text-lg font-bold">
          {title}
        </h2>
        {description ? (
          <p id={descriptionId} className="capitalise-first text-fg-muted">
            {description}
          </p>
        ) : null}
        {children}
      </div>
    </div>
  );
}
