/**
 * Extended time (ui.md: timing adjustable, WCAG 2.2.1): a player's choice of ×1.5 or ×2 the
 * standard time, applied by the server to the clocks of solo play (per question, or for the whole
 * session). Battles keep the same time for everyone. Pure: the server applies it, the web app
 * shows it.
 */

/** The choices as the API sends them: '1' (standard), '1.5', '2'. */
export const EXTENDED_TIME_CHOICES = ['1', '1.5', '2'] as const;
export type ExtendedTime = (typeof EXTENDED_TIME_CHOICES)[number];

/** As stored: percent of the standard time. */
const PERCENT: Readonly<Record<ExtendedTime, number>> = { '1': 100, '1.5': 150, '2': 200 };

export function extendedTimePercent(choice: ExtendedTime): number {
  return PERCENT[choice];
}

/** The choice a stored percent stands for; anything unknown is the standard time. */
export function extendedTimeOf(percent: number): ExtendedTime {
  return EXTENDED_TIME_CHOICES.find((c) => PERCENT[c] === percent) ?? '1';
}

/** A clock of `seconds` at the player's percent, in whole seconds (never shorter than standard). */
export function extendSeconds(seconds: number, percent: number): number {
  return Math.max(seconds, Math.round((seconds * percent) / 100));
}
