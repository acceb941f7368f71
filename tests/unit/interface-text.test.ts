import { formatNumber } from '@/components/profile/format';
import { operatorText } from '@/services/client/operator-text';
import { defaultSettings } from '@/services/domain/settings';

describe('numbers in any writing direction', () => {
  test('a negative number is one left-to-right run, so a right-to-left line cannot show "8-"', () => {
    for (const language of ['ar', 'ar-EG', 'en', 'es']) {
      const text = formatNumber(-8, language);
      expect(text.startsWith('\u2066')).toBe(true);
      expect(text.endsWith('\u2069')).toBe(true);
      // Intl's own bidirectional marks are left out: the isolate orders the run, and an Arabic
      // letter mark inside it would put the sign after the digits again.
      expect(text.slice(1, -1)).toBe(new Intl.NumberFormat(language).format(-8).replace(/[\u061C\u200E\u200F]/g, ''));
      expect(text.slice(1, -1)).not.toMatch(/[\u061C\u200E\u200F]/);
    }
  });

  test('a positive number or zero is the plain formatted number', () => {
    expect(formatNumber(1234, 'en')).toBe('1,234');
    expect(formatNumber(0, 'ar')).toBe(new Intl.NumberFormat('ar').format(0));
    expect(formatNumber('not a number', 'en')).toBe('0');
  });
});

describe('texts an operator may set', () => {
  const shipped = defaultSettings();

  test('while still the shipped default, they are shown in the interface language', () => {
    expect(operatorText('web_tagline', shipped.web_tagline, 'Juega cuestionarios…')).toBe('Juega cuestionarios…');
    expect(operatorText('web_footer_text', shipped.web_footer_text, 'نص')).toBe('نص');
    expect(operatorText('web_tagline', undefined, 'translated')).toBe('translated');
  });

  test("an operator's own words are shown as written, and an emptied one stays empty", () => {
    expect(operatorText('web_tagline', 'El mejor pub quiz de Sevilla', 'translated')).toBe('El mejor pub quiz de Sevilla');
    expect(operatorText('web_tagline', '', 'translated')).toBe('');
  });
});
