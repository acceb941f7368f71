import type { TFunction } from '@/services/client/i18n';
import toast from 'react-hot-toast';
import { refusalText } from '@/components/battle/battle-text';
import type { BattleNotice } from '@/machines/battle-play/battle-room';

/** What a battle machine's `announce` says, in words: a failed leave, a refused quick message. */
export function battleNoticeText(t: TFunction, notice: BattleNotice): string {
  if (notice.kind === 'leave_failed') return t('battle.leave_failed');
  return notice.code ? refusalText(t, notice.code) : t('battle.message.refused');
}

/** A battle notice as a toast (one at a time per kind). */
export function showBattleNotice(notice: BattleNotice, t: TFunction): void {
  toast.error(battleNoticeText(t, notice), { id: `battle:${notice.kind}` });
}
