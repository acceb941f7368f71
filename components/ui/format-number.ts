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
