import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ServerConfig } from '@/services/server/config';
import { IMAGE_EXTENSIONS, type ImageKind } from '@/services/server/uploads/image-type';

/** Uploaded files are served under this URL path, from `<dataDir>/uploads`. */
export const UPLOADS_URL_PREFIX = '/uploads/';

const PROFILE_DIR = 'profile';

/** The names this server gives profile pictures: `<userId>-<random hex>.<ext>`. */
const PROFILE_FILE = /^\d+-[0-9a-f]{24}\.(png|jpg|webp)$/;

export function uploadsRoot(config: Pick<ServerConfig, 'dataDir'>): string {
  return path.resolve(config.dataDir, 'uploads');
}

/**
 * Writes a player's new picture under a fresh random name and answers its URL path. The name is
 * new on every upload, so a cached copy of the old picture is never shown for the new one and the
 * file can be cached for good. Written under a hidden temporary name first: a half-written file
 * is never served.
 */
export async function saveProfileImage(
  config: Pick<ServerConfig, 'dataDir'>,
  userId: number,
  kind: ImageKind,
  data: Buffer,
): Promise<string> {
  const dir = path.join(uploadsRoot(config), PROFILE_DIR);
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const name = `${userId}-${randomBytes(12).toString('hex')}.${IMAGE_EXTENSIONS[kind]}`;
  const temporary = path.join(dir, `.${name}.part`);
  await fs.writeFile(temporary, data, { flag: 'wx', mode: 0o600 });
  try {
    await fs.rename(temporary, path.join(dir, name));
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw error;
  }
  return `${UPLOADS_URL_PREFIX}${PROFILE_DIR}/${name}`;
}

/**
 * Removes a profile picture this server stored, given its URL path. Anything else (a provider's
 * picture URL, a path of another shape) is left alone; a file already gone is fine.
 */
export async function removeProfileImage(config: Pick<ServerConfig, 'dataDir'>, urlPath: string | null | undefined): Promise<boolean> {
  const file = profileImageFile(config, urlPath);
  if (!file) return false;
  await fs.rm(file, { force: true });
  return true;
}

/** The file behind a stored profile picture path, or null when it is not one of ours. */
export function profileImageFile(config: Pick<ServerConfig, 'dataDir'>, urlPath: string | null | undefined): string | null {
  const prefix = `${UPLOADS_URL_PREFIX}${PROFILE_DIR}/`;
  if (!urlPath || !urlPath.startsWith(prefix)) return null;
  const name = urlPath.slice(prefix.length);
  if (!PROFILE_FILE.test(name)) return null;
  return path.join(uploadsRoot(config), PROFILE_DIR, name);
}

const CONTENT_DIR = 'content';

/**
 * Stores a content file (a question's or a category's image, an audio question's clip) as
 * `/uploads/content/<random hex>.<ext>`; written to a temporary name first, so a half-written file
 * is never served.
 */
export async function saveContentFile(config: Pick<ServerConfig, 'dataDir'>, extension: string, data: Buffer): Promise<string> {
  const dir = path.join(uploadsRoot(config), CONTENT_DIR);
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const name = `${randomBytes(12).toString('hex')}.${extension}`;
  const temporary = path.join(dir, `.${name}.part`);
  await fs.writeFile(temporary, data, { flag: 'wx', mode: 0o600 });
  try {
    await fs.rename(temporary, path.join(dir, name));
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw error;
  }
  return `${UPLOADS_URL_PREFIX}${CONTENT_DIR}/${name}`;
}
