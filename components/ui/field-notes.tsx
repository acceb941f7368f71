import type { ReactNode } from 'react';

/** The ids of a field's lines under it, from the field's own id: `<id>-hint`, `<id>-error`. */
export function fieldNoteIds(id: string): { hintId: string; errorId: string } {
  return { hintId: `${id}-hint`, errorId: `${id}-error` };
}

/** An `aria-describedby` of the lines shown (the ids given; a missing one is left out), or none. */
export function describedBy(...ids: readonly (string | false | null | undefined)[]): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined;
}

/** The line under a field that helps to fill it (a balance beside a fee, a rule). */
export function FieldHint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="text-sm text-fg-muted">
      {children}
    </p>
  );
}

/** The line under a field that says what is wrong with it. */
export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="capitalise-first text-sm text-danger">
      {children}
    </p>
  );
}
