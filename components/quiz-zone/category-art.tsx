import type { ReactNode } from 'react';
import { avatarTone, initialsOf } from '@/components/ui/avatar';
import { TONE_BG, type Tone } from '@/components/ui/tones';

/**
 * Pictures of the demo categories, drawn for Quiz Arena as small SVG scenes (96 × 96, white and
 * tints of white on the category's tone, so they read in both themes). A category with an
 * uploaded image shows that instead; one with neither gets its initials on a tone of its own.
 * Decorative: the card's name says what it is.
 */
interface Scene {
  readonly tone: Tone;
  readonly draw: ReactNode;
}

const W = 'fill-white';
const SOFT = 'fill-white/30';
const LINE = { fill: 'none', stroke: 'white', strokeWidth: 4, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

const SCENES: Readonly<Record<string, Scene>> = {
  science: {
    tone: 'indigo',
    draw: (
      <>
        <ellipse cx="48" cy="50" rx="30" ry="11" {...LINE} />
        <ellipse cx="48" cy="50" rx="30" ry="11" transform="rotate(60 48 50)" {...LINE} />
        <ellipse cx="48" cy="50" rx="30" ry="11" transform="rotate(-60 48 50)" {...LINE} />
        <circle cx="48" cy="50" r="6" className={W} />
        <circle cx="76" cy="22" r="4" className={SOFT} />
      </>
    ),
  },
  geography: {
    tone: 'teal',
    draw: (
      <>
        <circle cx="48" cy="50" r="28" className={SOFT} />
        <circle cx="48" cy="50" r="28" {...LINE} />
        <path d="M22 42h52M22 58h52M48 22c-10 9-10 47 0 56M48 22c10 9 10 47 0 56" {...LINE} strokeWidth={3} />
        <path d="M33 31c6 2 8 7 4 10s-9 1-11-2M58 62c5-2 10 1 9 5s-6 6-10 4" className={W} />
      </>
    ),
  },
  history: {
    tone: 'amber',
    draw: (
      <>
        <path d="M18 36 48 18l30 18Z" className={W} />
        <rect x="20" y="38" width="56" height="5" rx="1" className={W} />
        {[26, 40, 54, 68].map((x) => (
          <rect key={x} x={x - 3} y="45" width="6" height="26" rx="1" className={W} />
        ))}
        <rect x="16" y="73" width="64" height="6" rx="1" className={W} />
        <circle cx="48" cy="30" r="3" className="fill-tone-amber" />
      </>
    ),
  },
  'arts-literature': {
    tone: 'rose',
    draw: (
      <>
        <path d="M14 30c10-4 22-4 34 4v42c-12-8-24-8-34-4Z" className={W} />
        <path d="M82 30c-10-4-22-4-34 4v42c12-8 24-8 34-4Z" className={SOFT} />
        <path d="M20 42h20M20 50h20M20 58h16" stroke="currentColor" className="text-tone-rose" strokeWidth={3} strokeLinecap="round" />
        <path d="M70 14c-8 10-14 22-16 34l4 1c4-12 10-22 16-32Z" className={W} />
      </>
    ),
  },
  'food-drink': {
    tone: 'orange',
    draw: (
      <>
        <path d="M22 44h44v14a20 20 0 0 1-20 20h-4a20 20 0 0 1-20-20Z" className={W} />
        <path d="M66 48h4a8 8 0 0 1 0 16h-5" {...LINE} />
        <path d="M34 20c-4 5 4 8 0 14M46 18c-4 5 4 8 0 14M58 20c-4 5 4 8 0 14" {...LINE} strokeWidth={3} />
        <rect x="16" y="80" width="60" height="4" rx="2" className={SOFT} />
      </>
    ),
  },
  'sports-games': {
    tone: 'green',
    draw: (
      <>
        <circle cx="48" cy="50" r="28" className={W} />
        <path d="m48 38 11 8-4 13H41l-4-13Z" className="fill-tone-green" />
        <path d="M48 22v16M59 46l17-6M55 59l10 14M41 59 31 73M37 46l-17-6" stroke="currentColor" className="text-tone-green" strokeWidth={3} />
      </>
    ),
  },
  technology: {
    tone: 'sky',
    draw: (
      <>
        <rect x="28" y="28" width="40" height="40" rx="6" className={W} />
        <rect x="38" y="38" width="20" height="20" rx="3" className="fill-tone-sky" />
        {[36, 48, 60].map((p) => (
          <g key={p} {...LINE} strokeWidth={3}>
            <path d={`M${p} 20v8M${p} 68v8M20 ${p}h8M68 ${p}h8`} />
          </g>
        ))}
      </>
    ),
  },
  'mathematics-logic': {
    tone: 'violet',
    draw: (
      <>
        <path d="M24 34h48" {...LINE} strokeWidth={6} />
        <path d="M38 34c0 14-2 28-8 38M58 34v30c0 6 4 9 10 6" {...LINE} strokeWidth={6} />
        <path d="M72 18v10M67 23h10M20 70h10" {...LINE} strokeWidth={3} className="opacity-70" />
      </>
    ),
  },
  audio: {
    tone: 'cyan',
    draw: (
      <>
        <path d="M24 56v-6a24 24 0 0 1 48 0v6" {...LINE} />
        <rect x="18" y="54" width="14" height="22" rx="5" className={W} />
        <rect x="64" y="54" width="14" height="22" rx="5" className={W} />
        <path d="M42 60v8M48 54v20M54 60v8" {...LINE} strokeWidth={3} />
      </>
    ),
  },
  reading: {
    tone: 'green',
    draw: (
      <>
        <path d="M16 34c10-4 21-4 32 3v40c-11-7-22-7-32-3Z" className={W} />
        <path d="M80 34c-10-4-21-4-32 3v40c11-7 22-7 32-3Z" className={SOFT} />
        <path d="M56 14c14 0 22 8 22 20-14 0-22-8-22-20Z" className={W} />
        <path d="M58 16c6 6 12 12 18 16" stroke="currentColor" className="text-tone-green" strokeWidth={2} />
      </>
    ),
  },
  words: {
    tone: 'blue',
    draw: (
      <>
        {[
          [14, 'Q'],
          [38, 'U'],
          [62, 'I'],
        ].map(([x, letter]) => (
          <g key={letter as string}>
            <rect x={x as number} y="34" width="20" height="24" rx="4" className={W} />
            <text x={(x as number) + 10} y="52" textAnchor="middle" fontSize="16" fontWeight="700" className="fill-tone-blue font-display">
              {letter}
            </text>
          </g>
        ))}
        <rect x="26" y="64" width="20" height="6" rx="3" className={SOFT} />
        <rect x="50" y="64" width="20" height="6" rx="3" className={SOFT} />
      </>
    ),
  },
  maths: {
    tone: 'fuchsia',
    draw: (
      <>
        <rect x="24" y="16" width="48" height="64" rx="8" className={W} />
        <rect x="31" y="23" width="34" height="12" rx="3" className="fill-tone-fuchsia" />
        {[0, 1, 2].map((r) =>
          [0, 1, 2].map((c) => <rect key={`${r}${c}`} x={31 + c * 12} y={42 + r * 12} width="8" height="8" rx="2" className="fill-tone-fuchsia/70" />),
        )}
      </>
    ),
  },
  matching: {
    tone: 'lime',
    draw: (
      <>
        <rect x="12" y="22" width="26" height="18" rx="4" className={W} />
        <rect x="12" y="56" width="26" height="18" rx="4" className={W} />
        <rect x="58" y="22" width="26" height="18" rx="4" className={SOFT} />
        <rect x="58" y="56" width="26" height="18" rx="4" className={SOFT} />
        <path d="M38 31 58 65M38 65l20-34" {...LINE} strokeWidth={3} />
      </>
    ),
  },
};

/** A category's scene by its slug: the quiz zone's by name, the other kinds' by their slug's first word (any language). */
export function sceneFor(slug: string): Scene | null {
  if (SCENES[slug]) return SCENES[slug];
  const kind = slug.split('-')[0];
  const byKind: Readonly<Record<string, string>> = { audio: 'audio', fl: 'reading', gtw: 'words', maths: 'maths', mm: 'matching' };
  return kind && byKind[kind] ? SCENES[byKind[kind]]! : null;
}

export function CategoryArt({ slug, name, className = 'size-16' }: { slug: string; name: string; className?: string }) {
  const scene = sceneFor(slug);
  if (!scene) {
    return (
      <span aria-hidden="true" className={`inline-flex shrink-0 items-center justify-center rounded-control text-white ${TONE_BG[avatarTone(name)]} ${className}`}>
        <svg viewBox="0 0 40 40" className="size-full">
          <text x="20" y="21" textAnchor="middle" dominantBaseline="central" fill="currentColor" fontSize="15" fontWeight="700" className="font-display">
            {initialsOf(name)}
          </text>
        </svg>
      </span>
    );
  }
  return (
    <svg aria-hidden="true" viewBox="0 0 96 96" data-art={slug} className={`shrink-0 overflow-hidden rounded-control ${TONE_BG[scene.tone]} ${className}`}>
      <circle cx="84" cy="84" r="26" className="fill-white/10" />
      <circle cx="8" cy="10" r="16" className="fill-white/10" />
      {scene.draw}
    </svg>
  );
}
