import { messageKeyFor } from '@/services/domain/code-messages';

/**
 * The one catalogue of response codes, shared by the server (which answers with them) and the
 * client (which maps them to interface texts through `messageKey`: code-messages.ts, the part the
 * client bundles).
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

const c = (status: number, meaning: string) => ({ status, meaning });

const INFO = {
  '102': c(404, 'no data found'),
  '103': c(400, 'required field missing / invalid input'),
  '104': c(200, 'user registered'),
  '105': c(200, 'logged in'),
  '106': c(200, 'profile updated'),
  '107': c(400, 'file upload failed'),
  '108': c(410, 'battle destroyed'),
  '109': c(200, 'report submitted'),
  '110': c(200, 'data inserted'),
  '111': c(200, 'data updated'),
  '112': c(409, 'daily quiz already played'),
  '113': c(404, 'no matches played'),
  '114': c(404, 'no upcoming contest'),
  '115': c(404, 'no live contest'),
  '116': c(404, 'contest not played'),
  '117': c(404, 'no past contest'),
  '118': c(404, 'play and win'),
  '119': c(409, 'room already exists'),
  '121': c(410, 'room destroyed'),
  '122': c(500, 'something went wrong'),
  '125': c(401, 'no token'),
  '126': c(401, 'account deactivated, contact admin'),
  '127': c(429, 'payment request within the last 48 h'),
  '128': c(409, 'already played'),
  '129': c(401, 'unauthorised (bad token, identity proof invalid)'),
  '130': c(409, 'user exists'),
  '131': c(404, 'user does not exist'),
  '132': c(409, 'already exists'),
  '135': c(409, 'payment request is not pending'),

  not_found: c(404, 'no such endpoint'),
  forbidden: c(403, 'this is for operators with another role'),
  last_admin: c(409, 'the last admin keeps the role: grant another admin first'),
  import_running: c(409, 'an import is running: one at a time'),
  method_not_allowed: c(405, 'only POST is accepted'),
  payload_too_large: c(413, 'request body or a field is too large'),
  unsupported_media_type: c(415, 'body must be multipart, urlencoded or JSON'),
  not_enough_coins: c(409, "you don't have enough coins"),
  level_locked: c(403, 'this level is locked, play previous levels to unlock'),
  lifeline_used: c(409, 'lifeline already used'),
  lifeline_not_allowed: c(403, 'this lifeline is not allowed'),
  lifeline_conflict: c(409, '50/50 and audience poll cannot both be used on one question'),
  hint_not_allowed: c(403, 'hints are for guess-the-word questions'),
  hint_limit: c(409, 'no more hints on this question'),
  room_full: c(409, 'room is full'),
  room_deleted: c(410, 'room is deleted by owner'),
  room_code_invalid: c(404, 'invalid room code'),
  player_not_joined: c(409, 'player is not joined yet'),
  exam_key_invalid: c(403, 'invalid exam key'),
  exam_rules_not_agreed: c(400, 'please agree to the exam rules'),
  exam_not_open: c(403, 'this exam has not started yet'),
  exam_over: c(409, 'this exam is over'),
  exam_completed: c(409, 'you have already completed this exam'),
  exam_answer_locked: c(409, 'answers cannot be changed in this exam'),
  exam_other_session: c(409, 'this exam goes on in another tab or device'),
  contest_not_live: c(409, 'this contest is not running now'),
  review_not_open: c(409, 'the answers of a running contest are shown when it ends'),
  answer_too_late: c(409, 'the time for this question is over'),
  demo_mode: c(403, 'not allowed in demo version'),
  maintenance: c(503, 'maintenance mode is on'),
  rate_limited: c(429, 'too many requests, try again later'),
  email_not_verified: c(403, 'please verify your email first'),
  otp_invalid: c(400, 'the code is not valid'),
  otp_expired: c(400, 'the code has expired'),
  otp_locked: c(429, 'too many wrong codes: request a new code'),
  email_in_use: c(409, 'email already in use'),
  invalid_email: c(400, 'invalid email address'),
  invalid_credentials: c(400, 'the email or the password is wrong'),
  user_disabled: c(403, 'user account has been disabled'),
  link_invalid: c(400, 'the link is not valid or has expired'),
  phone_invalid: c(400, 'enter the correct mobile number with country code'),
  weak_password: c(400, 'the password is too short'),
  claim_not_verified: c(403, 'the server has no record of this movement'),
  file_type_not_allowed: c(415, 'only PNG, JPEG or WebP images are accepted'),
  premium_locked: c(403, 'a premium category or subcategory the player has not unlocked'),
  level_not_passed: c(403, 'the server has no record of this level being passed'),
  result_not_recorded: c(403, 'the server has no record of the result a client reports'),
  bookmark_not_found: c(404, 'cannot remove question from bookmark: it is not bookmarked'),
  mode_disabled: c(403, 'this mode is turned off by the admin'),
  play_finished: c(409, 'the play session is already finished'),
  play_not_finished: c(409, 'the play session is not finished yet'),
  badge_locked: c(403, 'the badge is not unlocked yet: its reward cannot be claimed'),
  room_not_waiting: c(409, 'this room is not waiting for players any more'),
  players_not_ready: c(409, 'not every player in the room is ready'),
  not_room_creator: c(403, "only the room's creator may do this"),
  question_not_open: c(409, 'this battle question is not open'),
  already_answered: c(409, 'this question was already answered'),
  live_pin_unknown: c(404, 'no game is running with this PIN'),
  live_locked: c(403, 'the host has locked this game'),
  live_full: c(409, 'this game is full'),
  nickname_taken: c(409, 'this nickname is taken in this game'),
  nickname_blocked: c(400, 'this nickname is not allowed'),
  live_removed: c(403, 'the host removed this player from the game'),
  live_token_unknown: c(404, 'this game does not know this player'),
  live_over: c(410, 'this game is over'),
  live_paused: c(409, 'the game is paused'),
  live_no_players: c(409, 'nobody has joined the game yet'),
  live_hosting_limited: c(403, 'hosting live games is limited to operators'),
  live_moved: c(409, 'the game changed meanwhile'),
  assignment_pin_unknown: c(404, 'no assignment has this PIN'),
  assignment_closed: c(410, 'the assignment has closed'),
  assignment_not_open: c(409, 'the assignment has not opened yet'),
  assignment_token_unknown: c(404, 'this assignment does not know this device'),
  resume_code_unknown: c(404, 'no pupil of this assignment has this resume code'),
  assignment_attempt_running: c(409, 'the attempt under way is not finished'),
  assignment_no_attempts: c(409, 'every attempt the assignment allows was used'),
  assignment_no_question: c(409, 'the question answered is not the one waiting for an answer'),
} as const satisfies Record<string, Omit<CodeInfo, 'messageKey'>>;

export type Code = keyof typeof INFO;

export const CODES = Object.fromEntries(
  Object.entries(INFO).map(([code, info]) => [code, { ...info, messageKey: messageKeyFor(code) }]),
) as Record<Code, CodeInfo>;

export function isCode(value: unknown): value is Code {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(CODES, value);
}

export { messageKeyFor };

/** The response envelope of every API call (api.md). */
export type Envelope<T = unknown> =
  | ({ error: false; message: string; data: T } & Record<string, unknown>)
  | { error: true; message: Code; data: null; field?: string; request_id?: string; detail?: string };
