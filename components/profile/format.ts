/** Dates and numbers in the interface language's conventions. */
export function formatDateTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** A time of day to the second (when violations happened in an exam): hours, minutes and seconds. */
export function formatTimeOfDay(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language, { timeStyle: 'medium' }).format(date);
}

/**
 * A number in the interface language's conventions. A negative one is isolated as a left-to-right
 * run (U+2066 … U+2069, invisible): in a right-to-left line its minus sign would otherwise be
 * placed after the digits ("8-"), in a sentence as well as on its own.
 */
export function formatNumber(n: unknown, language: string): string {
  const value = Number(n ?? 0);
  const safe = Number.isFinite(value) ? value : 0;
  const text = new Intl.NumberFormat(language).format(safe);
  return safe < 0 ? `\u2066${text}\u2069` : text;
}
