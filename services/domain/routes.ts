/**
 * Routes the web app and the server agree on: the mode cards of the home page and the route
 * guard's prefixes (spec §2). Kept apart from the settings catalogue so that the browser bundle
 * does not carry every setting's description.
 */
/** The modes shown as cards on the home page, in order, with the setting that turns each on. */
export const MODES = [
  { key: 'quiz_zone', route: '/quiz-zone', setting: 'quiz_zone_mode' },
  { key: 'daily_quiz', route: '/quiz-play/daily-quiz-dashboard', setting: 'daily_quiz_mode' },
  { key: 'true_false', route: '/quiz-play/true-and-false-play', setting: 'true_false_mode' },
  { key: 'random_battle', route: '/random-battle', setting: 'battle_mode_one' },
  { key: 'group_battle', route: '/group-battle', setting: 'battle_mode_group' },
  { key: 'play_with_friend', route: '/random-battle/play-with-friend', setting: 'play_with_friend_mode' },
  { key: 'fun_and_learn', route: '/fun-and-learn', setting: 'fun_n_learn_mode' },
  { key: 'guess_the_word', route: '/guess-the-word', setting: 'guess_the_word_mode' },
  { key: 'self_challenge', route: '/self-learning', setting: 'self_challenge_mode' },
  { key: 'contest', route: '/contest-play', setting: 'contest_mode' },
  { key: 'audio_questions', route: '/audio-questions', setting: 'audio_mode' },
  { key: 'math_mania', route: '/math-mania', setting: 'maths_quiz_mode' },
  { key: 'multi_match', route: '/multi-match-questions', setting: 'multi_match_mode' },
  { key: 'exam', route: '/exam-module', setting: 'exam_module' },
  { key: 'live', route: '/live', setting: 'live_mode' },
] as const;

/** Route prefixes a guest may not open (spec §2). */
export const PROTECTED_PREFIXES = [
  '/quiz-zone',
  '/fun-and-learn',
  '/guess-the-word',
  '/self-learning',
  '/contest-play',
  '/random-battle',
  '/group-battle',
  '/audio-questions',
  '/math-mania',
  '/exam-module',
  '/quiz-play/daily-quiz-dashboard',
  '/quiz-play/true-and-false-play',
  '/profile/play-bookmark-questions',
  '/profile/statistics',
  '/profile',
  '/play-bookmark-questions',
  '/multi-match-questions',
  '/admin',
  '/live/host',
  '/live/reports',
  '/live/quizzes',
] as const;

export function isProtectedPath(pathname: string): boolean {
  const path = pathname.endsWith('/') ? pathname : `${pathname}/`;
  return PROTECTED_PREFIXES.some((p) => path.startsWith(`${p}/`));
}

export const AUTH_PREFIX = '/auth/';

export function isAuthPath(pathname: string): boolean {
  const path = pathname.endsWith('/') ? pathname : `${pathname}/`;
  return path.startsWith(AUTH_PREFIX);
}

/** Whether the system configuration turns a mode on ('1'). */
export function isModeEnabled(config: Readonly<Record<string, string>>, mode: (typeof MODES)[number]): boolean {
  return config[mode.setting] === '1';
}
