/**
 * The one catalogue of response codes, shared by the server (which answers with them) and the
 * client (which maps them to interface texts through `messageKey`).
 *
 * Numeric codes keep the reference product's numbering; named codes cover cases it lacks.
 * `status` is the HTTP status a failure with this code is answered with.
 */
export interface CodeInfo {
  /** HTTP status used when this code is sent as a failure. Success codes use 200. */
  readonly status: number;
  /** i18n key of the user-visible text (see locales/*.json, keys under `codes.`). */
  readonly messageKey: string;
  /** What the code means, for the API documentation. */
  readonly meaning: string;
}

const c = (status: number, messageKey: string, meaning: string): CodeInfo => ({ status, messageKey, meaning });

export const CODES = {
  '102': c(404, 'codes.no_data', 'no data found'),
  '103': c(400, 'codes.invalid_input', 'required field missing / invalid input'),
  '104': c(200, 'codes.user_registered', 'user registered'),
  '105': c(200, 'codes.logged_in', 'logged in'),
  '106': c(200, 'codes.profile_updated', 'profile updated'),
  '107': c(400, 'codes.file_upload_failed', 'file upload failed'),
  '108': c(410, 'codes.battle_destroyed', 'battle destroyed'),
  '109': c(200, 'codes.report_submitted', 'report submitted'),
  '110': c(200, 'codes.data_inserted', 'data inserted'),
  '111': c(200, 'codes.data_updated', 'data updated'),
  '112': c(409, 'codes.daily_quiz_already_played', 'daily quiz already played'),
  '113': c(404, 'codes.no_matches_played', 'no matches played'),
  '114': c(404, 'codes.no_upcoming_contest', 'no upcoming contest'),
  '115': c(404, 'codes.no_live_contest', 'no live contest'),
  '116': c(404, 'codes.contest_not_played', 'contest not played'),
  '117': c(404, 'codes.no_past_contest', 'no past contest'),
  '118': c(404, 'codes.play_and_win', 'play and win'),
  '119': c(409, 'codes.room_exists', 'room already exists'),
  '121': c(410, 'codes.room_destroyed', 'room destroyed'),
  '122': c(500, 'codes.something_went_wrong', 'something went wrong'),
  '125': c(401, 'codes.no_token', 'no token'),
  '126': c(401, 'codes.account_deactivated', 'account deactivated, contact admin'),
  '127': c(429, 'codes.payment_request_recent', 'payment request within the last 48 h'),
  '128': c(409, 'codes.already_played', 'already played'),
  '129': c(401, 'codes.unauthorised', 'unauthorised (bad token, identity proof invalid)'),
  '130': c(409, 'codes.user_exists', 'user exists'),
  '131': c(404, 'codes.user_not_found', 'user does not exist'),
  '132': c(409, 'codes.already_exists', 'already exists'),
  '135': c(409, 'codes.payment_not_pending', 'payment request is not pending'),

  not_found: c(404, 'codes.not_found', 'no such endpoint'),
  forbidden: c(403, 'codes.forbidden', 'this is for operators with another role'),
  last_admin: c(409, 'codes.last_admin', 'the last admin keeps the role: grant another admin first'),
  method_not_allowed: c(405, 'codes.method_not_allowed', 'only POST is accepted'),
  payload_too_large: c(413, 'codes.payload_too_large', 'request body or a field is too large'),
  unsupported_media_type: c(415, 'codes.unsupported_media_type', 'body must be multipart, urlencoded or JSON'),
  not_enough_coins: c(409, 'codes.not_enough_coins', "you don't have enough coins"),
  level_locked: c(403, 'codes.level_locked', 'this level is locked, play previous levels to unlock'),
  lifeline_used: c(409, 'codes.lifeline_used', 'lifeline already used'),
  lifeline_not_allowed: c(403, 'codes.lifeline_not_allowed', 'this lifeline is not allowed'),
  lifeline_conflict: c(409, 'codes.lifeline_conflict', '50/50 and audience poll cannot both be used on one question'),
  hint_not_allowed: c(403, 'codes.hint_not_allowed', 'hints are for guess-the-word questions'),
  hint_limit: c(409, 'codes.hint_limit', 'no more hints on this question'),
  room_full: c(409, 'codes.room_full', 'room is full'),
  room_deleted: c(410, 'codes.room_deleted', 'room is deleted by owner'),
  room_code_invalid: c(404, 'codes.room_code_invalid', 'invalid room code'),
  player_not_joined: c(409, 'codes.player_not_joined', 'player is not joined yet'),
  exam_key_invalid: c(403, 'codes.exam_key_invalid', 'invalid exam key'),
  exam_rules_not_agreed: c(400, 'codes.exam_rules_not_agreed', 'please agree to the exam rules'),
  exam_not_open: c(403, 'codes.exam_not_open', 'this exam has not started yet'),
  exam_over: c(409, 'codes.exam_over', 'this exam is over'),
  exam_completed: c(409, 'codes.exam_completed', 'you have already completed this exam'),
  exam_answer_locked: c(409, 'codes.exam_answer_locked', 'answers cannot be changed in this exam'),
  exam_other_session: c(409, 'codes.exam_other_session', 'this exam goes on in another tab or device'),
  contest_not_live: c(409, 'codes.contest_not_live', 'this contest is not running now'),
  answer_too_late: c(409, 'codes.answer_too_late', 'the time for this question is over'),
  demo_mode: c(403, 'codes.demo_mode', 'not allowed in demo version'),
  maintenance: c(503, 'codes.maintenance', 'maintenance mode is on'),
  rate_limited: c(429, 'codes.rate_limited', 'too many requests, try again later'),
  email_not_verified: c(403, 'codes.email_not_verified', 'please verify your email first'),
  otp_invalid: c(400, 'codes.otp_invalid', 'the code is not valid'),
  otp_expired: c(400, 'codes.otp_expired', 'the code has expired'),
  otp_locked: c(429, 'codes.otp_locked', 'too many wrong codes: request a new code'),
  email_in_use: c(409, 'codes.email_in_use', 'email already in use'),
  invalid_email: c(400, 'codes.invalid_email', 'invalid email address'),
  invalid_credentials: c(400, 'codes.invalid_credentials', 'the email or the password is wrong'),
  user_disabled: c(403, 'codes.user_disabled', 'user account has been disabled'),
  link_invalid: c(400, 'codes.link_invalid', 'the link is not valid or has expired'),
  phone_invalid: c(400, 'codes.phone_invalid', 'enter the correct mobile number with country code'),
  weak_password: c(400, 'codes.weak_password', 'the password is too short'),
  claim_not_verified: c(403, 'codes.claim_not_verified', 'the server has no record of this movement'),
  file_type_not_allowed: c(415, 'codes.file_type_not_allowed', 'only PNG, JPEG or WebP images are accepted'),
  premium_locked: c(403, 'codes.premium_locked', 'a premium category or subcategory the player has not unlocked'),
  level_not_passed: c(403, 'codes.level_not_passed', 'the server has no record of this level being passed'),
  result_not_recorded: c(403, 'codes.result_not_recorded', 'the server has no record of the result a client reports'),
  bookmark_not_found: c(404, 'codes.bookmark_not_found', 'cannot remove question from bookmark: it is not bookmarked'),
  mode_disabled: c(403, 'codes.mode_disabled', 'this mode is turned off by the admin'),
  play_finished: c(409, 'codes.play_finished', 'the play session is already finished'),
  play_not_finished: c(409, 'codes.play_not_finished', 'the play session is not finished yet'),
  badge_locked: c(403, 'codes.badge_locked', 'the badge is not unlocked yet: its reward cannot be claimed'),
  room_not_waiting: c(409, 'codes.room_not_waiting', 'this room is not waiting for players any more'),
  players_not_ready: c(409, 'codes.players_not_ready', 'not every player in the room is ready'),
  not_room_creator: c(403, 'codes.not_room_creator', "only the room's creator may do this"),
  question_not_open: c(409, 'codes.question_not_open', 'this battle question is not open'),
  already_answered: c(409, 'codes.already_answered', 'this question was already answered'),
} as const satisfies Record<string, CodeInfo>;

export type Code = keyof typeof CODES;

export function isCode(value: unknown): value is Code {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(CODES, value);
}

/** The i18n key for a code, or the generic failure key for anything unknown. */
export function messageKeyFor(code: unknown): string {
  return isCode(code) ? CODES[code].messageKey : CODES['122'].messageKey;
}

/** The response envelope of every API call (api.md). */
export type Envelope<T = unknown> =
  | ({ error: false; message: string; data: T } & Record<string, unknown>)
  | { error: true; message: Code; data: null; field?: string; request_id?: string; detail?: string };
