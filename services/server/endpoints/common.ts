import { z } from 'zod';
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
