import { differenceInCalendarDays, format, formatDuration, parseISO } from 'date-fns';
import { dateLocale } from '@/services/client/date-locale';

/** Dates, times and durations in the interface language (date-fns with its locale), and numbers. */
function parsed(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "Nov 27, 2026, 4:05 PM" / "27 nov 2026, 16:05": a date with its time to the minute. */
export function formatDateTime(iso: string, language: string): string {
  const date = parsed(iso);
  return date ? format(date, 'PPp', { locale: dateLocale(language) }) : iso;
}

/** "4:05 PM" / "16:05": a time of day to the minute. */
export function formatTime(iso: string, language: string): string {
  const date = parsed(iso);
  return date ? format(date, 'p', { locale: dateLocale(language) }) : iso;
}

/**
 * A moment's calendar day on this device (`YYYY-MM-DD`), and how to head a list's group of it:
 * 'today', 'yesterday', or the date itself ("Friday, Nov 27, 2026").
 */
export function dayGroupOf(iso: string, language: string, now: Date = new Date()): { key: string; heading: 'today' | 'yesterday' | string } {
  const date = parsed(iso);
  if (!date) return { key: iso, heading: iso };
  const days = differenceInCalendarDays(now, date);
  return { key: format(date, 'yyyy-MM-dd'), heading: days === 0 ? 'today' : days === 1 ? 'yesterday' : format(date, 'EEEE, PP', { locale: dateLocale(language) }) };
}

/** A time of day to the second (when violations happened in an exam): hours, minutes and seconds. */
export function formatTimeOfDay(iso: string, language: string): string {
  const date = parsed(iso);
  return date ? format(date, 'pp', { locale: dateLocale(language) }) : iso;
}

/** "21 Nov": a calendar day (`YYYY-MM-DD`, no time zone) in the interface language. */
export function formatDay(day: string, language: string): string {
  const date = parseISO(day);
  return Number.isNaN(date.getTime()) ? day : format(date, 'd MMM', { locale: dateLocale(language) });
}

/** A day's weekday in one letter or so ("M", "ح"), for the labels of a week's chart; the day itself when it is not a date. */
export function formatWeekday(day: string, language: string): string {
  const date = parseISO(day);
  return Number.isNaN(date.getTime()) ? day : format(date, 'EEEEE', { locale: dateLocale(language) });
}

export interface DurationParts {
  days?: number;
  hours?: number;
  minutes?: number;
  seconds?: number;
}

/** "90 minutes", "2 days 3 hours", "1 segundo", "دقيقتان": a duration in words, zero parts left out. */
export function formatDurationWords(parts: DurationParts, language: string): string {
  return formatDuration(parts, { locale: dateLocale(language) });
}

/**
 * The time until a moment, in words, to the two largest units ("2 days 3 hours", "3 hours 4
 * minutes"); under an hour, minutes and seconds ("4 minutes 5 seconds"). Zero once it has passed.
 */
export function formatTimeUntil(target: number, now: number, language: string): string {
  const total = Math.max(0, Math.floor((target - now) / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const parts: DurationParts = days > 0 ? { days, hours } : hours > 0 ? { hours, minutes } : { minutes, seconds };
  return formatDurationWords(parts, language) || formatDuration({ seconds: 0 }, { locale: dateLocale(language), zero: true });
}

export { formatNumber } from '@/services/client/format-number';
