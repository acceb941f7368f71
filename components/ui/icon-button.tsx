import type { ButtonHTMLAttributes } from 'react';

export type IconButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label'> & {
  /** What the button does; it is the accessible name, since the button shows only an icon. */
  label: string;
};

export function IconButton({ label, className = '', type = 'button', children, ...props }: IconButtonProps) {
  return (
    <button
      type={type}
      aria-label={label}
      title={label}
      className={`inline-flex size-touch shrink-0 items-center justify-center rounded-control border border-line-strong bg-surface text-fg hover:bg-surface-muted ${className}`}
      {...props}
    >
      {children}
    </button>
  );
}
