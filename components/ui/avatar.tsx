import { PlainImage } from '@/components/ui/plain-image';
import { TONE_BG, type Tone } from '@/components/ui/tones';

export interface AvatarProps {
  /** Image URL (an upload path), or null for the generated one. */
  src: string | null | undefined;
  /** The person's name: the image's alt text and the source of the initial; '' makes it decorative. */
  name: string;
  /** What the generated avatar is drawn from when `name` is '' (a decorative avatar beside the name). */
  seed?: string;
  size?: number;
}

const TONES = Object.keys(TONE_BG) as Tone[];

/** The same name always gets the same tone: a small string hash (FNV-1a) over the tones. */
export function avatarTone(seed: string): Tone {
  let hash = 0x811c9dc5;
  for (const ch of seed.trim().toLocaleLowerCase()) {
    hash ^= ch.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return TONES[hash % TONES.length]!;
}

/**
 * Up to two initials: the first letter or digit of the first two words that have one ("Ada
 * Lovelace" → "AL", "Ada (demo)" → "AD"); '?' when no word has one.
 */
export function initialsOf(seed: string): string {
  const initials = seed
    .trim()
    .split(/\s+/)
    .map((word) => word.match(/[\p{L}\p{N}]/u)?.[0])
    .filter((first): first is string => first !== undefined)
    .slice(0, 2);
  return initials.length === 0 ? '?' : initials.join('').toLocaleUpperCase();
}

/** A round picture of a player, or, when they have none, a generated one: their initials on a tone of their own. */
export function Avatar({ src, name, seed, size = 96 }: AvatarProps) {
  const style = { width: size, height: size };
  if (src) {
    // Uploads are already small, checked images served by our own server: no optimiser needed.
    return <PlainImage src={src} alt={name} width={size} height={size} className="shrink-0 rounded-full border border-line object-cover" style={style} />;
  }
  const source = name.trim() || seed?.trim() || '';
  const initials = source ? initialsOf(source) : '?';
  // The initials are drawn (SVG text), not written: a control that holds a decorative avatar keeps its own name.
  return (
    <span
      {...(name.trim() ? { role: 'img', 'aria-label': name } : { 'aria-hidden': true })}
      style={style}
      className={`inline-flex shrink-0 select-none items-center justify-center rounded-full text-white ${TONE_BG[avatarTone(source || '?')]}`}
    >
      <svg aria-hidden="true" viewBox="0 0 40 40" className="size-full">
        <text x="20" y="21" textAnchor="middle" dominantBaseline="central" fill="currentColor" fontSize={initials.length > 1 ? 15 : 18} fontWeight="700" className="font-display">
          {initials}
        </text>
      </svg>
    </span>
  );
}
