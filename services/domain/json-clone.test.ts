import { cloneJson } from '@/services/domain/json-clone';

describe('cloneJson', () => {
  const doc = {
    id: 'r_1',
    version: 7,
    players: [{ user_id: 1, name: 'Ann', answers: [{ pick: 'a', points: 6 }, null], left: false }],
    questions: [{ text: 'Two?', options: ['1', '2'], closed: true }],
    result: null,
  };

  test('gives what a JSON round trip gives, as new objects and arrays', () => {
    const copy = cloneJson(doc);
    expect(copy).toEqual(JSON.parse(JSON.stringify(doc)));
    expect(JSON.stringify(copy)).toBe(JSON.stringify(doc));
    expect(copy).not.toBe(doc);
    expect(copy.players).not.toBe(doc.players);
    expect(copy.players[0]!.answers[0]).not.toBe(doc.players[0]!.answers[0]);
    copy.players[0]!.answers[0]!.points = 0;
    copy.questions.push({ text: 'Three?', options: [], closed: false });
    expect(doc.players[0]!.answers[0]!.points).toBe(6);
    expect(doc.questions).toHaveLength(1);
  });

  test('drops undefined keys and turns undefined in arrays into null, as JSON does', () => {
    const value = { a: 1, b: undefined, list: [1, undefined, 3] };
    expect(cloneJson(value)).toEqual({ a: 1, list: [1, null, 3] });
    expect(Object.keys(cloneJson(value))).toEqual(['a', 'list']);
  });

  test('refuses what is not JSON, naming it', () => {
    expect(() => cloneJson({ at: new Date() })).toThrow('not a JSON value: Date');
    expect(() => cloneJson({ f: () => 1 })).toThrow('not a JSON value: function');
    expect(() => cloneJson([new Map()])).toThrow('not a JSON value: Map');
  });
});
