import { capitaliseName, newReferCode, REFER_CODE_LENGTH } from '@/services/server/accounts/signup';

describe('names and refer codes of new players', () => {
  test('capitalises the first letter of a name and keeps the rest as typed', () => {
    expect(capitaliseName('ada lovelace')).toBe('Ada lovelace');
    expect(capitaliseName('  élodie ')).toBe('Élodie');
    expect(capitaliseName('McDonald')).toBe('McDonald');
    expect(capitaliseName('محمد')).toBe('محمد');
    expect(capitaliseName('')).toBe('');
  });

  test('does not split a character outside the basic plane', () => {
    expect(capitaliseName('𝒶da')).toBe('𝒶da');
  });

  test('refer codes are 8 characters without look-alikes', () => {
    const codes = Array.from({ length: 500 }, newReferCode);
    for (const code of codes) expect(code).toMatch(new RegExp(`^[A-HJ-NP-Z2-9]{${REFER_CODE_LENGTH}}$`));
    expect(new Set(codes).size).toBe(codes.length);
  });
});
