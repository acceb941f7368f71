import { Check, X } from 'lucide-react';
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { TONE_BG, type Tone } from '@/components/ui/tones';

/**
 * idle: can be chosen; chosen: locked in, waiting for the result; right / wrong: the result;
 * removed: taken away (50/50); muted: another option once the answer is locked.
 */
export type OptionStatus = 'idle' | 'chosen' | 'right' | 'wrong' | 'removed' | 'muted';

export type OptionButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> & {
  /** The letter of the option (A, B, …): its place, its shape and its colour. */
  letter: string;
  text: ReactNode;
  status?: OptionStatus;
  /** Says the status in words (never by colour alone), e.g. "Right answer". */
  statusText?: string;
  /** An audience poll share, shown as a bar and a number. */
  percent?: number | null;
  /** A multi-select option: a check box, ticked when chosen (undefined: a single-choice option). */
  checked?: boolean;
};

/** Each place has a colour and a shape, so that a player who cannot tell the colours apart still tells the tiles apart. */
const MARKS: readonly { tone: Tone; shape: string }[] = [
  { tone: 'rose', shape: 'M12 2.5 22 20.5H2Z' }, // triangle
  { tone: 'blue', shape: 'M12 1.5 22.5 12 12 22.5 1.5 12Z' }, // diamond
  { tone: 'amber', shape: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Z' }, // circle
  { tone: 'green', shape: 'M3 3h18v18H3Z' }, // square
  { tone: 'violet', shape: 'M12 1.5 21.5 7v10L12 22.5 2.5 17V7Z' }, // hexagon
];

/** The letter's colour on its white shape (and a shape drawn in its place's colour): the tone, written out whole for Tailwind. */
export const LETTER_TEXT: Partial<Record<Tone, string>> = { rose: 'text-tone-rose', blue: 'text-tone-blue', amber: 'text-tone-amber', green: 'text-tone-green', violet: 'text-tone-violet' };

const LETTER_PLACE: Readonly<Record<string, number>> = { A: 0, B: 1, C: 2, D: 3, E: 4 };

/** The colour and shape of an option's place (A, B, …): the same on every screen that shows the option. */
export function optionMarkOf(letter: string): { readonly tone: Tone; readonly shape: string } {
  return MARKS[LETTER_PLACE[letter.toUpperCase()] ?? 0]!;
}

/** The coloured mark of an option's place: a shape with its letter. */
export function OptionMark({ letter, dim = false }: { letter: string; dim?: boolean }) {
  const mark = optionMarkOf(letter);
  return (
    <span aria-hidden="true" className={`relative inline-flex size-10 shrink-0 items-center justify-center rounded-control ${dim ? 'bg-tone-slate' : TONE_BG[mark.tone]}`}>
      <svg viewBox="0 0 24 24" className="size-8 fill-white">
        <path d={mark.shape} />
      </svg>
      <span className={`absolute inset-0 flex items-center justify-center font-display text-sm font-bold ${mark.tone === 'rose' ? 'pt-1.5' : ''} ${dim ? 'text-tone-slate' : (LETTER_TEXT[mark.tone] ?? '')}`}>
        {letter}
      </span>
    </span>
  );
}

const FRAME: Record<OptionStatus, string> = {
  idle: 'border-line-strong bg-surface shadow-chunky hover:border-accent hover:bg-accent-soft motion-safe:active:translate-y-0.5',
  chosen: 'border-accent bg-accent-soft ring-2 ring-accent',
  right: 'border-success bg-success-soft ring-2 ring-success motion-safe:animate-pop',
  wrong: 'border-danger bg-danger-soft ring-2 ring-danger motion-safe:animate-shake',
  removed: 'border-dashed border-line bg-surface-muted text-fg-muted line-through',
  muted: 'border-line bg-surface text-fg-muted',
};

const TILE = 'flex min-h-touch w-full items-center gap-3 rounded-control border-2 px-2 py-2 text-start text-base font-semibold';

/** A large answer tile: at least 48 px high, full width on phones, with its place's colour and shape. */
export function OptionButton({ letter, text, status = 'idle', statusText, percent, checked, className = '', type = 'button', ...props }: OptionButtonProps) {
  return (
    <button type={type} data-status={status} className={`${TILE} motion-safe:transition-colors disabled:cursor-default ${FRAME[status]} ${className}`} {...props}>
      <TileFace letter={letter} text={text} status={status} statusText={statusText} percent={percent} checked={checked} />
    </button>
  );
}

/**
 * The same tile, standing still and not a control: an option as a list shows it afterwards (the
 * review), marked right, wrong or neither, without the play screen's pop and shake.
 */
export function OptionTile({ letter, text, status = 'muted', statusText }: { letter: string; text: ReactNode; status?: 'right' | 'wrong' | 'muted'; statusText?: string }) {
  return (
    <div data-status={status} className={`${TILE} ${FRAME[status].replace(/motion-safe:animate-\S+/g, '')}`}>
      <TileFace letter={letter} text={text} status={status} statusText={statusText} />
    </div>
  );
}

function TileFace({ letter, text, status, statusText, percent, checked }: Pick<OptionButtonProps, 'letter' | 'text' | 'statusText' | 'percent' | 'checked'> & { status: OptionStatus }) {
  return (
    <>
      <OptionMark letter={letter} dim={status === 'removed' || status === 'muted'} />
      <span className="flex min-w-0 flex-1 flex-col gap-1">
        <span dir="auto" className="break-words align-with-row">
          {text}
        </span>
        {percent != null ? (
          <span className="flex items-center gap-2 text-sm text-fg-muted">
            <span aria-hidden="true" className="h-2 flex-1 overflow-hidden rounded-full bg-surface-muted">
              <span className="block h-full bg-accent" style={{ width: `${percent}%` }} />
            </span>
            <span className="tabular-nums">{percent}%</span>
          </span>
        ) : null}
      </span>
      {checked !== undefined ? (
        <span aria-hidden="true" className={`inline-flex size-7 shrink-0 items-center justify-center rounded-md border-2 ${checked ? 'border-accent bg-accent text-on-accent' : 'border-line-strong bg-surface'}`}>
          {checked ? <Check className="size-5" strokeWidth={3} /> : null}
        </span>
      ) : null}
      {statusText ? (
        // A word or two on one line: the option's own text wraps beside it, never the mark.
        <span className={`flex shrink-0 items-center gap-1 whitespace-nowrap pe-1 text-sm font-bold ${status === 'right' ? 'text-success' : status === 'wrong' ? 'text-danger' : ''}`}>
          {status === 'right' ? <Check aria-hidden="true" className="size-5 shrink-0" strokeWidth={3} /> : status === 'wrong' ? <X aria-hidden="true" className="size-5 shrink-0" strokeWidth={3} /> : null}
          <span>{statusText}</span>
        </span>
      ) : null}
    </>
  );
}
