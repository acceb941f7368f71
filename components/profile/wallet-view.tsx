'use client';

import { useState } from 'react';
import { useTranslation } from '@/services/client/i18n';
import { formatNumber } from '@/components/profile/format';
import { ProfileSubPage } from '@/components/profile/profile-sub-page';
import { RedeemSection } from '@/components/profile/redeem-section';
import { Card } from '@/components/ui/card';
import { ErrorWithRetry } from '@/components/ui/error-with-retry';
import { Skeleton } from '@/components/ui/skeleton';
import { getUserCoinScore } from '@/services/client/accounts-api';
import { useApiQuery } from '@/services/client/use-api-query';
import { useSystemConfig } from '@/services/client/use-system-config';
import { redeemableAmount } from '@/services/domain/economy';
import { useAppDispatch, useAppSelector } from '@/services/store/hooks';
import { selectSystemConfig, selectWalletVersion } from '@/services/store/selectors';
import { coinsChanged } from '@/services/store/user-slice';

/** The coin balance and what it is worth: ⌊coins / per_coin⌋ × coin_amount (rules.md, Economy). */
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
          <div className="grid gap-3 sm:grid-cols-2">
            <Card className="flex flex-col gap-1">
              <h2 className="text-fg-muted">{t('wallet.balance')}</h2>
              <p className="text-3xl font-bold" data-testid="wallet-coins">
                {formatNumber(coins, i18n.language)}
              </p>
            </Card>
            <Card className="flex flex-col gap-1">
              <h2 className="text-fg-muted">{t('wallet.redeemable')}</h2>
              <p className="text-3xl font-bold" data-testid="wallet-redeemable">
                {money(redeemableAmount(coins, config))}
              </p>
            </Card>
          </div>
          <ul className="flex list-disc flex-col gap-1 ps-6 text-fg-muted">
            <li>{t('wallet.rate', { perCoin: formatNumber(config.per_coin, i18n.language), money: money(Number(config.coin_amount)) })}</li>
            <li>{t('wallet.minimum', { count: Number(config.coin_limit) })}</li>
            <li>{t('wallet.payout_time')}</li>
          </ul>
          {config.payment_mode === '1' ? <RedeemSection coins={coins} config={config} onBalance={onBalance} /> : null}
        </>
      )}
    </ProfileSubPage>
  );
}
