'use client';

import { Coins } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/services/client/i18n';
import { formatNumber } from '@/components/profile/format';
import { ProfileSubPage } from '@/components/profile/profile-sub-page';
import { RedeemSection } from '@/components/profile/redeem-section';
import { ErrorWithRetry } from '@/components/ui/error-with-retry';
import { Skeleton } from '@/components/ui/skeleton';
import { getUserCoinScore } from '@/services/client/accounts-api';
import { useApiQuery } from '@/services/client/use-api-query';
import { useSystemConfig } from '@/services/client/use-system-config';
import { redeemableAmount } from '@/services/domain/economy';
import { useAppDispatch, useAppSelector } from '@/services/store/hooks';
import { selectSystemConfig, selectWalletVersion } from '@/services/store/selectors';
import { coinsChanged } from '@/services/store/user-slice';

/** The coin balance with the rate, and redeeming: what the coins are worth, ⌊coins / per_coin⌋ × coin_amount (rules.md, Economy), once past the minimum. */
export function WalletView() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const configState = useSystemConfig();
  const config = useAppSelector(selectSystemConfig);
  // A live notification about the player's coins or requests (a redeem decision) loads them again.
  const walletVersion = useAppSelector(selectWalletVersion);
  const balance = useApiQuery(
    `wallet:${walletVersion}`,
    async () => {
      const result = await getUserCoinScore();
      if (result.ok) dispatch(coinsChanged(result.data.coins));
      return result;
    },
    () => false,
  );

  // A redeem request or a withdrawal answers the new balance: shown at once, without a reload
  // (until a live notification says the wallet changed again: then the server's balance stands).
  const [latest, setLatest] = useState<{ coins: number; walletVersion: number } | null>(null);
  const coins = (latest?.walletVersion === walletVersion ? latest.coins : null) ?? (balance.status === 'content' ? balance.data.coins : 0);
  const onBalance = (n: number) => {
    setLatest({ coins: n, walletVersion });
    dispatch(coinsChanged(n));
  };

  const failed = balance.status === 'error' || balance.status === 'empty' || configState.status === 'error';
  const retry = () => {
    if (balance.status !== 'content') balance.retry();
    if (configState.status === 'error') configState.retry();
  };
  const money = (amount: number) => `${config?.currency_symbol ?? ''}${formatNumber(amount, i18n.language)}`;

  return (
    <ProfileSubPage title={t('wallet.title')}>
      {failed ? (
        <ErrorWithRetry title={t('common.error_title')} message={t('wallet.load_failed')} retryLabel={t('common.retry')} onRetry={retry} />
      ) : balance.status !== 'content' || !config ? (
        <div role="status" className="grid gap-3 sm:grid-cols-2">
          <span className="sr-only">{t('common.loading')}</span>
          <Skeleton className="h-28" />
          <Skeleton className="h-28" />
        </div>
      ) : (
        <>
          <section aria-labelledby="wallet-balance" className="flex flex-col items-center gap-1 rounded-tile bg-tone-amber p-5 text-center text-white shadow-chunky">
            <h2 id="wallet-balance" className="text-sm font-semibold">
              {t('wallet.balance')}
            </h2>
            <p className="inline-flex items-center gap-2 font-display text-5xl font-bold tabular-nums">
              <Coins aria-hidden="true" className="size-10" />
              <span data-testid="wallet-coins">{formatNumber(coins, i18n.language)}</span>
            </p>
            <p className="text-sm font-semibold">{t('wallet.rate', { perCoin: formatNumber(config.per_coin, i18n.language), money: money(Number(config.coin_amount)) })}</p>
          </section>
          {config.payment_mode === '1' ? (
            <RedeemSection coins={coins} config={config} worth={money(redeemableAmount(coins, config))} onBalance={onBalance} />
          ) : null}
        </>
      )}
    </ProfileSubPage>
  );
}
