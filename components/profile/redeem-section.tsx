'use client';

import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '@/services/client/i18n';
import { formatDateTime, formatNumber } from '@/components/profile/format';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ProgressBar } from '@/components/ui/progress-bar';
import { ConfirmDialog } from '@/components/ui/dialog';
import { ErrorWithRetry } from '@/components/ui/error-with-retry';
import { SkeletonText } from '@/components/ui/skeleton';
import { TextField } from '@/components/ui/text-field';
import { deletePaymentRequest, getPaymentRequests, requestPayment, type PaymentRequest } from '@/services/client/redeem-api';
import { useApiQuery } from '@/services/client/use-api-query';
import { fieldErrors, paymentRequestForm } from '@/services/domain/forms';
import { formatCents, PAYMENT_TYPES, payoutCents, type PaymentType } from '@/services/domain/redeem';
import { intSetting, type SettingsMap } from '@/services/domain/settings';
import { useAppSelector } from '@/services/store/hooks';
import { selectWalletVersion } from '@/services/store/selectors';

/**
 * Redeem (rules.md, Economy: Redeem): a payout by PayPal, mobile number or UPI id. The form is
 * checked with the server's own schema; the server decides (minimum, balance, one request per
 * 48 hours) and takes the coins when the request is made. Pending requests can be withdrawn.
 */
