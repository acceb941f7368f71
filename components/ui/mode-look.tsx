import {
  AudioLines,
  BookOpen,
  CalendarCheck,
  GraduationCap,
  Layers,
  ListChecks,
  Sigma,
  SpellCheck,
  Swords,
  Target,
  ToggleRight,
  Trophy,
  UserPlus,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { MODES } from '@/services/domain/routes';

export type ModeKey = (typeof MODES)[number]['key'];

/** The tones of the theme file; each class is written out whole so that Tailwind keeps it. */
export const TONE_BG = {
  violet: 'bg-tone-violet',
  blue: 'bg-tone-blue',
  teal: 'bg-tone-teal',
  green: 'bg-tone-green',
  amber: 'bg-tone-amber',
  orange: 'bg-tone-orange',
  rose: 'bg-tone-rose',
  pink: 'bg-tone-pink',
  cyan: 'bg-tone-cyan',
  indigo: 'bg-tone-indigo',
  fuchsia: 'bg-tone-fuchsia',
  sky: 'bg-tone-sky',
  lime: 'bg-tone-lime',
  slate: 'bg-tone-slate',
} as const;

export type Tone = keyof typeof TONE_BG;

export interface ModeLook {
  readonly Icon: LucideIcon;
  readonly tone: Tone;
}

/**
 * Each mode's icon and colour, the same wherever the mode is shown (home tiles, the play screen's
 * top bar, the battle search). Icons come from one library, lucide-react, imported one by one so
 * that a page carries only the ones it draws.
 */
export const MODE_LOOK: Readonly<Record<ModeKey, ModeLook>> = {
  quiz_zone: { Icon: Layers, tone: 'violet' },
  daily_quiz: { Icon: CalendarCheck, tone: 'orange' },
  true_false: { Icon: ToggleRight, tone: 'teal' },
  random_battle: { Icon: Swords, tone: 'rose' },
  group_battle: { Icon: Users, tone: 'pink' },
  play_with_friend: { Icon: UserPlus, tone: 'fuchsia' },
  fun_and_learn: { Icon: BookOpen, tone: 'green' },
  guess_the_word: { Icon: SpellCheck, tone: 'sky' },
  self_challenge: { Icon: Target, tone: 'indigo' },
  contest: { Icon: Trophy, tone: 'amber' },
  audio_questions: { Icon: AudioLines, tone: 'cyan' },
  math_mania: { Icon: Sigma, tone: 'blue' },
  multi_match: { Icon: ListChecks, tone: 'lime' },
  exam: { Icon: GraduationCap, tone: 'slate' },
};
