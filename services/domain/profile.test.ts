import { normaliseMobile, normaliseName } from '@/services/domain/profile';

describe('a player name', () => {
  test('is trimmed and gets its first letter capitalised', () => {
    expect(normaliseName('  ada lovelace ')).toBe('Ada lovelace');
  });

  test('capitalises a first letter outside ASCII', () => {
    expect(normaliseName('élodie')).toBe('Élodie');
  });

  test('folds runs of spaces into one', () => {
    expect(normaliseName('grace \t  hopper')).toBe('Grace hopper');
  });

  test('leaves a name that starts with a digit as it is', () => {
    expect(normaliseName('42 wizards')).toBe('42 wizards');
  });

  test('is empty when only spaces were typed', () => {
    expect(normaliseName('   ')).toBe('');
  });
});

describe('a mobile number', () => {
  test('is accepted in E.164 form', () => {
    expect(normaliseMobile('+919876543210')).toBe('+919876543210');
  });

  test('loses the spaces and dashes a person types', () => {
    expect(normaliseMobile('+1 (415) 555-0100')).toBe('+14155550100');
  });

  test('is refused without a country code', () => {
    expect(normaliseMobile('9876543210')).toBeNull();
  });

  test('is refused when too long or starting with +0', () => {
    expect(normaliseMobile('+1234567890123456')).toBeNull();
    expect(normaliseMobile('+0123456789')).toBeNull();
  });
});

describe('a mobile number as typed', () => {
  test('spaces around it, brackets, dashes and dots inside are dropped', () => {
    expect(normaliseMobile('  +1 (555) 123-45.67  ')).toBe('+15551234567');
  });
});
