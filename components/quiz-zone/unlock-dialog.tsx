'use client';

import { useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from '@/services/client/i18n';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormDialog } from '@/components/ui/form-dialog';
import { unlockPremium } from '@/services/client/play-api';
import { messageKeyFor } from '@/services/domain/code-messages';
import { useAppSelector } from '@/services/store/hooks';
import { selectUser } from '@/services/store/selectors';

/** A premium category or subcategory the player may unlock. */
export interface UnlockTarget {
  readonly name: string;
  /** The price in coins. */
  readonly price: number;
  readonly category: string;
  readonly subcategory?: string;
  /** The kind of the category (get_categories' type) when it is not the quiz zone. */
  readonly type?: number;
}

/**
 * Shows the price and unlocks with coins (`unlock_premium_category`): the server takes the price,
 * or refuses ("you don't have enough coins"), and the refusal is said in the dialog.
 */
export function UnlockDialog({ target, onClose, onUnlocked }: { target: UnlockTarget; onClose: () => void; onUnlocked: () => void }) {
  const { t, i18n } = useTranslation();
  const coins = useAppSelector(selectUser).data?.coins;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const balance = coins === undefined || coins === null || coins === '' ? null : Number(coins);

  const unlock = async () => {
    setBusy(true);
    setError(null);
    const result = await unlockPremium({ category: target.category, ...(target.subcategory ? { subcategory: target.subcategory } : {}), ...(target.type ? { type: target.type } : {}) });
    setBusy(false);
    if (!result.ok) {
      // Already unlocked (132), e.g. in another tab: it is open now, which is what the player wanted.
      if (result.code === '132') return onUnlocked();
      setError(t(result.status === 0 ? 'errors.network' : messageKeyFor(result.code)));
      return;
    }
    toast.success(t('quiz_zone.unlocked', { name: target.name }));
    onUnlocked();
  };

  return (
    <FormDialog open title={t('quiz_zone.unlock_title', { name: target.name })} onClose={onClose} busy={busy}>
      <p className="capitalise-first">{t('quiz_zone.unlock_price', { coins: new Intl.NumberFormat(i18n.language).format(target.price), count: target.price })}</p>
      {balance !== null && Number.isFinite(balance) ? (
        <p className="text-fg-muted">{t('quiz_zone.your_coins', { coins: new Intl.NumberFormat(i18n.language).format(balance), count: balance })}</p>
      ) : null}
      {error ? <Alert>{error}</Alert> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          {t('quiz_zone.cancel')}
        </Button>
        <Button onClick={() => void unlock()} disabled={busy}>
          {busy ? t('quiz_zone.unlocking') : t('quiz_zone.unlock_action', { coins: target.price, count: target.price })}
        </Button>
      </div>
    </FormDialog>
  );
}

/**
 * The unlock dialog of a page: `open(target)` shows it; once the server has taken the price the
 * page reloads what it shows (`reload`), since the server says what is unlocked now.
 */
export function useUnlockDialog(reload: () => void): { open: (target: UnlockTarget) => void; dialog: ReactNode } {
  const [target, setTarget] = useState<UnlockTarget | null>(null);
  const dialog = target ? (
    <UnlockDialog
      target={target}
      onClose={() => setTarget(null)}
      onUnlocked={() => {
        setTarget(null);
        reload();
      }}
    />
  ) : null;
  return { open: setTarget, dialog };
}
