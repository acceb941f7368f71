/** Image kinds a player may upload, told apart by their first bytes, never by name or declared type. */
export type ImageKind = 'png' | 'jpeg' | 'webp';

export const IMAGE_EXTENSIONS: Readonly<Record<ImageKind, string>> = { png: 'png', jpeg: 'jpg', webp: 'webp' };

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);
const RIFF = Buffer.from('RIFF', 'ascii');
const WEBP = Buffer.from('WEBP', 'ascii');

/** The kind of image the bytes are, or null when they are none of PNG, JPEG or WebP. */
export function detectImageType(data: Uint8Array): ImageKind | null {
  const buf = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (buf.length >= 8 && buf.subarray(0, 8).equals(PNG)) return 'png';
  if (buf.length >= 4 && buf.subarray(0, 3).equals(JPEG)) return 'jpeg';
  if (buf.length >= 12 && buf.subarray(0, 4).equals(RIFF) && buf.subarray(8, 12).equals(WEBP)) return 'webp';
  return null;
}

/** Audio kinds an editor may upload for audio questions. */
export type AudioKind = 'ogg' | 'mp3';

const OGG = Buffer.from('OggS', 'ascii');
const ID3 = Buffer.from('ID3', 'ascii');

/** Ogg (Opus or Vorbis) or MP3 (with an ID3 tag or a bare frame), told apart by their first bytes. */
export function detectAudioType(data: Uint8Array): AudioKind | null {
  const buf = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (buf.length >= 4 && buf.subarray(0, 4).equals(OGG)) return 'ogg';
  if (buf.length >= 3 && buf.subarray(0, 3).equals(ID3)) return 'mp3';
  if (buf.length >= 2 && buf[0] === 0xff && (buf[1]! & 0xe0) === 0xe0) return 'mp3';
  return null;
}
