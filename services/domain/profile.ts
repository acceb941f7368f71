/**
 * Profile rules shared by sign-up and profile updates (rules.md, Accounts). Pure: the server
 * applies them, the web app may use them to show what will be stored.
 */

export const NAME_MAX_LENGTH = 50;

/** A player's name as stored: trimmed, inner runs of spaces folded, first letter capitalised. */
export function normaliseName(raw: string): string {
  const name = raw.trim().replace(/\s+/g, ' ');
  if (!name) return '';
  const first = String.fromCodePoint(name.codePointAt(0)!);
  return first.toLocaleUpperCase() + name.slice(first.length);
}

/** E.164: a plus sign, a country code not starting with 0, 7 to 15 digits in all. */
export const E164 = /^\+[1-9]\d{6,14}$/;

/** A mobile number as typed (spaces, dashes, dots and brackets allowed) → E.164, or null. */
export function normaliseMobile(raw: string): string | null {
  const compact = raw.trim().replace(/[\s\-().]/g, '');
  return E164.test(compact) ? compact : null;
}
