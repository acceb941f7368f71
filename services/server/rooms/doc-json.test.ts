import type { RoomDocument } from '@/services/domain/rooms';
import { canonicalJson, docJson, rememberDocJson } from '@/services/server/rooms/doc-json';

/** The serialise-once helpers of the room service (services/server/rooms/doc-json.ts). */

const value = { id: 'r_1', version: 3, players: [{ user_id: 1, name: 'A "quoted": name' }], result: null };

describe('canonicalJson', () => {
  test('text written by JSON.stringify is kept as it is', () => {
    const stored = JSON.stringify(value);
    expect(canonicalJson(stored, JSON.parse(stored))).toBe(stored);
  });

  test('jsonb-printed text (a row converted by migration 0005) becomes what JSON.stringify writes', () => {
    const printed = '{"id": "r_1", "result": null, "players": [{"name": "A \\"quoted\\": name", "user_id": 1}], "version": 3}';
    const parsed: unknown = JSON.parse(printed);
    const canonical = canonicalJson(printed, parsed);
    expect(canonical).toBe(JSON.stringify(parsed));
    expect(canonical).not.toBe(printed);
    // So a draft that was not changed compares equal to it.
    expect(JSON.stringify(JSON.parse(printed))).toBe(canonical);
  });
});

describe('docJson', () => {
  test('answers the remembered text of a document, else serialises it once', () => {
    const remembered = { ...value } as unknown as RoomDocument;
    rememberDocJson(remembered, '{"stored":true}');
    expect(docJson(remembered)).toBe('{"stored":true}');
    const fresh = { ...value } as unknown as RoomDocument;
    const first = docJson(fresh);
    expect(first).toBe(JSON.stringify(value));
    expect(docJson(fresh)).toBe(first);
  });
});
