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

export function formatNumber(n: unknown, language: string): string {
  const value = Number(n ?? 0);
  return new Intl.NumberFormat(language).format(Number.isFinite(value) ? value : 0);
}
