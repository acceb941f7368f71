/**
 * Languages whose numbers are written with the digits 0-9 by default (CLDR's `latn` numbering
 * system, whatever the region): below 1,000 an integer is then its own digits, with no grouping.
 */
const LATIN_DIGITS = new Set(['en', 'es', 'fr', 'de', 'it', 'pt', 'nl']);

/**
 * The bidirectional marks Intl puts before a negative number in some languages (U+061C ARABIC
 * LETTER MARK in ar-EG, U+200E LEFT-TO-RIGHT MARK in ar, fa, he): inside the left-to-right isolate
 * below they are not needed, and the Arabic letter mark would turn the run around again ("٤-").
 */
const BIDI_MARKS = /[\u061C\u200E\u200F]/g;

/** One formatter per language: making an Intl.NumberFormat is costly (the page's first loads the locale's number data). */
const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(language: string): Intl.NumberFormat {
  let formatter = formatters.get(language);
  if (!formatter) {
    formatter = new Intl.NumberFormat(language);
    formatters.set(language, formatter);
  }
  return formatter;
}

/**
 * A number in the interface language's conventions. A negative one is isolated as a left-to-right
 * run (U+2066 … U+2069, invisible): in a right-to-left line its minus sign would otherwise be
 * placed after the digits ("8-"), in a sentence as well as on its own.
 *
 * Small integers in a language written with 0-9 are their own digits: the game screens' first
 * render (a new player's coins, a question's points) then does not wait for the number data the
 * first Intl.NumberFormat of a page loads (about 20 ms on a phone, inside the task that draws the
 * first question).
 */
export function formatNumber(n: unknown, language: string): string {
  const value = Number(n ?? 0);
  const safe = Number.isFinite(value) ? value : 0;
  const plain = Number.isInteger(safe) && Math.abs(safe) < 1000 && LATIN_DIGITS.has(language.split('-')[0]!.toLowerCase());
  const text = plain ? String(safe) : formatterFor(language).format(safe);
  return safe < 0 ? `\u2066${text.replace(BIDI_MARKS, '')}\u2069` : text;
}
