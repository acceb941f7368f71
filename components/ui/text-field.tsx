import type { InputHTMLAttributes, ReactNode } from 'react';

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> & {
  id: string;
  label: string;
  /** Shown under the field and tied to it, so screen readers read it with the label. */
  error?: string;
  hint?: ReactNode;
  className?: string;
};

/** A labelled input with its hint and error text. */
export function TextField({ id, label, error, hint, className = '', ...input }: TextFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className="min-h-touch rounded-control border border-line-strong bg-surface px-3 text-base text-fg placeholder:text-fg-muted aria-invalid:border-danger"
        {...input}
      />
      {hint ? (
        <p id={hintId} className="text-sm text-fg-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="capitalise-first text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
