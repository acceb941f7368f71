/**
 * The texts an operator may change in the settings that the product ships with: the settings'
 * defaults (services/domain/settings.ts), and what the web app shows in the interface language
 * while an operator has not changed them. Kept apart from the settings' table so that a page
 * comparing against them does not carry every setting's definition.
 */
export const SHIPPED_TEXTS = {
  web_tagline: 'Play quizzes, win battles, climb the leaderboards.',
  web_footer_text: 'Quiz Arena: play, learn and compete.',
} as const;

export type ShippedTextKey = keyof typeof SHIPPED_TEXTS;
