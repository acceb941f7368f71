import type { ChangeEvent } from 'react';
import { describedBy, FieldError, FieldHint, fieldNoteIds } from './field-notes';

export interface SelectOption {
  value: string;
  label: string;
  /** Shown but not choosable (e.g. a stake above the player's balance). */
  disabled?: boolean;
}

export interface SelectFieldProps {
  id: string;
  label: string;
  /** A line under the field (e.g. the player's balance beside a fee). */
  hint?: string;
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  error?: string;
  className?: string;
  disabled?: boolean;
}

/** A labelled select with room for its error text. */
export function SelectField({ id, label, hint, value, options, onChange, error, className = '', disabled }: SelectFieldProps) {
  const { hintId, errorId } = fieldNoteIds(id);
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-fg-muted">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e: ChangeEvent<HTMLSelectElement>) => onChange(e.target.value)}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(error && errorId, hint && hintId)}
        className="min-h-touch rounded-control border border-line-strong bg-surface px-3 text-base text-fg"
      >
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </select>
      {hint ? <FieldHint id={hintId}>{hint}</FieldHint> : null}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
}
