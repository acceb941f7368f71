import { SHIPPED_TEXTS } from '@/services/domain/shipped-texts';
/**
 * Every admin-editable setting, with the default it is seeded with (rules.md).
 *
 * Values travel as strings, as in the reference product (`systemConfig.language_mode === '1'`),
 * so the client and the admin console handle every setting the same way. `kind` says how the
 * value is validated and read.
 */
export type SettingKind = 'flag' | 'int' | 'text';

export interface SettingDef {
  readonly key: string;
  readonly kind: SettingKind;
  readonly default: string;
  /** Lowest allowed value for `int` settings. */
  readonly min?: number;
  /** Highest allowed value for `int` settings. */
  readonly max?: number;
  readonly description: string;
  /** Where the setting is listed (docs/settings.md and the console's settings page). */
  readonly group: SettingGroup;
}

/** The groups of the catalogue, in the order they are listed. */
export const SETTING_GROUPS = {
  platform: 'Platform',
  content: 'Content',
  modes: 'Modes on/off',
  solo_play: 'Quiz zone and solo play',
  battles: 'Battles',
  contests: 'Contests',
  exams: 'Exams',
  live: 'Live games',
  limits: 'Limits against abuse',
  economy: 'Economy',
  badges: 'Badges: reward coins and thresholds',
  web: 'Web app',
} as const;
export type SettingGroup = keyof typeof SETTING_GROUPS;

type Ungrouped = Omit<SettingDef, 'group'>;
const inGroup = (group: SettingGroup, defs: readonly Ungrouped[]): SettingDef[] => defs.map((d) => ({ ...d, group }));

const flag = (key: string, on: boolean, description: string): Ungrouped => ({
  key,
  kind: 'flag',
  default: on ? '1' : '0',
  description,
});
const int = (key: string, value: number, description: string, min = 0, max = 1_000_000): Ungrouped => ({
  key,
  kind: 'int',
  default: String(value),
  min,
  max,
  description,
});
const text = (key: string, value: string, description: string): Ungrouped => ({
  key,
  kind: 'text',
  default: value,
  description,
});

