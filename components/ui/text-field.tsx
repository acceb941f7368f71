import type { InputHTMLAttributes, ReactNode } from 'react';
import { describedBy, FieldError, FieldHint, fieldNoteIds } from './field-notes';

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> & {
  id: string;
  label: string;
  /** Shown under the field and tied to it, so screen readers read it with the label. */
  error?: string;
  hint?: ReactNode;
  className?: string;
  /**
   * The most characters the value may have, said rather than enforced: unlike `maxLength`, nothing
   * typed or pasted is cut off without a word. Near the limit the field shows its count, and over
   * it how many are too many; the form's own check refuses it, as the server would.
   */
  limit?: number;
};

/** When a field shows its count: from this share of its limit. */
const SHOW_COUNT_FROM = 0.8;

/** "97 / 100 characters", or "105 / 100 characters: 5 too many". */
export function limitText(length: number, limit: number): string {
  const over = length - limit;
  return over > 0 ? `${length} / ${limit} characters: ${over} too many` : `${length} / ${limit} characters`;
}

/** Whether a value of this length shows its count against `limit`, and whether it is over it. */
export function limitState(length: number, limit: number | undefined): { show: boolean; over: boolean } {
  return { show: limit !== undefined && length >= limit * SHOW_COUNT_FROM, over: limit !== undefined && length > limit };
}

/** The count of a field with a limit, tied to the field by `id` (see `limitState` for when it shows). */
export function LimitCount({ id, length, limit }: { id: string; length: number; limit: number }) {
  const over = length > limit;
  return (
    <p id={id} className={`text-sm tabular-nums ${over ? 'font-semibold text-danger' : 'text-fg-muted'}`} aria-live="polite">
      {limitText(length, limit)}
    </p>
  );
}

/** A labelled input with its hint and error text. */
export function TextField({ id, label, error, hint, className = '', limit, ...input }: TextFieldProps) {
  const { hintId, errorId } = fieldNoteIds(id);
  const countId = `${id}-count`;
  const length = typeof input.value === 'string' ? input.value.length : 0;
  const { show: showCount, over } = limitState(length, limit);
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error || over ? true : undefined}
        aria-describedby={describedBy(hint ? hintId : null, showCount && countId, error && errorId)}
        className="min-h-touch rounded-control border border-line-strong bg-surface px-3 text-base text-fg placeholder:text-fg-muted aria-invalid:border-danger"
        {...input}
      />
      {hint ? <FieldHint id={hintId}>{hint}</FieldHint> : null}
      {showCount ? <LimitCount id={countId} length={length} limit={limit!} /> : null}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
}
