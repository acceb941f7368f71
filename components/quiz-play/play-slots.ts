import type { ReactNode } from 'react';
import type { PlayQuestion, PlayResult } from '@/services/domain/play-session';

/**
 * What a page adds to the play views without putting its business into them: controls on the
 * question card (bookmark, report), the result's primary action (next level), and its own
 * screen for a refusal to start (daily quiz already played, level locked).
 */
export interface QuizPlaySlots {
  /** Controls shown on the question card, for the question on screen. */
  readonly questionActions?: (question: PlayQuestion) => ReactNode;
  /**
   * The result's primary action when the page has one (the next level, the contest's board), or
   * null: shown first; play again then sits beside the review. The result's close button is the
   * way back (`exitHref`).
   */
  readonly resultNext?: (result: PlayResult) => ReactNode | null;
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
