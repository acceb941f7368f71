import { SHIPPED_TEXTS, type ShippedTextKey } from '@/services/domain/shipped-texts';

/**
 * A text an operator may set in the settings (the tagline, the footer line): the operator's own
 * words as written (content, in whatever language they chose), or, while it is still the text
 * the product ships with, that text in the interface language (`translated`).
 */
export function operatorText(key: ShippedTextKey, value: string | undefined | null, translated: string): string {
  if (value === undefined || value === null) return translated;
  return value === SHIPPED_TEXTS[key] ? translated : value;
}
