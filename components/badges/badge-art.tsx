import {
  Brain,
  CalendarCheck,
  Crown,
  Flame,
  Gem,
  HeartHandshake,
  History,
  Lock,
  Rocket,
  Shield,
  Swords,
  Target,
  Trophy,
  Users,
  Zap,
  type LucideIcon,
} from 'lucide-react';
import type { BadgeKey } from '@/services/domain/badges';
import { TONE_BG, type Tone } from '@/components/ui/tones';

/** Each badge's picture: an icon on a tone of its own (the name beside it says what it is). */
const ART: Readonly<Record<BadgeKey, { Icon: LucideIcon; tone: Tone }>> = {
  dashing_debut: { Icon: Rocket, tone: 'violet' },
  combat_winner: { Icon: Swords, tone: 'rose' },
  clash_winner: { Icon: Users, tone: 'blue' },
  most_wanted_winner: { Icon: Target, tone: 'orange' },
  quiz_warrior: { Icon: Shield, tone: 'indigo' },
  ultimate_player: { Icon: Trophy, tone: 'amber' },
  super_sonic: { Icon: Zap, tone: 'sky' },
  flashback: { Icon: History, tone: 'teal' },
  brainiac: { Icon: Brain, tone: 'pink' },
  big_thing: { Icon: Gem, tone: 'cyan' },
  elite: { Icon: Crown, tone: 'fuchsia' },
  thirsty: { Icon: CalendarCheck, tone: 'green' },
  power_elite: { Icon: Crown, tone: 'amber' },
  sharing_caring: { Icon: HeartHandshake, tone: 'lime' },
  streak: { Icon: Flame, tone: 'orange' },
};

/** A badge's round picture: in its colours once earned, grey with a lock while locked. Decoration: the badge's name goes beside it. */
export function BadgeArt({ type, earned, size = 56 }: { type: BadgeKey; earned: boolean; size?: number }) {
  const { Icon, tone } = ART[type];
  return (
    <span
      aria-hidden="true"
      data-earned={earned}
      style={{ width: size, height: size }}
      className={`relative inline-flex shrink-0 items-center justify-center rounded-full ${earned ? `${TONE_BG[tone]} text-white shadow-chunky` : 'border-2 border-dashed border-line-strong bg-surface-muted text-fg-muted'}`}
    >
      <Icon style={{ width: size * 0.5, height: size * 0.5 }} strokeWidth={2} />
      {earned ? null : (
        <span className="absolute -bottom-0.5 -end-0.5 inline-flex size-5 items-center justify-center rounded-full bg-surface text-fg-muted ring-1 ring-line-strong">
          <Lock className="size-3" />
        </span>
      )}
    </span>
  );
}
