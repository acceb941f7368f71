import { describedBy, FieldError, FieldHint, fieldNoteIds } from './field-notes';

export interface ChoiceOption {
  value: string;
  label: string;
  /** Shown but not choosable (e.g. a stake above the player's balance). */
  disabled?: boolean;
}

export interface ChoiceGroupProps {
  /** The group's id (the fieldset's); its radios are named by it. */
  id: string;
  label: string;
  /** A line under the choices (e.g. the player's balance beside the stakes). */
  hint?: string;
  value: string;
  options: readonly ChoiceOption[];
  onChange: (value: string) => void;
  error?: string;
  /** Columns on a phone: a segmented row for a few short choices, a grid of chips for more. */
  columns?: 2 | 3 | 4 | 5;
  disabled?: boolean;
}

const COLUMNS = { 2: 'grid-cols-2', 3: 'grid-cols-3', 4: 'grid-cols-4', 5: 'grid-cols-5' } as const;

/**
 * One choice of a few, as the game's own chips instead of a native drop-down: every choice in
 * view, 48 px high, the chosen one filled. Underneath they are radio buttons of one name, so
 * arrows move between them and a screen reader says "Category, Science, radio button, 2 of 9".
 */
export function ChoiceGroup({ id, label, hint, value, options, onChange, error, columns = 2, disabled }: ChoiceGroupProps) {
  const { hintId, errorId } = fieldNoteIds(id);
  return (
    <fieldset id={id} className="flex min-w-0 flex-col gap-2" aria-describedby={describedBy(error && errorId, hint && hintId)}>
      <legend className="mb-2 text-sm font-medium text-fg-muted">{label}</legend>
      <div className={`grid gap-2 ${COLUMNS[columns]}`}>
        {options.map((o) => (
          <label
            key={o.value}
            className={`relative flex min-h-touch cursor-pointer items-center justify-center rounded-control border-2 px-2 py-1 text-center text-sm font-semibold leading-tight break-words has-checked:border-accent has-checked:bg-accent has-checked:text-on-accent has-disabled:cursor-not-allowed has-disabled:opacity-50 has-focus-visible:ring-2 has-focus-visible:ring-accent has-focus-visible:ring-offset-2 ${error ? 'border-danger' : 'border-line-strong bg-surface hover:border-accent'}`}
          >
            <input
              type="radio"
              name={id}
              value={o.value}
              checked={value === o.value}
              disabled={disabled || o.disabled}
              onChange={() => onChange(o.value)}
              className="sr-only"
            />
            <span dir="auto">{o.label}</span>
          </label>
        ))}
      </div>
      {hint ? <FieldHint id={hintId}>{hint}</FieldHint> : null}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </fieldset>
  );
}
