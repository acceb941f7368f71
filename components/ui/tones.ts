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


/** Each mode's tone, without its icon: what a page that draws the tiles needs in its first load. */
export const MODE_TONE = {
  quiz_zone: 'violet',
  daily_quiz: 'orange',
  true_false: 'teal',
  random_battle: 'rose',
  group_battle: 'pink',
  play_with_friend: 'fuchsia',
  fun_and_learn: 'green',
  guess_the_word: 'sky',
  self_challenge: 'indigo',
  contest: 'amber',
  audio_questions: 'cyan',
  math_mania: 'blue',
  multi_match: 'lime',
  exam: 'slate',
  live: 'violet',
} as const satisfies Record<string, Tone>;
