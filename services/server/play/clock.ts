import { ApiError } from '@/services/server/gateway/api-error';

/**
 * A player's calendar: which day it is for them. The daily quiz is once a day in the player's
 * timezone (an IANA name such as `Europe/Madrid`, or failing that a GMT offset such as `+05:30`),
 * and the statistics chart groups plays by the player's day.
 */
export type PlayerCalendar = { readonly kind: 'zone'; readonly timezone: string } | { readonly kind: 'offset'; readonly minutes: number };

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timezone: string): Intl.DateTimeFormat | null {
  let f = formatters.get(timezone);
  if (f) return f;
  try {
    f = new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' });
  } catch {
    return null;
  }
  // Bounded: timezone names come from clients.
  if (formatters.size < 1000) formatters.set(timezone, f);
  return f;
}

export function isTimezone(value: string): boolean {
  return value.length <= 64 && formatterFor(value) !== null;
}

/** `+05:30`, `-8`, `GMT+9`, `UTC-03:00` → minutes east of UTC; null when it is not an offset. */
export function parseGmtOffset(value: string): number | null {
  const m = /^(?:GMT|UTC)?\s*([+-])(\d{1,2})(?::?(\d{2}))?$/i.exec(value.trim());
  if (!m) return null;
  const minutes = Number(m[2]) * 60 + Number(m[3] ?? 0);
  if (minutes > 14 * 60 || Number(m[3] ?? 0) >= 60) return null;
  return m[1] === '-' ? -minutes : minutes;
}

/**
 * The calendar a call asks for: `timezone` when given (refused when unknown), else `gmt_format`,
 * else the fallback timezone (setting default_timezone).
 */
export function resolveCalendar(input: { timezone?: string | undefined; gmtFormat?: string | undefined }, fallback: string): PlayerCalendar {
  if (input.timezone) {
    if (!isTimezone(input.timezone)) throw new ApiError('103', { field: 'timezone', detail: `unknown timezone ${input.timezone}` });
    return { kind: 'zone', timezone: input.timezone };
  }
  if (input.gmtFormat) {
    const minutes = parseGmtOffset(input.gmtFormat);
    if (minutes === null) throw new ApiError('103', { field: 'gmt_format', detail: 'must be an offset such as +05:30' });
    return { kind: 'offset', minutes };
  }
  return { kind: 'zone', timezone: isTimezone(fallback) ? fallback : 'UTC' };
}

/** The calendar a call asks for, falling back to the app's default timezone (setting default_timezone). */
export function playerCalendar(input: { timezone?: string | undefined; gmtFormat?: string | undefined }, settings: { default_timezone?: string | undefined }): PlayerCalendar {
  return resolveCalendar({ timezone: input.timezone, gmtFormat: input.gmtFormat }, settings.default_timezone ?? 'UTC');
}

/** The day (YYYY-MM-DD) an instant falls on in a calendar. */
export function dayOf(calendar: PlayerCalendar, at: Date): string {
  if (calendar.kind === 'offset') return new Date(at.getTime() + calendar.minutes * 60_000).toISOString().slice(0, 10);
  return formatterFor(calendar.timezone)!.format(at);
}

/** The first day of the month of a day. */
export function monthOf(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

/** Minutes east of UTC of a timezone at an instant. */
function zoneOffsetMinutes(timezone: string, at: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: timezone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((wall - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/** The instant a day (YYYY-MM-DD) of a calendar ends: the next midnight there. */
export function dayEndOf(calendar: PlayerCalendar, day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const nextMidnightAsUtc = Date.UTC(y, m - 1, d + 1);
  if (calendar.kind === 'offset') return new Date(nextMidnightAsUtc - calendar.minutes * 60_000);
  // The offset at the guess, then at the instant it gives (daylight saving may differ between them).
  let at = nextMidnightAsUtc - zoneOffsetMinutes(calendar.timezone, new Date(nextMidnightAsUtc)) * 60_000;
  at = nextMidnightAsUtc - zoneOffsetMinutes(calendar.timezone, new Date(at)) * 60_000;
  return new Date(at);
}
