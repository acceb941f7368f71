import { messageKeyFor, NAMED_CODES } from '@/services/domain/code-messages';
import { CODES } from '@/services/domain/codes';

describe('the interface text of a code', () => {
  test('the client knows exactly the named codes of the catalogue', () => {
    expect([...NAMED_CODES].sort()).toEqual(Object.keys(CODES).filter((code) => !/^\d+$/.test(code)).sort());
  });

  test('numbered codes have their own keys, named codes are their key', () => {
    expect(messageKeyFor('102')).toBe('codes.no_data');
    expect(messageKeyFor('126')).toBe('codes.account_deactivated');
    expect(messageKeyFor('not_enough_coins')).toBe('codes.not_enough_coins');
    expect(CODES['102'].messageKey).toBe('codes.no_data');
  });

  test('anything unknown is the generic failure', () => {
    for (const code of ['999', 'no_such_code', null, 7, undefined, 'toString', '__proto__']) expect(messageKeyFor(code)).toBe('codes.something_went_wrong');
  });
});
