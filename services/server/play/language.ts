import { ApiError } from '@/services/server/gateway/api-error';
import { defaultLanguageId, type Conn } from '@/services/server/play/repository';

/**
 * The content language a play or a battle is served in: the one the call named, else the one of
 * the category it is played in, else the default language — so a call that names none (language
 * mode off, or a browser that has not loaded the languages yet) never mixes languages in one
 * play. No content language at all: 102 naming `language_id`.
 */
export async function servedLanguageId(db: Conn, named: number, categoryLanguageId?: number): Promise<number> {
  const languageId = named || categoryLanguageId || (await defaultLanguageId(db));
  if (!languageId) throw new ApiError('102', { field: 'language_id', detail: 'no content language' });
  return languageId;
}
