import { TONE_BG } from '@/components/ui/tones';
import { teamTone } from '@/services/domain/live-names';

type T = (key: string, values?: Record<string, unknown>) => string;

/** A team's name in the interface language: its colour ("Red team"). */
export const teamName = (t: T, team: number): string => t(`live.team.${teamTone(team)}`);

/** A team's colour as a swatch, beside its name (the name is the text; the swatch only shows it). */
export function TeamSwatch({ team, className = 'size-[0.9em]' }: { team: number; className?: string }) {
  return <span aria-hidden="true" data-team-swatch={team} className={`inline-block shrink-0 rounded-full ring-2 ring-white ${TONE_BG[teamTone(team)]} ${className}`} />;
}
