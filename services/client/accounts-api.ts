import { apiRequest, type ApiResult, type CallOptions } from '@/services/client/api';
import type { ExtendedTime } from '@/services/domain/extended-time';

/**
 * Typed fetchers for accounts: sign-in's last steps, profile, coins, notifications and the dev
 * outbox. Each answers the full ApiResult: the views tell "no data" from a failure and show the
 * failure's text where it belongs (a form's alert, a page's error with retry).
 */

/** The player as every account call answers it. */
export type AccountUser = {
  id: number;
  firebase_id: string;
  name: string;
  email: string;
  mobile: string;
  /** Login type: 'email', 'mobile' or 'gmail'. */
  type: string;
  /** Image URL path, or null. */
  profile: string | null;
  coins: number;
  refer_code: string;
  friends_code: string;
  web_language: string;
  /** Extended time of solo-play clocks: '1' (standard), '1.5' or '2'. */
  extended_time: ExtendedTime;
  all_time_score: number;
  status: '1' | '0';
};

export interface SignupResult {
  api_token: string;
  user: AccountUser;
}

export interface SignupRequest {
  firebase_id: string;
  type: 'email' | 'mobile' | 'gmail';
  id_token: string;
  name?: string;
  email?: string;
  mobile?: string;
  friends_code?: string;
}

export interface CoinScore {
  coins: number;
  score: number;
  redeemable_amount: number;
}

export type TrackerFilter = 'income' | 'spent';

export interface TrackerItem {
  id: number;
  /** Signed: positive for income, negative for spent. */
  amount: number;
  /** What moved the coins: 'welcome_bonus', 'lifeline', … */
  type: string;
  title: string;
  created_at: string;
}

export type NotificationItem = {
  id: number;
  title: string;
  message: string;
  type: string;
  image: string | null;
  created_at: string;
};

export interface OutboxEntry {
  id: number;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  body: string;
  created_at: string;
}

export interface Page {
  offset: number;
  limit: number;
}

const quiet: CallOptions = { toast: false };
/** The sign-in steps: their refusals are said on the sign-in screen, which stays. */
const signingIn: CallOptions = { toast: false, signingIn: true };

export const checkUserExists = (firebaseId: string): Promise<ApiResult<{ exists: boolean }>> =>
  apiRequest('check_user_exists', { firebase_id: firebaseId }, signingIn);

/** Answers message '104' for a new player, '105' for one signing in again. */
export const userSignup = (request: SignupRequest): Promise<ApiResult<SignupResult>> =>
  apiRequest('user_signup', { ...request }, signingIn);

export const logoutSession = (): Promise<ApiResult<{ logged_out: true }>> => apiRequest('logout', {}, quiet);

export const getUserById = (): Promise<ApiResult<AccountUser>> => apiRequest('get_user_by_id', {}, quiet);

export const updateProfile = (
  fields: { name?: string; mobile?: string; email?: string; web_language?: string },
  options: CallOptions = quiet,
): Promise<ApiResult<AccountUser>> => apiRequest('update_profile', fields, options);

/** `set_extended_time`: the player's extended time for solo play (allowed in demo mode too: it is an accessibility need). */
export const setExtendedTime = (extended_time: ExtendedTime): Promise<ApiResult<AccountUser>> =>
  apiRequest('set_extended_time', { extended_time }, quiet);

export const uploadProfileImage = (image: Blob): Promise<ApiResult<{ profile: string }>> =>
  apiRequest('upload_profile_image', { image }, quiet);

export const deleteUserAccount = (): Promise<ApiResult<{ deleted: true }>> => apiRequest('delete_user_account', {}, quiet);

export const getUserCoinScore = (): Promise<ApiResult<CoinScore>> => apiRequest('get_user_coin_score', {}, quiet);

/** One page of the coin history, newest first; `meta.total` counts the entries of the filter. */
export const getTrackerData = (page: Page & { type?: TrackerFilter }): Promise<ApiResult<TrackerItem[]>> =>
  apiRequest('get_tracker_data', { ...page }, quiet);

/** One page of notifications, newest first; `meta.total` counts them all. */
export const getNotifications = (page: Page): Promise<ApiResult<NotificationItem[]>> =>
  apiRequest('get_notifications', { ...page, sort: 'id', order: 'desc' }, quiet);

/** Mail and SMS the server did not deliver (development only; 404 when off). */
export const getDevOutbox = (): Promise<ApiResult<OutboxEntry[]>> => apiRequest('dev_outbox', {}, quiet);

export interface DevExamKey {
  id: number;
  title: string;
  exam_key: string;
  starts_at: string;
  ends_at: string;
}

/** The keys of the exams open now or later (development servers only). */
export const getDevExamKeys = (): Promise<ApiResult<DevExamKey[]>> => apiRequest('dev_exam_keys', {}, quiet);

/** A total from a list answer's envelope, or the length of what came when there is none. */
export function totalOf(result: ApiResult<readonly unknown[]>): number {
  if (!result.ok) return 0;
  const total = Number(result.meta.total);
  return Number.isFinite(total) ? total : result.data.length;
}
