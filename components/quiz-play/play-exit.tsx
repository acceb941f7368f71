'use client';

import { X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/services/client/i18n';
import { ConfirmDialog } from '@/components/ui/dialog';
import { goTo } from '@/services/client/app-navigator';

/**
 * The immersive play screen's way out: a close button that asks first ("Leave the game?"), then
 * goes to `href` (the page the game was opened from). `message` says what leaving costs, where a
 * mode's rule differs from solo play's.
 */
export function PlayExit({ href = '/', ask = true, message }: { href?: string; ask?: boolean; message?: string }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-label={t('play.exit')}
        title={t('play.exit')}
        onClick={() => (ask ? setAsking(true) : goTo(href))}
        className="inline-flex size-touch shrink-0 items-center justify-center rounded-full text-fg-muted hover:bg-surface-muted hover:text-fg"
      >
        <X aria-hidden="true" className="size-7" />
      </button>
      <ConfirmDialog
        open={asking}
        title={t('play.exit_title')}
        message={message ?? t('play.exit_message')}
        confirmLabel={t('play.exit_confirm')}
        cancelLabel={t('play.exit_stay')}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          goTo(href);
        }}
      />
    </>
  );
}
