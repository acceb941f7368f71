import type { RoomDocument } from '@/services/domain/rooms';

/**
 * A room version is serialised once. The room service writes `JSON.stringify(doc)` to
 * `rooms.doc` when it commits a version and remembers that text with the document object; the
 * room stream's frame and the command's answer reuse it. Published documents are never changed
 * afterwards (every command starts from a fresh read of the row), so the text stays true.
 */
const texts = new WeakMap<object, string>();

export function rememberDocJson(doc: RoomDocument, json: string): void {
  texts.set(doc, json);
}

/** The document as JSON: the text it was stored as, or serialised now (and remembered). */
export function docJson(doc: RoomDocument): string {
  let json = texts.get(doc);
  if (json === undefined) {
    json = JSON.stringify(doc);
    texts.set(doc, json);
  }
  return json;
}

const deltas = new WeakMap<object, string>();

/** The delta (RoomDelta JSON) that made this version from the one before, as the room service wrote it to the log. */
export function rememberDeltaJson(doc: RoomDocument, json: string): void {
  deltas.set(doc, json);
}

/** The delta the room service made this version with, when it was made in this process. */
export function deltaJsonOf(doc: RoomDocument): string | undefined {
  return deltas.get(doc);
}

/**
 * The stored text of a JSON column as `JSON.stringify` writes the value it holds, so that "did the
 * command change it?" is one string comparison. Everything the room service writes already is;
 * rows converted from jsonb by migration 0005 are not (jsonb prints `"key": value`, with a space
 * that JSON.stringify never writes after a key), and are serialised again once.
 */
export function canonicalJson(stored: string, value: unknown): string {
  const afterFirstKey = stored.indexOf('":');
  return afterFirstKey >= 0 && stored.charCodeAt(afterFirstKey + 2) === 32 ? JSON.stringify(value) : stored;
}
