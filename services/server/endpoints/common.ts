import { z } from 'zod';
import { asNumber, blankAsUnset, idOf, MAX_ID, optionalIdOf } from '@/services/domain/forms';
import { flagSetting, type SettingsMap } from '@/services/domain/settings';

/** An optional numeric id sent as a form string or a JSON number (0: none, e.g. every language). */
export const optionalId = optionalIdOf('an id', { min: 0 });

/** `language_id` counts only when language mode is on; otherwise it is 0 (all content languages). */
export function effectiveLanguageId(settings: SettingsMap, languageId: number | undefined): number {
  return flagSetting(settings, 'language_mode') ? (languageId ?? 0) : 0;
}

/** Paging of every list: limit ≤ 100, offset ≥ 0. */
export const paging = {
  offset: z.preprocess(asNumber, z.number({ error: 'must be a whole number' }).int('must be a whole number').min(0, 'must be 0 or more').max(MAX_ID, `must be at most ${MAX_ID}`).default(0)),
  limit: z.preprocess(asNumber, z.number({ error: 'must be a whole number' }).int('must be a whole number').min(1, 'must be 1 to 100').max(100, 'must be 1 to 100').default(10)),
};


export { blankAsUnset };

/** An optional text of at most `max` characters; '' (an empty form field) counts as absent. */
export const optionalText = (max: number) => z.preprocess(blankAsUnset, z.string().trim().max(max, `must be at most ${max} characters`).optional());

/** The player's calendar, for calls that speak of their days: an IANA timezone or a GMT offset (services/server/play/clock.ts). */
export const calendarFields = { timezone: optionalText(64), gmt_format: optionalText(16) };

const asString = (v: unknown) => (typeof v === 'number' ? String(v) : v);

/** A category or subcategory named by id or slug. */
export const placeRef = z.preprocess(
  asString,
  z.string({ error: 'is required' }).trim().min(1, 'is required').max(120, 'must be at most 120 characters'),
);

/** An optional category or subcategory (id or slug); empty means not sent. */
export const optionalPlaceRef = z.preprocess(blankAsUnset, placeRef.optional());

/** A positive id that must be sent. */
export const requiredId = idOf('an id');

export { idOf, optionalIdOf };

/** A play session id as handed out by a question-serving call. */
export const sessionId = z.string({ error: 'is required' }).trim().min(1, 'is required').max(64, 'must be at most 64 characters');

/** Question ids, as a JSON array or a comma-separated list (none: an empty list), at most `max`. */
export const questionIdList = (max: number) =>
  z.preprocess(
    (v) => {
      if (v === undefined || v === null || v === '') return [];
      if (Array.isArray(v)) return v;
      // Only a text is read as a list: anything else (an object, whatever its toString) is refused as it is.
      if (typeof v !== 'string' && typeof v !== 'number') return v;
      const text = String(v).trim();
      if (text.startsWith('[')) {
        try {
          return JSON.parse(text) as unknown;
        } catch {
          return text;
        }
      }
      return text.split(',').map((s) => s.trim()).filter(Boolean);
    },
    z
      .array(
        z.preprocess(
          asNumber,
          z.number({ error: 'must be question ids' }).int('must be whole numbers').min(1, `must be question ids from 1 to ${MAX_ID}`).max(MAX_ID, `must be question ids from 1 to ${MAX_ID}`),
        ),
        { error: 'must be a list of question ids' },
      )
      .max(max, `must list at most ${max} ids`),
  );
