import { dayGroupOf, formatDateTime, formatDay, formatDurationWords, formatNumber, formatTime, formatTimeOfDay, formatTimeUntil, formatWeekday } from '@/components/profile/format';
import { DATE_LOCALE_LANGUAGES, dateLocale, loadDateLocale } from '@/services/client/date-locale';

// A fixed local moment (the test's time zone is the machine's: build the moment from local parts).
const moment = new Date(2026, 10, 27, 16, 5, 9).toISOString();
const HOUR = 3_600_000;

describe('dates, times and durations in the interface language (date-fns)', () => {
  test('English is there from the start; Spanish and Arabic load with their language', async () => {
    expect(DATE_LOCALE_LANGUAGES).toEqual(['en', 'es', 'ar']);
    expect(dateLocale('en')).toBeUndefined();
    expect(dateLocale('es')).toBeUndefined();
    await loadDateLocale('es');
    await loadDateLocale('ar');
    expect(dateLocale('es')?.code).toBe('es');
    expect(dateLocale('ar')?.code).toBe('ar');
    expect(dateLocale('es-MX')?.code).toBe('es');
    // A language with no date locale reads English forms.
    await loadDateLocale('xx');
    expect(dateLocale('xx')).toBeUndefined();
    expect(formatDateTime(moment, 'xx')).toBe('Nov 27, 2026, 4:05 PM');
  });

  test('a list grouped by day: today, yesterday, then the date; a weekday in a letter; a time to the minute', async () => {
    const now = new Date(2026, 10, 27, 0, 30);
    expect(dayGroupOf(new Date(2026, 10, 27, 0, 1).toISOString(), 'en', now)).toEqual({ key: '2026-11-27', heading: 'today' });
    // Just before midnight is yesterday, however few hours ago.
    expect(dayGroupOf(new Date(2026, 10, 26, 23, 59).toISOString(), 'en', now)).toEqual({ key: '2026-11-26', heading: 'yesterday' });
    expect(dayGroupOf(new Date(2026, 10, 25, 12, 0).toISOString(), 'en', now)).toEqual({ key: '2026-11-25', heading: 'Wednesday, Nov 25, 2026' });
    expect(dayGroupOf('not a date', 'en', now)).toEqual({ key: 'not a date', heading: 'not a date' });
    expect(formatWeekday('2026-11-27', 'en')).toBe('F');
    expect(formatTime(moment, 'en')).toBe('4:05 PM');
  });

  test('a date with its time, a time to the second, a calendar day', async () => {
    await Promise.all([loadDateLocale('es'), loadDateLocale('ar')]);
    expect(formatDateTime(moment, 'en')).toBe('Nov 27, 2026, 4:05 PM');
    expect(formatDateTime(moment, 'es')).toMatch(/^27 nov 2026, 16:05$/);
    expect(formatDateTime(moment, 'ar')).toContain('نوفمبر');
    expect(formatTimeOfDay(moment, 'en')).toBe('4:05:09 PM');
    expect(formatTimeOfDay(moment, 'es')).toBe('16:05:09');
    expect(formatDay('2026-11-21', 'en')).toBe('21 Nov');
    expect(formatDay('2026-11-21', 'es')).toBe('21 nov');
    // Not a date: shown as given rather than "Invalid Date".
    expect(formatDateTime('soon', 'en')).toBe('soon');
    expect(formatDay('someday', 'en')).toBe('someday');
  });

  test('durations in words, with each language’s own forms', async () => {
    await Promise.all([loadDateLocale('es'), loadDateLocale('ar')]);
    expect(formatDurationWords({ minutes: 90 }, 'en')).toBe('90 minutes');
    expect(formatDurationWords({ minutes: 1 }, 'en')).toBe('1 minute');
    expect(formatDurationWords({ seconds: 1 }, 'es')).toBe('1 segundo');
    expect(formatDurationWords({ minutes: 2 }, 'ar')).toBe('دقيقتان');
  });

  test('the time until a start: the two largest units, then minutes and seconds, zero once passed', async () => {
    await loadDateLocale('es');
    const now = Date.parse(moment);
    expect(formatTimeUntil(now + 51 * HOUR + 4 * 60_000, now, 'en')).toBe('2 days 3 hours');
    expect(formatTimeUntil(now + 3 * HOUR + 4 * 60_000 + 5000, now, 'en')).toBe('3 hours 4 minutes');
    expect(formatTimeUntil(now + 4 * 60_000 + 5000, now, 'en')).toBe('4 minutes 5 seconds');
    expect(formatTimeUntil(now + 24 * HOUR, now, 'es')).toBe('1 día');
    expect(formatTimeUntil(now - 5000, now, 'en')).toBe('0 seconds');
  });

  test('a negative number is isolated left to right', () => {
    expect(formatNumber(-8, 'en')).toBe('\u2066-8\u2069');
    expect(formatNumber(1234, 'en')).toBe('1,234');
  });
});
