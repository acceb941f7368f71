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
  Presentation,
} from 'lucide-react';
import type { MODES } from '@/services/domain/routes';
import type { Tone } from '@/components/ui/tones';
import { MODE_TONE } from '@/components/ui/tones';

export { TONE_BG, type Tone } from '@/components/ui/tones';

export type ModeKey = (typeof MODES)[number]['key'];

export interface ModeLook {
  readonly Icon: LucideIcon;
  readonly tone: Tone;
}

/** A mode's icon alone, drawn in its tile (the home page loads this beside the page). */
export default function ModeIcon({ mode, className }: { mode: ModeKey; className?: string }) {
  const { Icon } = MODE_LOOK[mode];
  return <Icon aria-hidden="true" className={className} strokeWidth={2.25} />;
}

/**
 * Each mode's icon and colour, the same wherever the mode is shown (home tiles, the play screen's
 * top bar, the battle search). Icons come from one library, lucide-react, imported one by one so
 * that a page carries only the ones it draws.
 */
export const MODE_LOOK: Readonly<Record<ModeKey, ModeLook>> = {
  quiz_zone: { Icon: Layers, tone: MODE_TONE.quiz_zone },
  daily_quiz: { Icon: CalendarCheck, tone: MODE_TONE.daily_quiz },
  true_false: { Icon: ToggleRight, tone: MODE_TONE.true_false },
  random_battle: { Icon: Swords, tone: MODE_TONE.random_battle },
  group_battle: { Icon: Users, tone: MODE_TONE.group_battle },
  play_with_friend: { Icon: UserPlus, tone: MODE_TONE.play_with_friend },
  fun_and_learn: { Icon: BookOpen, tone: MODE_TONE.fun_and_learn },
  guess_the_word: { Icon: SpellCheck, tone: MODE_TONE.guess_the_word },
  self_challenge: { Icon: Target, tone: MODE_TONE.self_challenge },
  contest: { Icon: Trophy, tone: MODE_TONE.contest },
  audio_questions: { Icon: AudioLines, tone: MODE_TONE.audio_questions },
  math_mania: { Icon: Sigma, tone: MODE_TONE.math_mania },
  multi_match: { Icon: ListChecks, tone: MODE_TONE.multi_match },
  exam: { Icon: GraduationCap, tone: MODE_TONE.exam },
  live: { Icon: Presentation, tone: MODE_TONE.live },
};
