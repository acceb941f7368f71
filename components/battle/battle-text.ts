import type { TFunction } from '@/services/client/i18n';
import { messageKeyFor } from '@/services/domain/code-messages';
import type { RoomOutcome } from '@/services/domain/rooms';

/**
 * The words of the battle screens' refusals: the catalogue's text of a refusal code (`room_full`
 * → "room is full"), "please enter a room code" for the join form's own refusal, and a plain
 * "could not reach the server" when no code came back.
 */
export function refusalText(t: TFunction, code: string | null): string {
  if (code === null) return t('battle.error.no_answer');
  if (code === 'room_code_required') return t('validation.room_code_required');
  return t(messageKeyFor(code));
}

/** The result's headline, in the room type's words (win / lose / draw, victory / defeat / tie). */
export const outcomeKey = (outcome: RoomOutcome): string => `battle.result.${outcome}`;