/** System configuration: returned whole by `get_system_configurations`. */
export const SYSTEM_SETTINGS: readonly SettingDef[] = [
  ...inGroup('platform', [
    text('app_name', 'Quiz Arena', 'name shown in the header and page titles'),
    flag('maintenance_mode', false, 'players see the maintenance page; the admin console still works'),
    flag('demo_mode', false, 'profile updates and other destructive actions are refused'),
    flag('language_mode', true, 'content languages: filter content by the chosen language'),
    text('default_timezone', 'UTC', 'timezone used when a player sends none'),
  ]),
  ...inGroup('content', [
    flag('option_e_mode', false, 'multiple-choice questions may carry a fifth option'),
    flag('option_shuffle_mode', true, 'shuffle the options of each question per play'),
    flag('question_shuffle_mode', true, 'shuffle the questions of each play'),
  ]),
  ...inGroup('modes', [
    flag('quiz_zone_mode', true, 'quiz zone is offered'),
    flag('daily_quiz_mode', true, 'daily quiz is offered'),
    flag('true_false_mode', true, 'true and false is offered'),
    flag('fun_n_learn_mode', true, 'fun and learn is offered'),
    flag('guess_the_word_mode', true, 'guess the word is offered'),
    flag('audio_mode', true, 'audio questions are offered'),
    flag('maths_quiz_mode', true, 'maths mania is offered'),
    flag('multi_match_mode', true, 'multi match is offered'),
    flag('self_challenge_mode', true, 'self challenge is offered'),
    flag('contest_mode', true, 'contests are offered'),
    flag('battle_mode_one', true, 'random 1v1 battle is offered'),
    flag('battle_mode_group', true, 'group battle is offered'),
    flag('play_with_friend_mode', true, 'play with a friend is offered'),
    flag('exam_module', true, 'exam module is offered'),
    flag('bookmark_mode', true, 'bookmarks are offered'),
  ]),
  ...inGroup('solo_play', [
    int('quiz_zone_total_level_question', 10, 'questions in a quiz-zone level', 1, 100),
    int('quiz_zone_duration', 30, 'seconds per quiz-zone question', 5, 600),
    int('quiz_winning_percentage', 30, 'percentage of right answers needed to pass', 0, 100),
    int('maximum_winning_coins', 4, 'coins for a pass at or above minimum_coins_winning_percentage', 0, 1000),
    int('minimum_coins_winning_percentage', 70, 'percentage that earns the maximum coins', 0, 100),
    int('quiz_zone_correct_answer_score', 4, 'score added per right answer in quiz zone', 0, 1000),
    int('quiz_zone_wrong_answer_score', 4, 'score taken per wrong answer in quiz zone', 0, 1000),
    int('quiz_zone_lifeline_deduct_coin', 5, 'coins a lifeline costs', 0, 1000),
    int('daily_quiz_duration', 30, 'seconds per daily-quiz question', 5, 600),
    int('daily_quiz_total_question', 10, 'questions in the daily quiz', 1, 100),
    int('daily_quiz_correct_answer_score', 4, 'score per right answer in the daily quiz', 0, 1000),
    int('daily_quiz_wrong_answer_score', 4, 'score taken per wrong answer in the daily quiz', 0, 1000),
    int('true_false_duration', 30, 'seconds per true/false question', 5, 600),
    int('true_false_total_question', 10, 'questions in a true/false play', 1, 100),
    int('true_false_correct_answer_score', 4, 'score per right answer in true/false', 0, 1000),
    int('true_false_wrong_answer_score', 4, 'score taken per wrong answer in true/false', 0, 1000),
    int('fun_n_learn_duration', 30, 'seconds per fun-and-learn question', 5, 600),
    int('fun_n_learn_correct_answer_score', 4, 'score per right answer in fun and learn', 0, 1000),
    int('fun_n_learn_wrong_answer_score', 4, 'score taken per wrong answer in fun and learn', 0, 1000),
    int('guess_the_word_duration', 60, 'seconds per guess-the-word question', 5, 600),
    int('guess_the_word_max_hints', 2, 'hints allowed per guess-the-word question', 0, 10),
    int('guess_the_word_hint_deduct_coin', 2, 'coins a guess-the-word hint costs', 0, 1000),
    int('guess_the_word_max_winning_coins', 10, 'maximum coins for a guess-the-word pass', 0, 1000),
    int('guess_the_word_correct_answer_score', 4, 'score per right answer in guess the word', 0, 1000),
    int('guess_the_word_wrong_answer_score', 4, 'score taken per wrong answer in guess the word', 0, 1000),
    int('audio_duration', 30, 'seconds per audio question', 5, 600),
    int('audio_correct_answer_score', 4, 'score per right answer in audio questions', 0, 1000),
    int('audio_wrong_answer_score', 4, 'score taken per wrong answer in audio questions', 0, 1000),
    int('maths_duration', 60, 'seconds per maths question', 5, 600),
    int('maths_correct_answer_score', 4, 'score per right answer in maths mania', 0, 1000),
    int('maths_wrong_answer_score', 4, 'score taken per wrong answer in maths mania', 0, 1000),
    int('multi_match_duration', 60, 'seconds per multi-match question', 5, 600),
    int('multi_match_total_level_question', 10, 'questions in a multi-match level', 1, 100),
    int('multi_match_correct_answer_score', 4, 'score per right answer in multi match', 0, 1000),
    int('multi_match_wrong_answer_score', 4, 'score taken per wrong answer in multi match', 0, 1000),
    int('self_challenge_max_questions', 50, 'most questions a self challenge may have', 1, 200),
    int('self_challenge_max_minutes', 30, 'most minutes a self challenge may last', 1, 180),
    flag('review_answers_mode', true, 'review answers costs coins'),
    int('review_answers_deduct_coin', 5, 'coins a review of answers costs (once per play)', 0, 1000),
  ]),
  ...inGroup('battles', [
    int('random_battle_total_question', 10, 'questions in a random battle', 1, 50),
    int('random_battle_duration', 30, 'seconds per battle question', 5, 600),
    int('random_battle_entry_coin', 5, 'entry fee of a random battle', 0, 10000),
    int('random_battle_max_fee_multiplier', 4, 'highest multiple of the entry fee a player may pick', 1, 10),
    flag('battle_mode_random_category', true, 'random battles are matched by category'),
    int('random_battle_search_seconds', 30, 'seconds to search for an opponent before offering the bot', 5, 300),
    int('battle_correct_answer_points', 4, 'points per right battle answer', 0, 1000),
    int('battle_quick_answer_bonus_2s', 2, 'bonus points for a right answer within 2 s', 0, 1000),
    int('battle_quick_answer_bonus_4s', 1, 'bonus points for a right answer within 4 s', 0, 1000),
    int('battle_reconnect_grace_seconds', 10, 'seconds a dropped player has to come back', 1, 300),
    int('bot_accuracy_percentage', 70, 'how often the bot answers right', 0, 100),
    int('bot_min_answer_delay_ms', 2000, 'fastest bot answer', 0, 600000),
    int('bot_max_answer_delay_ms', 9000, 'slowest bot answer', 0, 600000),
    int('group_battle_max_players', 4, 'seats in a group room', 2, 4),
    int('group_battle_duration', 30, 'seconds per group-battle question', 5, 600),
    int('group_battle_max_questions', 20, 'most questions a group room may have', 1, 50),
    text('group_battle_room_code_char', '3', "room code characters: '1' digits, '2' letters, '3' both"),
  ]),
  ...inGroup('contests', [
    int('contest_duration', 30, 'seconds per contest question', 5, 600),
    int('contest_correct_answer_score', 4, 'score per right answer in a contest', 0, 1000),
    int('contest_wrong_answer_score', 4, 'score taken per wrong answer in a contest', 0, 1000),
  ]),
  ...inGroup('live', [
    flag('live_mode', true, 'live games (a host screen, players joining with a PIN) are offered'),
    int('live_hosting', 0, 'who may host a live game: 0 every signed-in player, 1 editors and admins, 2 admins', 0, 2),
    int('live_max_players', 2000, 'players per live game', 1, 2000),
    text('live_blocked_words', '', 'comma-separated words no live-game nickname may hold'),
  ]),
  ...inGroup('exams', [
    int('exam_module_resume_exam_timeout', 5, 'minutes a dropped exam-taker has to resume', 0, 600),
    int('exam_violation_hidden_seconds', 5, 'seconds the exam page may be hidden before it is submitted', 1, 60),
  ]),
  ...inGroup('limits', [
    int('signup_per_address_hour', 60, 'sign-ups one address may make per hour (a school signs up behind one address)', 1, 100000),
    int('login_failures_per_address', 50, 'failed sign-ins from one address per 15 minutes before it must wait (sign-ins with the right password are not counted)', 1, 100000),
    int('login_failures_per_account', 10, 'failed sign-ins of one account per 15 minutes, from any address, before it must wait', 1, 100000),
    int('live_wrong_pins_per_address', 30, 'wrong live-game PINs one address may try per 10 minutes before it must wait (docs/live.md, "Guessing a PIN")', 1, 100000),
    int('live_seats_per_address', 60, 'seats one address may take in one live game (a class behind one address joins)', 1, 100000),
  ]),
  ...inGroup('economy', [
    int('welcome_bonus_coin', 50, 'coins a new player starts with', 0, 100000),
    int('earn_coin', 75, 'coins a new player gets for entering a friend code (instead of the welcome bonus)', 0, 100000),
    int('refer_coin', 100, "coins the code's owner gets per referral", 0, 100000),
    flag('payment_mode', true, 'coin redemption is offered'),
    int('per_coin', 10, 'coins that make coin_amount currency units', 1, 100000),
    int('coin_amount', 1, 'currency units per per_coin coins', 1, 100000),
    int('coin_limit', 100, 'fewest coins a payment request may redeem', 1, 10000000),
    int('payment_request_interval_hours', 48, 'hours between two payment requests of a player', 0, 10000),
    text('currency_symbol', '$', 'currency symbol of payouts'),
  ]),
  ...inGroup('badges', [
    int('badge_dashing_debut_reward', 2, 'dashing debut reward', 0, 100000),
    int('badge_combat_winner_reward', 5, 'combat winner reward', 0, 100000),
    int('badge_clash_winner_reward', 2, 'clash winner reward', 0, 100000),
    int('badge_most_wanted_winner_reward', 10, 'most wanted winner reward', 0, 100000),
    int('badge_quiz_warrior_reward', 1, 'quiz warrior reward', 0, 100000),
    int('badge_quiz_warrior_counter', 3, 'random-battle wins in a row for quiz warrior', 1, 1000),
    int('badge_ultimate_player_reward', 1, 'ultimate player reward', 0, 100000),
    int('badge_super_sonic_reward', 1, 'super sonic reward', 0, 100000),
    int('badge_super_sonic_counter', 5, 'fewest questions for super sonic', 1, 1000),
    int('badge_flashback_reward', 1, 'flashback reward', 0, 100000),
    int('badge_flashback_counter', 5, 'fewest questions for flashback', 1, 1000),
    int('badge_brainiac_reward', 1, 'brainiac reward', 0, 100000),
    int('badge_brainiac_counter', 5, 'fewest questions for brainiac', 1, 1000),
    int('badge_big_thing_reward', 1, 'big thing reward', 0, 100000),
    int('badge_big_thing_counter', 5000, 'right answers in total for big thing', 1, 10000000),
    int('badge_elite_reward', 1, 'elite reward', 0, 100000),
    int('badge_elite_counter', 5000, 'coins earned in total above which elite is awarded', 1, 100000000),
    int('badge_thirsty_reward', 1, 'thirsty reward', 0, 100000),
    int('badge_thirsty_counter', 30, 'daily quizzes in a row for thirsty', 1, 1000),
    int('badge_power_elite_reward', 1, 'power elite reward', 0, 100000),
    int('badge_power_elite_counter', 10, 'badges above which power elite is awarded', 1, 15),
    int('badge_sharing_caring_reward', 1, 'sharing caring reward', 0, 100000),
    int('badge_sharing_caring_counter', 50, 'referred players above which sharing caring is awarded', 1, 100000),
    int('badge_streak_reward', 1, 'streak reward', 0, 100000),
    int('badge_streak_counter', 30, 'consecutive active days for streak', 1, 1000),
  ]),
];