export function RedeemSection({ coins, config, worth, onBalance }: { coins: number; config: SettingsMap; worth: string; onBalance: (coins: number) => void }) {
  const { t, i18n } = useTranslation();
  const [version, setVersion] = useState(0);
  // A live decision on a request (paid, refused) changes the list: it is loaded again, and a notice
  // about an earlier step ("Request sent") no longer stands beside it.
  const walletVersion = useAppSelector(selectWalletVersion);
  const history = useApiQuery(`payment_requests:${version}:${walletVersion}`, getPaymentRequests, (d) => d.length === 0);
  const money = (cents: number) => `${config.currency_symbol ?? ''}${formatCents(cents)}`;
  const minimum = intSetting(config, 'coin_limit');
  const [noticeOf, setNoticeOf] = useState<{ text: string; walletVersion: number } | null>(null);
  const notice = noticeOf?.walletVersion === walletVersion ? noticeOf.text : null;
  const setNotice = (text: string) => setNoticeOf({ text, walletVersion });
  const [withdrawing, setWithdrawing] = useState<PaymentRequest | null>(null);
  const [busy, setBusy] = useState(false);

  const withdraw = async () => {
    if (!withdrawing) return;
    setBusy(true);
    const result = await deletePaymentRequest(withdrawing.id);
    setBusy(false);
    const coinsBack = withdrawing.coins;
    setWithdrawing(null);
    if (result.ok) {
      onBalance(result.data.coins);
      setNotice(t('wallet.redeem_deleted', { coins: coinsBack, count: coinsBack }));
    }
    setVersion((v) => v + 1);
  };

  return (
    <>
      <Card as="section" aria-labelledby="redeem-title" className="flex flex-col gap-3">
        <h2 id="redeem-title" className="text-xl font-semibold">
          {t('wallet.redeem_title')}
        </h2>
        {notice ? (
          <Alert tone="success">
            <span role="status">{notice}</span>
          </Alert>
        ) : null}
        {coins < minimum ? (
          // Below the minimum: how far along the player is, never an amount they cannot have yet.
          <div className="flex flex-col gap-2">
            <div className="flex items-baseline justify-between gap-3 font-semibold">
              <span>{t('wallet.redeem_left', { left: formatNumber(minimum - coins, i18n.language) })}</span>
              {/* Read as one number over another in every language: in Arabic the spaced parts would swap places. */}
              <span dir="ltr" className="shrink-0 whitespace-nowrap tabular-nums text-fg-muted">
                {formatNumber(coins, i18n.language)} / {formatNumber(minimum, i18n.language)}
              </span>
            </div>
            <ProgressBar
              value={coins}
              max={minimum}
              label={t('wallet.redeem_progress')}
              valueText={`${formatNumber(coins, i18n.language)} / ${formatNumber(minimum, i18n.language)}`}
              className="h-3"
            />
          </div>
        ) : (
          <>
            <p className="font-semibold">
              {t('wallet.redeem_ready')} <span data-testid="wallet-redeemable">{worth}</span>
            </p>
            <RedeemForm
              coins={coins}
              minimum={minimum}
              amountOf={(n) => money(payoutCents(n, config))}
              onSending={() => setNoticeOf(null)}
              onSent={(request, balance) => {
                onBalance(balance);
                setNotice(t('wallet.redeem_sent', { coins: request.coins, count: request.coins }));
                setVersion((v) => v + 1);
              }}
            />
          </>
        )}
        <p className="text-sm text-fg-muted">{t('wallet.payout_time')}</p>
      </Card>
      <section aria-labelledby="redeem-history" className="flex flex-col gap-2">
        <h2 id="redeem-history" className="text-xl font-semibold">
          {t('wallet.redeem_history')}
        </h2>
        {history.status === 'loading' ? (
          <SkeletonText label={t('common.loading')} lines={3} />
        ) : history.status === 'empty' ? (
          <p className="text-fg-muted">{t('wallet.redeem_history_empty')}</p>
        ) : history.status === 'error' ? (
          <ErrorWithRetry title={t('common.error_title')} message={t('wallet.redeem_history_failed')} retryLabel={t('common.retry')} onRetry={history.retry} />
        ) : (
          <ul className="flex flex-col divide-y divide-line rounded-card border border-line" data-testid="redeem-history">
            {history.data.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 p-3" data-status={r.status}>
                <span className="flex flex-col">
                  <span>{t('wallet.redeem_row', { money: `${config.currency_symbol ?? ''}${r.amount}`, coins: formatNumber(r.coins, i18n.language), count: r.coins, address: r.payment_address })}</span>
                  <span className="text-sm text-fg-muted">
                    {formatDateTime(r.created_at, i18n.language)} · <strong>{t(`wallet.redeem_status_${r.status}`)}</strong>
                    {r.reason ? ` — ${r.reason}` : ''}
                  </span>
                </span>
                {r.status === 'pending' ? (
                  <Button variant="secondary" onClick={() => setWithdrawing(r)}>
                    {t('wallet.redeem_delete')}
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
      <ConfirmDialog
        open={withdrawing !== null}
        title={t('wallet.redeem_delete_title')}
        message={t('wallet.redeem_delete_message', { coins: withdrawing?.coins ?? 0, count: withdrawing?.coins ?? 0 })}
        confirmLabel={t('wallet.redeem_delete')}
        cancelLabel={t('common.cancel')}
        onConfirm={() => void withdraw()}
        onCancel={() => setWithdrawing(null)}
        busy={busy}
      />
    </>
  );
}

function RedeemForm({
  coins,
  minimum,
  amountOf,
  onSending,
  onSent,
}: {
  coins: number;
  minimum: number;
  amountOf: (coins: number) => string;
  /** A new request is on its way: a notice about the last one no longer stands beside its answer. */
  onSending: () => void;
  onSent: (r: PaymentRequest, balance: number) => void;
}) {
  const { t } = useTranslation();
  const legend = useId();
  const [type, setType] = useState<PaymentType>('paypal');
  const [address, setAddress] = useState('');
  const [amount, setAmount] = useState(String(coins));
  const [errors, setErrors] = useState<{ address?: string; coins?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const wanted = Number(amount);
  const coinsProblem = !/^\d+$/.test(amount.trim()) || wanted < minimum || wanted > coins;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // The server's schema names the fields that are wrong; the words are the player's language.
    const parsed = paymentRequestForm.safeParse({ payment_type: type, payment_address: address, coin_used: amount });
    const wrong = parsed.success ? {} : fieldErrors(parsed.error);
    const found = {
      address: wrong.payment_address ? t(`wallet.redeem_address_invalid_${type}`) : undefined,
      coins: wrong.coin_used || coinsProblem ? t('wallet.redeem_coins_invalid', { min: minimum }) : undefined,
    };
    setErrors(found);
    if (!parsed.success || found.coins) return;
    setBusy(true);
    onSending();
    const result = await requestPayment({ payment_type: parsed.data.payment_type, payment_address: parsed.data.payment_address, coin_used: parsed.data.coin_used });
    setBusy(false);
    if (!result.ok) {
      // The failure's text is already shown as a toast; the field it names is marked too.
      if (result.field === 'payment_address') setErrors({ address: t(`wallet.redeem_address_invalid_${type}`) });
      else if (result.field === 'coin_used') setErrors({ coins: t('wallet.redeem_coins_invalid', { min: minimum }) });
      return;
    }
    setAddress('');
    onSent(result.data, result.data.balance);
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-3">
      <fieldset className="flex flex-col gap-2">
        <legend id={legend} className="text-sm font-medium">
          {t('wallet.redeem_method')}
        </legend>
        <div className="flex flex-wrap gap-3">
          {PAYMENT_TYPES.map((p) => (
            <label key={p} className="flex min-h-touch items-center gap-2 rounded-control border border-line-strong px-3">
              <input type="radio" name="payment_type" value={p} checked={type === p} onChange={() => setType(p)} />
              {t(`wallet.redeem_${p}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <TextField
        id="redeem-address"
        label={t(`wallet.redeem_address_${type}`)}
        type={type === 'paypal' ? 'email' : type === 'mobile' ? 'tel' : 'text'}
        autoComplete={type === 'paypal' ? 'email' : type === 'mobile' ? 'tel' : 'off'}
        value={address}
        maxLength={256}
        onChange={(e) => setAddress(e.target.value)}
        error={errors.address}
      />
      <TextField
        id="redeem-coins"
        label={t('wallet.redeem_coins')}
        inputMode="numeric"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        error={errors.coins}
        hint={coinsProblem ? undefined : t('wallet.redeem_amount', { money: amountOf(wanted) })}
      />
      <Button type="submit" className="self-start" disabled={busy}>
        {busy ? t('wallet.redeem_sending') : t('wallet.redeem_submit')}
      </Button>
    </form>
  );
}
