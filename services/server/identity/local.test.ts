import { isE164, isValidEmail, normaliseEmail, normalisePhone } from '@/services/server/identity/local';

describe('email addresses and phone numbers of the built-in provider', () => {
  test('an address is trimmed and lower-cased', () => {
    expect(normaliseEmail('  Ada@Example.COM ')).toBe('ada@example.com');
  });

  test('accepts ordinary addresses and refuses malformed ones', () => {
    for (const ok of ['ada@example.com', 'a.b+tag@mail.example.co.uk', 'x@a-b.io']) expect(isValidEmail(ok)).toBe(true);
    for (const bad of ['ada', 'ada@', '@example.com', 'ada@example', 'a da@example.com', 'ada@-example.com', 'ada@example..com', `${'a'.repeat(65)}@example.com`]) {
      expect(isValidEmail(bad)).toBe(false);
    }
  });

  test('a phone number typed with spaces, dashes and brackets becomes E.164', () => {
    expect(normalisePhone('+1 (415) 555-0123')).toBe('+14155550123');
    expect(isE164('+14155550123')).toBe(true);
  });

  test('refuses numbers without a plus, too short, too long or starting with 0', () => {
    for (const bad of ['14155550123', '+1234567', '+1234567890123456', '+0123456789', '+1415555012a']) expect(isE164(bad)).toBe(false);
    expect(isE164('+12345678')).toBe(true);
    expect(isE164('+123456789012345')).toBe(true);
  });
});
