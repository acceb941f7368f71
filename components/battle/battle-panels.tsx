'use client';

import type { ReactNode } from 'react';
import { useTranslation } from '@/services/client/i18n';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

/** A spinner with what is happening (announced). */
export function BattleBusy({ label, children }: { label: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-4 py-12 text-center">
      <Spinner />
      <p role="status" className="text-lg font-semibold">
        {label}
      </p>
      {children}
    </div>
  );
}

/**
 * Something ended the room for this player (deleted by its owner, gone, left): the spec's words
 * and the way back. `tone` alert makes screen readers say it at once.
 */
export function BattleNoticePanel({ message, actionLabel, onAction, tone = 'alert' }: { message: string; actionLabel: string; onAction: () => void; tone?: 'alert' | 'status' }) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-card border border-line-strong bg-surface-muted px-4 py-10 text-center">
      <p role={tone} className="capitalise-first max-w-prose text-lg font-semibold">
        {message}
      </p>
      <Button autoFocus onClick={onAction}>
        {actionLabel}
      </Button>
    </div>
  );
}

/** The feed reconnects by itself: the player waits, the game resumes where the room is. */
export function ConnectionLostPanel() {
  const { t } = useTranslation();
  return <BattleBusy label={t('battle.connection_lost')} />;
}