/** Web settings: what the web app's shell needs (`get_web_settings`). */
export const WEB_SETTINGS: readonly SettingDef[] = [
  ...inGroup('web', [
    text('web_header_title', 'Quiz Arena', 'title in the header'),
    text('web_tagline', SHIPPED_TEXTS.web_tagline, 'tagline under the title'),
    text('web_theme_color', '#4f46e5', 'accent colour of the web app'),
    text('web_footer_text', SHIPPED_TEXTS.web_footer_text, 'footer text'),
    text('web_contact_email', 'support@example.com', 'contact address shown on the contact page'),
    text('web_default_interface_language', 'en', 'interface language of a new visitor'),
  ]),
];

export const ALL_SETTINGS: readonly SettingDef[] = [...SYSTEM_SETTINGS, ...WEB_SETTINGS];

const byKey = new Map(ALL_SETTINGS.map((d) => [d.key, d]));

export function settingDef(key: string): SettingDef | undefined {
  return byKey.get(key);
}

/** Checks a value for a setting; returns the reason it is refused, or null when it is fine. */
export function validateSetting(key: string, value: string): string | null {
  const def = byKey.get(key);
  if (!def) return `unknown setting ${key}`;
  if (def.kind === 'flag') return value === '0' || value === '1' ? null : `${key} must be '0' or '1'`;
  if (def.kind === 'int') {
    if (!/^-?\d+$/.test(value)) return `${key} must be a whole number`;
    const n = Number(value);
    if (def.min !== undefined && n < def.min) return `${key} must be at least ${def.min}`;
    if (def.max !== undefined && n > def.max) return `${key} must be at most ${def.max}`;
    return null;
  }
  return value.length <= 2000 ? null : `${key} must be at most 2000 characters`;
}

export type SettingsMap = Readonly<Record<string, string>>;

export function defaultSettings(defs: readonly SettingDef[] = ALL_SETTINGS): Record<string, string> {
  return Object.fromEntries(defs.map((d) => [d.key, d.default]));
}

/** Reads an integer setting, falling back to its default when the stored value is unusable. */
export function intSetting(settings: SettingsMap, key: string): number {
  const raw = settings[key] ?? byKey.get(key)?.default;
  const n = Number(raw);
  return Number.isFinite(n) ? n : Number(byKey.get(key)?.default ?? 0);
}

export function flagSetting(settings: SettingsMap, key: string): boolean {
  return (settings[key] ?? byKey.get(key)?.default) === '1';
}

/** Pages served by `get_settings(type)`. */
export const PAGE_TYPES = ['about_us', 'privacy_policy', 'terms_conditions', 'contact_us', 'instructions', 'faq'] as const;
export type PageType = (typeof PAGE_TYPES)[number];
