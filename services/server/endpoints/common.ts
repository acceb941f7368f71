import { z } from 'zod';
import { blankAsUnset } from '@/services/domain/forms';
import { flagSetting, type SettingsMap } from '@/services/domain/settings';

/** An optional numeric id sent as a form string or a JSON number. */
export const optionalId = z.coerce.number().int().min(0).max(2_147_483_647).optional();

/** `language_id` counts only when language mode is on; otherwise it is 0 (all content languages). */
export function effectiveLanguageId(settings: SettingsMap, languageId: number | undefined): number {
  return flagSetting(settings, 'language_mode') ? (languageId ?? 0) : 0;
}

/** Paging of every list: limit ≤ 100, offset ≥ 0. */
export const paging = {
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(10),
};


export { blankAsUnset };

const asString = (v: unknown) => (typeof v === 'number' ? String(v) : v);

/** A category or subcategory named by id or slug. */
export const placeRef = z.preprocess(
  asString,
  z.string({ error: 'is required' }).trim().min(1, 'is required').max(120, 'must be at most 120 characters'),
);

/** An optional category or subcategory (id or slug); empty means not sent. */
export const optionalPlaceRef = z.preprocess(blankAsUnset, placeRef.optional());

/** A positive id that must be sent. */
export const requiredId = z.preprocess(
  blankAsUnset,
  z.coerce.number({ error: 'is required' }).int('must be a whole number').min(1, 'must be a positive id').max(2_147_483_647),
);

/** A play session id as handed out by a question-serving call. */
export const sessionId = z.string({ error: 'is required' }).trim().min(1, 'is required').max(64, 'must be at most 64 characters');
