/**
 * Which interface text (a key of locales/*.json) tells a player what a response code means: the
 * client's part of the code catalogue (services/domain/codes.ts), kept apart so that the page
 * carries the keys and not the statuses and descriptions the server documents.
 */
const NUMERIC: Readonly<Record<string, string>> = {
  '102': 'no_data',
  '103': 'invalid_input',
  '104': 'user_registered',
  '105': 'logged_in',
  '106': 'profile_updated',
  '107': 'file_upload_failed',
  '108': 'battle_destroyed',
  '109': 'report_submitted',
  '110': 'data_inserted',
  '111': 'data_updated',
  '112': 'daily_quiz_already_played',
  '113': 'no_matches_played',
  '114': 'no_upcoming_contest',
  '115': 'no_live_contest',
  '116': 'contest_not_played',
  '117': 'no_past_contest',
  '118': 'play_and_win',
  '119': 'room_exists',
  '121': 'room_destroyed',
  '122': 'something_went_wrong',
  '125': 'no_token',
  '126': 'account_deactivated',
  '127': 'payment_request_recent',
  '128': 'already_played',
  '129': 'unauthorised',
  '130': 'user_exists',
  '131': 'user_not_found',
  '132': 'already_exists',
  '135': 'payment_not_pending',
};

/** Named codes are their own key: `codes.<name>`. */
export const NAMED_CODES: ReadonlySet<string> = new Set([
  'not_found',
  'forbidden',
  'last_admin',
  'import_running',
  'method_not_allowed',
  'payload_too_large',
  'unsupported_media_type',
  'not_enough_coins',
  'level_locked',
  'lifeline_used',
  'lifeline_not_allowed',
  'lifeline_conflict',
  'hint_not_allowed',
  'hint_limit',
  'room_full',
  'room_deleted',
  'room_code_invalid',
  'player_not_joined',
  'exam_key_invalid',
  'exam_rules_not_agreed',
  'exam_not_open',
  'exam_over',
  'exam_completed',
  'exam_answer_locked',
  'exam_other_session',
  'contest_not_live',
  'review_not_open',
  'answer_too_late',
  'demo_mode',
  'maintenance',
  'rate_limited',
  'email_not_verified',
  'otp_invalid',
  'otp_expired',
  'otp_locked',
  'email_in_use',
  'invalid_email',
  'invalid_credentials',
  'user_disabled',
  'link_invalid',
  'phone_invalid',
  'weak_password',
  'claim_not_verified',
  'file_type_not_allowed',
  'premium_locked',
  'level_not_passed',
  'result_not_recorded',
  'bookmark_not_found',
  'mode_disabled',
  'play_finished',
  'play_not_finished',
  'badge_locked',
  'room_not_waiting',
  'players_not_ready',
  'not_room_creator',
  'question_not_open',
  'already_answered',
]);

/** The i18n key for a code, or the generic failure key for anything unknown. */
export function messageKeyFor(code: unknown): string {
  if (typeof code === 'string') {
    const numeric = Object.prototype.hasOwnProperty.call(NUMERIC, code) ? NUMERIC[code] : undefined;
    if (numeric) return `codes.${numeric}`;
    if (NAMED_CODES.has(code)) return `codes.${code}`;
  }
  return `codes.${NUMERIC['122']}`;
}
