import { formatNumber } from '@/services/client/format-number';

const LRI = '\u2066';
const PDI = '\u2069';

describe('formatNumber', () => {
  it('writes small integers of a Latin-digit language exactly as Intl.NumberFormat does', () => {
    for (const language of ['en', 'es', 'en-GB', 'pt-BR']) {
      const intl = new Intl.NumberFormat(language);
      for (let n = -999; n <= 999; n++) {
        const expected = n < 0 ? `${LRI}${intl.format(n)}${PDI}` : intl.format(n);
        if (formatNumber(n, language) !== expected) throw new Error(`${language} ${n}: ${formatNumber(n, language)} !== ${expected}`);
      }
    }
  });

  it('groups larger numbers and keeps fractions in the language conventions', () => {
    expect(formatNumber(1234, 'en')).toBe('1,234');
    expect(formatNumber(12345, 'es')).toBe(new Intl.NumberFormat('es').format(12345));
    expect(formatNumber(2.5, 'en')).toBe('2.5');
    expect(formatNumber(-1500, 'en')).toBe(`${LRI}-1,500${PDI}`);
  });

  it('leaves other languages to Intl, digits and all', () => {
    expect(formatNumber(7, 'ar-EG')).toBe(new Intl.NumberFormat('ar-EG').format(7));
    expect(formatNumber(7, 'ar-EG')).not.toBe('7');
  });

  it('writes a negative number as a left-to-right run of its sign and digits, without the marks Intl adds', () => {
    const arabicFour = new Intl.NumberFormat('ar-EG').format(4);
    // Intl writes U+061C ARABIC LETTER MARK first, which would show the sign after the digits.
    expect(new Intl.NumberFormat('ar-EG').format(-4)).toContain('\u061C');
    expect(formatNumber(-4, 'ar-EG')).toBe(`${LRI}-${arabicFour}${PDI}`);
    expect(formatNumber(-4, 'fa')).toBe(`${LRI}\u2212${new Intl.NumberFormat('fa').format(4)}${PDI}`);
    expect(formatNumber(-4, 'ar')).toBe(`${LRI}-${new Intl.NumberFormat('ar').format(4)}${PDI}`);
  });

  it('reads strings, nothing and non-numbers as numbers or 0', () => {
    expect(formatNumber('42', 'en')).toBe('42');
    expect(formatNumber(undefined, 'en')).toBe('0');
    expect(formatNumber('abc', 'en')).toBe('0');
  });
});
