import { isRightAnswer, normalizeAnswer, optionsToPick } from '@/services/domain/answers';

const order = ['c', 'a', 'd', 'b'];

describe('answers by question shape', () => {
  test('a letter answers multiple choice; anything else is refused with the reason', () => {
    expect(normalizeAnswer('multiple', ' B ', order)).toEqual({ ok: true, answer: 'b' });
    expect(normalizeAnswer('multiple', 'e', order)).toEqual({ ok: false, reason: 'must be one of c, a, d, b or empty' });
    expect(normalizeAnswer('multiple', '', order)).toEqual({ ok: true, answer: '' });
  });

  test('multi select is a set: order and spaces do not matter, a letter twice or an unknown one is refused', () => {
    expect(normalizeAnswer('multiselect', 'd, a', order)).toEqual({ ok: true, answer: 'a,d' });
    expect(normalizeAnswer('multiselect', 'a,a', order)).toEqual({ ok: false, reason: 'names an option twice' });
    expect(normalizeAnswer('multiselect', 'a,x', order)).toMatchObject({ ok: false, reason: expect.stringContaining('"x"') });
    expect(isRightAnswer('multiselect', 'a,d', 'd,a')).toBe(true);
    // All or nothing: a subset or a superset is wrong.
    expect(isRightAnswer('multiselect', 'a', 'd,a')).toBe(false);
    expect(isRightAnswer('multiselect', 'a,b,d', 'd,a')).toBe(false);
  });

  test('a sequence names every option once, in order', () => {
    expect(normalizeAnswer('sequence', 'b,a,c,d', order)).toEqual({ ok: true, answer: 'b,a,c,d' });
    expect(normalizeAnswer('sequence', 'b,a,c', order)).toEqual({ ok: false, reason: 'must put all 4 options in order' });
    expect(isRightAnswer('sequence', 'b,a,c,d', 'b,a,c,d')).toBe(true);
    expect(isRightAnswer('sequence', 'a,b,c,d', 'b,a,c,d')).toBe(false);
  });

  test('a word is its letters, folded by the language', () => {
    expect(normalizeAnswer('word', 'new york', [], 'plain')).toEqual({ ok: true, answer: 'NEWYORK' });
    expect(normalizeAnswer('word', '- -', [], 'plain')).toEqual({ ok: false, reason: 'must contain letters' });
    expect(isRightAnswer('word', 'NEWYORK', 'New York', 'plain')).toBe(true);
    expect(isRightAnswer('word', 'ESPANA', 'España', 'es')).toBe(false);
    expect(isRightAnswer('word', 'ESPAÑA', 'España', 'es')).toBe(true);
  });
});

describe('answers: the shapes at their edges', () => {
  test('a multi-select answer ignores empty items between commas; an unknown letter is named with the options', () => {
    expect(normalizeAnswer('multiselect', 'c,,a,', ['a', 'b', 'c'])).toEqual({ ok: true, answer: 'a,c' });
    expect(normalizeAnswer('multiselect', 'a,x', ['a', 'b', 'c'])).toEqual({ ok: false, reason: '"x" is not an option of this question (a, b, c)' });
  });

  test('a true/false answer is one of its two letters, and right when it is the right one', () => {
    expect(normalizeAnswer('boolean', ' B ', ['a', 'b'])).toEqual({ ok: true, answer: 'b' });
    expect(normalizeAnswer('boolean', 'c', ['a', 'b'])).toEqual({ ok: false, reason: 'must be one of a, b or empty' });
    expect(isRightAnswer('boolean', 'a', 'a')).toBe(true);
    expect(isRightAnswer('boolean', 'b', 'a')).toBe(false);
  });

  test('"Pick n": the number of letters the right answer names', () => {
    expect(optionsToPick('a,c')).toBe(2);
    expect(optionsToPick('b')).toBe(1);
    expect(optionsToPick('a, ,d,e')).toBe(3);
  });
});
