import { extendedTimeOf, type ExtendedTime } from '@/services/domain/extended-time';
import type { users } from '@/services/server/db/schema';

/** The player as every account call answers it (`user` of user_signup, profile calls). */
export interface UserData {
  readonly id: number;
  readonly firebase_id: string;
  readonly name: string;
  readonly email: string;
  readonly mobile: string;
  /** Login type: 'email', 'mobile' or 'gmail'. */
  readonly type: string;
  /** Image URL, or null when the player has none. */
  readonly profile: string | null;
  readonly coins: number;
  readonly refer_code: string;
  /** The refer code this player entered at sign-up ('' when none). */
  readonly friends_code: string;
  readonly web_language: string;
  /** Extended time of solo-play clocks: '1' (standard), '1.5' or '2' (set_extended_time). */
  readonly extended_time: ExtendedTime;
  readonly all_time_score: number;
  /** '1' active, '0' deactivated by an admin (strings, as the reference product sends them). */
  readonly status: '1' | '0';
}

type UserRow = typeof users.$inferSelect;

/**
 * Text fields the player has not set are '' (not null), so the client can show them without
 * checks; only `profile` is null when missing. `all_time_score` is filled by callers that know it.
 */
export function toUserData(row: UserRow, extra: { allTimeScore?: number } = {}): UserData {
  return {
    id: row.id,
    firebase_id: row.firebaseId,
    name: row.name,
    email: row.email ?? '',
    mobile: row.mobile ?? '',
    type: row.type,
    profile: row.profile || null,
    coins: row.coins,
    refer_code: row.referCode ?? '',
    friends_code: row.friendsCode ?? '',
    web_language: row.webLanguage ?? '',
    extended_time: extendedTimeOf(row.timeExtension),
    all_time_score: extra.allTimeScore ?? 0,
    status: row.status ? '1' : '0',
  };
}
