import { PlainImage } from '@/components/ui/plain-image';

export interface AvatarProps {
  /** Image URL (an upload path), or null for the initial. */
  src: string | null | undefined;
  /** The person's name: the image's alt text and the source of the initial; '' makes it decorative. */
  name: string;
  size?: number;
}

/** A round picture of a player, or the first letter of their name when they have none. */
export function Avatar({ src, name, size = 96 }: AvatarProps) {
  const style = { width: size, height: size };
  if (src) {
    // Uploads are already small, checked images served by our own server: no optimiser needed.
    return <PlainImage src={src} alt={name} width={size} height={size} className="shrink-0 rounded-full border border-line object-cover" style={style} />;
  }
  const initial = name.trim() ? String.fromCodePoint(name.trim().codePointAt(0)!).toLocaleUpperCase() : '?';
  return (
    <span
      {...(name.trim() ? { role: 'img', 'aria-label': name } : { 'aria-hidden': true })}
      style={{ ...style, fontSize: size / 2.4 }}
      className="inline-flex shrink-0 items-center justify-center rounded-full bg-accent-soft font-bold text-accent"
    >
      {initial}
    </span>
  );
}
