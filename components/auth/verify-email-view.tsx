'use client';

import { useTranslation } from '@/services/client/i18n';
import { AuthLayout } from '@/components/auth/auth-layout';
import { Alert } from '@/components/ui/alert';
import { ButtonLink } from '@/components/ui/button';
import { ErrorWithRetry } from '@/components/ui/error-with-retry';
import { SkeletonText } from '@/components/ui/skeleton';
import type { ApiResult } from '@/services/client/api';
import { verifyEmailLink } from '@/services/client/identity/local';
import { useApiQuery } from '@/services/client/use-api-query';

type Verification = { kind: 'verified'; email: string } | { kind: 'refused'; code: string };

/**
 * A refused link is an answer to show, not a failure to retry: it joins the content. Only a
 * network or server failure stays an error (with a retry).
 */
async function verify(token: string): Promise<ApiResult<Verification>> {
  const result = await verifyEmailLink(token);
  if (result.ok) return { ...result, data: { kind: 'verified', email: result.data.email } };
  if (result.status > 0 && result.status < 500 && result.code) {
    return { ok: true, data: { kind: 'refused', code: result.code }, message: result.code, meta: {} };
  }
  return result;
}

/** Opened from the verification mail's link (`?token=`): verifies the email, then offers login. */
export function VerifyEmailView({ token }: { token: string }) {
  const { t } = useTranslation();
  return <AuthLayout title={t('auth.verify_title')}>{token ? <VerifyToken token={token} /> : <Refused code="link_invalid" />}</AuthLayout>;
}

function VerifyToken({ token }: { token: string }) {
  const { t } = useTranslation();
  const result = useApiQuery(`verify-email:${token}`, () => verify(token), () => false);

  if (result.status === 'loading') return <SkeletonText label={t('auth.verifying')} lines={2} />;
  if (result.status !== 'content') {
    return <ErrorWithRetry title={t('common.error_title')} message={t('auth.verify_failed')} retryLabel={t('common.retry')} onRetry={result.retry} />;
  }
  if (result.data.kind === 'refused') return <Refused code={result.data.code} />;
  return (
    <>
      <Alert tone="success">{t('auth.verified', { email: result.data.email })}</Alert>
      <ButtonLink href="/auth/login/">{t('auth.go_to_login')}</ButtonLink>
    </>
  );
}

function Refused({ code }: { code: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Alert>{t(code === 'rate_limited' ? 'auth.error.too_many_requests' : 'auth.error.link_invalid')}</Alert>
      <ButtonLink href="/auth/login/">{t('auth.go_to_login')}</ButtonLink>
      <ButtonLink href="/auth/sign-up/" variant="secondary">
        {t('auth.sign_up_again')}
      </ButtonLink>
    </>
  );
}
