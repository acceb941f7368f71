import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { flagSetting, type SettingsMap } from '@/services/domain/settings';
import { extendedTimePercent, type ExtendedTime } from '@/services/domain/extended-time';
import { normaliseMobile, normaliseName } from '@/services/domain/profile';
import type { ServerConfig } from '@/services/server/config';
import type { Db } from '@/services/server/db/client';
import { revokeAllSessions } from '@/services/server/accounts/sessions';
import { toUserData, type UserData } from '@/services/server/accounts/user-data';
import { ApiError } from '@/services/server/gateway/api-error';
import type { UploadedFile } from '@/services/server/gateway/body';
import { readAllTimeScore, removeFromLeaderboards } from '@/services/server/leaderboards/repository';
import { deleteNotificationsOf } from '@/services/server/notifications/repository';
import {
  anonymiseUser,
  deleteAuthCodesFor,
  deleteLocalIdentity,
  findUser,
  lockUser,
  setProfileImage,
  updateProfileFields,
  type ProfilePatch,
} from '@/services/server/profile/repository';
import { detectImageType } from '@/services/server/uploads/image-type';
import { removeProfileImage, saveProfileImage } from '@/services/server/uploads/store';

/** The login type whose players may change their email (spec §4). */
const PHONE_LOGIN_TYPE = 'mobile';

export const PROFILE_IMAGE_FIELD = 'image';

function refuseInDemo(settings: SettingsMap): void {
  if (flagSetting(settings, 'demo_mode')) throw new ApiError('demo_mode', { detail: 'profile changes are not allowed in the demo version' });
}

async function existingUser(db: Db, userId: number) {
  const row = await findUser(db, userId);
  if (!row || row.deletedAt) throw new ApiError('131');
  return row;
}

export async function getUserData(db: Db, userId: number): Promise<UserData> {
  const [row, allTimeScore] = await Promise.all([existingUser(db, userId), readAllTimeScore(db, userId)]);
  return toUserData(row, { allTimeScore });
}

export interface ProfileUpdate {
  readonly name?: string;
  readonly mobile?: string;
  readonly email?: string;
  readonly web_language?: string;
}

/**
 * Merges the fields sent into the profile; a field not sent keeps its value. The name is stored
 * with its first letter capitalised; an empty mobile or email clears it. The email belongs to the
 * identity of players who sign in by email or Google, so only phone players may change it (sending
 * the current address back unchanged is accepted, so a form may send every field).
 */
export async function updateProfile(db: Db, userId: number, update: ProfileUpdate, settings: SettingsMap): Promise<UserData> {
  refuseInDemo(settings);
  const current = await existingUser(db, userId);
  const patch: { -readonly [K in keyof ProfilePatch]: ProfilePatch[K] } = {};

  if (update.name !== undefined) {
    const name = normaliseName(update.name);
    if (!name) throw new ApiError('103', { field: 'name', detail: 'name: must not be empty' });
    patch.name = name;
  }
  if (update.mobile !== undefined) {
    if (update.mobile.trim() === '') patch.mobile = null;
    else {
      const mobile = normaliseMobile(update.mobile);
      if (!mobile) throw new ApiError('phone_invalid', { field: 'mobile', detail: 'mobile: must be a number with its country code, e.g. +14155550100' });
      patch.mobile = mobile;
    }
  }
  if (update.email !== undefined) {
    const email = update.email.trim().toLowerCase() || null;
    if (email !== (current.email?.toLowerCase() ?? null)) {
      if (current.type !== PHONE_LOGIN_TYPE) {
        throw new ApiError('103', { field: 'email', detail: 'email can be changed only by players who signed in by phone' });
      }
      patch.email = email;
    }
  }
  if (update.web_language !== undefined) patch.webLanguage = update.web_language;

  const row = await updateProfileFields(db, userId, patch);
  if (!row) throw new ApiError('131');
  return toUserData(row, { allTimeScore: await readAllTimeScore(db, userId) });
}

/**
 * The player's extended time for solo play (ui.md, WCAG 2.2.1). Unlike the profile it may be
 * changed in demo mode: it is an accessibility need, not content. Sessions already open keep
 * their clocks; the next one opened uses the new time.
 */
export async function setExtendedTime(db: Db, userId: number, choice: ExtendedTime): Promise<UserData> {
  await existingUser(db, userId);
  const row = await updateProfileFields(db, userId, { timeExtension: extendedTimePercent(choice) });
  if (!row) throw new ApiError('131');
  return toUserData(row, { allTimeScore: await readAllTimeScore(db, userId) });
}

export interface ProfileServices {
  readonly db: Db;
  readonly config: Pick<ServerConfig, 'dataDir'>;
  readonly log: Logger;
}

/**
 * Stores a new profile picture: PNG, JPEG or WebP as told by its bytes (the declared type and the
 * file name are not trusted). The old picture's file is removed once the new path is committed.
 */
export async function uploadProfileImage(
  services: ProfileServices,
  userId: number,
  files: readonly UploadedFile[],
  settings: SettingsMap,
): Promise<{ profile: string }> {
  refuseInDemo(settings);
  const file = files.find((f) => f.field === PROFILE_IMAGE_FIELD);
  if (!file) throw new ApiError('103', { field: PROFILE_IMAGE_FIELD, detail: 'image: send the picture as the file field image' });
  const kind = detectImageType(file.data);
  if (!kind) throw new ApiError('file_type_not_allowed', { field: PROFILE_IMAGE_FIELD, detail: 'image: the file is not a PNG, JPEG or WebP image' });

  const profile = await saveProfileImage(services.config, userId, kind, file.data);
  let previous: string | null;
  try {
    previous = await services.db.transaction(async (tx) => {
      const row = await lockUser(tx, userId);
      if (!row || row.deletedAt) throw new ApiError('131');
      await setProfileImage(tx, userId, profile);
      return row.profile;
    });
  } catch (error) {
    await removeProfileImage(services.config, profile).catch(() => undefined);
    throw error;
  }
  await removeFileQuietly(services, previous);
  return { profile };
}

/**
 * Deletes the account in one transaction: personal data stripped (the row stays for the ledger,
 * whose entries hold none), the provider id replaced so the same person can sign up afresh, every
 * session revoked, the built-in identity and its pending codes deleted, personal notifications
 * deleted, leaderboard scores removed. The picture's file goes once that is committed.
 */
export async function deleteAccount(services: ProfileServices, userId: number, settings: SettingsMap, now: Date = new Date()): Promise<void> {
  refuseInDemo(settings);
  const picture = await services.db.transaction(async (tx) => {
    const row = await lockUser(tx, userId);
    if (!row || row.deletedAt) throw new ApiError('131');
    await anonymiseUser(tx, userId, `deleted:${userId}:${randomBytes(8).toString('hex')}`, now);
    await revokeAllSessions(tx, userId, now);
    const identity = await deleteLocalIdentity(tx, row.firebaseId);
    const targets = [row.email, row.mobile, identity?.email, identity?.phone].filter((t): t is string => Boolean(t));
    await deleteAuthCodesFor(tx, [...new Set(targets)]);
    await deleteNotificationsOf(tx, userId);
    await removeFromLeaderboards(tx, userId);
    return row.profile;
  });
  await removeFileQuietly(services, picture);
}

/** A leftover file costs disk space, not correctness: log it rather than fail a committed change. */
async function removeFileQuietly(services: ProfileServices, urlPath: string | null): Promise<void> {
  try {
    await removeProfileImage(services.config, urlPath);
  } catch (err) {
    services.log.warn({ err, file: urlPath }, 'could not remove an old profile picture');
  }
}
