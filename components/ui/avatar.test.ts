import { initialsOf } from '@/components/ui/avatar';

describe('initialsOf', () => {
  test.each([
    ['Ada Lovelace', 'AL'],
    ['Ada (demo)', 'AD'],
    ['  grace   hopper  brewster ', 'GH'],
    ['Player 7', 'P7'],
    ['(demo) ~ Ada', 'DA'],
    ['أحمد علي', 'أع'],
    ['ñandú', 'Ñ'],
    ['— ()', '?'],
    ['', '?'],
  ])('%j → %j', (name, initials) => {
    expect(initialsOf(name)).toBe(initials);
  });
});
