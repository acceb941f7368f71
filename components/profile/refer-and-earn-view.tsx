'use client';

import { useSyncExternalStore } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from '@/services/client/i18n';
import { ProfileSubPage } from '@/components/profile/profile-sub-page';
import { usePlayer } from '@/components/profile/use-player';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorWithRetry } from '@/components/ui/error-with-retry';
import { SkeletonText } from '@/components/ui/skeleton';
import { useSystemConfig } from '@/services/client/use-system-config';
import { useAppSelector } from '@/services/store/hooks';
import { selectSystemConfig } from '@/services/store/selectors';

/** The sign-up link that fills in a refer code. */
export const referLink = (origin: string, code: string) => `${origin}/auth/sign-up/?ref=${encodeURIComponent(code)}`;

const subscribeNever = () => () => {};
/** The page's origin; none while prerendering. */
const useOrigin = () =>
  useSyncExternalStore(
    subscribeNever,
    () => window.location.origin,
    () => '',
  );

export function ReferAndEarnView() {
  const { t } = useTranslation();
  const { status, retry, player } = usePlayer();
  const configState = useSystemConfig();
  const config = useAppSelector(selectSystemConfig);
  const origin = useOrigin();

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(t('refer.copied'), { id: 'refer-copied' });
    } catch {
      toast.error(t('refer.copy_failed'), { id: 'refer-copy-failed' });
    }
  };

  const failed = status === 'error' || status === 'empty' || configState.status === 'error';
  const code = player?.refer_code ? String(player.refer_code) : '';
  const link = code ? referLink(origin, code) : '';

  return (
    <ProfileSubPage
      title={t('refer.title')}
      description={config ? t('refer.how', { earn: t('count.coins', { count: Number(config.earn_coin) }), refer: t('count.coins', { count: Number(config.refer_coin) }) }) : undefined}
    >
      {failed ? (
        <ErrorWithRetry
          title={t('common.error_title')}
          message={t('profile.load_failed')}
          retryLabel={t('common.retry')}
          onRetry={() => {
            if (status !== 'content') retry();
            if (configState.status === 'error') configState.retry();
          }}
        />
      ) : status !== 'content' || !config ? (
        <SkeletonText label={t('common.loading')} lines={4} />
      ) : (
        <>
          <Card className="flex flex-col gap-3">
            <h2 className="text-fg-muted">{t('refer.your_code')}</h2>
            <p dir="ltr" className="text-start font-mono text-3xl font-bold tracking-widest" data-testid="refer-code">
              {code}
            </p>
            <Button variant="secondary" className="self-start" onClick={() => void copy(code)}>
              {t('refer.copy_code')}
            </Button>
          </Card>
          <Card className="flex flex-col gap-3">
            <h2 className="text-fg-muted">{t('refer.share_link')}</h2>
            <p dir="ltr" className="break-all text-start font-medium">
              {link}
            </p>
            <Button variant="secondary" className="self-start" onClick={() => void copy(link)}>
              {t('refer.copy_link')}
            </Button>
          </Card>
        </>
      )}
    </ProfileSubPage>
  );
}
