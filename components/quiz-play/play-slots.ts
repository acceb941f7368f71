import type { ReactNode } from 'react';
import type { PlayQuestion, PlayResult } from '@/services/domain/play-session';

/**
 * What a page adds to the play views without putting its business into them: controls on the
 * question card (bookmark, report), actions on the result screen (next level), and its own
 * screen for a refusal to start (daily quiz already played, level locked).
 */
export interface QuizPlaySlots {
  /** Controls shown on the question card, for the question on screen. */
  readonly questionActions?: (question: PlayQuestion) => ReactNode;
  /** Actions shown on the result screen, under the standard ones. */
  readonly resultActions?: (result: PlayResult) => ReactNode;
  /** A ranked play (contests): the result shows score and rank, not a pass, and offers no replay. */
  readonly ranked?: boolean;
  /**
   * The screen for a play that could not start with this code, instead of the generic error
   * with retry; null (or no slot) keeps the generic one.
   */
  readonly startRefusal?: (code: string | null) => ReactNode | null;
  /** Where the play screen's close button leads (the page the game was opened from); home when absent. */
  readonly exitHref?: string;
}
