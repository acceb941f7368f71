'use client';

import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/services/client/i18n';
import { AUTH_LINK, AuthLayout } from '@/components/auth/auth-layout';
import { EMAIL_PATTERN, identityErrorKey, isIdentityError, MIN_PASSWORD_LENGTH } from '@/components/auth/identity-error';
import { IdentityGate } from '@/components/auth/identity-gate';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { resetPasswordWithLink } from '@/services/client/identity/local';
import type { ClientIdentity } from '@/services/client/identity/provider';

/**
 * Without a token: asks for the email and sends a reset link. With the link's `?token=`: asks for
 * the new password twice and sets it.
 */
export function ResetPasswordView({ token }: { token: string }) {
  const { t } = useTranslation();
  return (
    <AuthLayout
      title={t('auth.reset_title')}
      description={t(token ? 'auth.reset_new_description' : 'auth.reset_description')}
      footer={
        <Link href="/auth/login/" className={AUTH_LINK}>
          {t('auth.go_to_login')}
        </Link>
      }
    >
      {token ? <NewPasswordForm token={token} /> : <IdentityGate>{(identity) => <RequestLinkForm identity={identity} />}</IdentityGate>}
    </AuthLayout>
  );
}

function RequestLinkForm({ identity }: { identity: ClientIdentity }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const address = email.trim();
    if (!EMAIL_PATTERN.test(address)) {
      setFieldError(t('auth.error.invalid_email'));
      document.getElementById('reset-email')?.focus();
      return;
    }
    setFieldError(undefined);
    setError(null);
    setBusy(true);
    try {
      await identity.sendPasswordReset(address);
      setSentTo(address);
    } catch (err) {
      // Whether an account exists is never told, so "user not found" reads like success.
      if (isIdentityError(err, 'user_not_found')) setSentTo(address);
      else setError(t(identityErrorKey(err)));
    } finally {
      setBusy(false);
    }
  };

  if (sentTo) return <Alert tone="success">{t('auth.reset_sent', { email: sentTo })}</Alert>;

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
      {error ? <Alert>{error}</Alert> : null}
      <TextField
        id="reset-email"
        label={t('auth.email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={fieldError}
      />
      <Button type="submit" disabled={busy}>
        {busy ? t('auth.sending') : t('auth.reset_send')}
      </Button>
    </form>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ password?: string; confirm?: string }>({});
  const [error, setError] = useState<{ text: string; linkDead: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const errors: { password?: string; confirm?: string } = {};
    if (password.length < MIN_PASSWORD_LENGTH) errors.password = t('auth.error.weak_password');
    else if (password !== confirm) errors.confirm = t('validation.passwords_mismatch');
    setFieldErrors(errors);
    if (errors.password || errors.confirm) {
      document.getElementById(errors.password ? 'reset-password' : 'reset-confirm')?.focus();
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await resetPasswordWithLink(token, password);
      setDone(true);
    } catch (err) {
      setError({ text: t(identityErrorKey(err)), linkDead: isIdentityError(err, 'link_invalid') });
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <>
        <Alert tone="success">{t('auth.reset_done')}</Alert>
        <ButtonLink href="/auth/login/">{t('auth.go_to_login')}</ButtonLink>
      </>
    );
  }

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
      {error ? (
        <Alert>
          {error.text}
          {error.linkDead ? (
            <>
              {' '}
              <Link href="/auth/reset-password/" className="underline underline-offset-4">
                {t('auth.reset_request_again')}
              </Link>
            </>
          ) : null}
        </Alert>
      ) : null}
      <TextField
        id="reset-password"
        label={t('auth.new_password')}
        type="password"
        autoComplete="new-password"
        hint={t('auth.password_hint')}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={fieldErrors.password}
      />
      <TextField
        id="reset-confirm"
        label={t('auth.confirm_password')}
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
        error={fieldErrors.confirm}
      />
      <Button type="submit" disabled={busy}>
        {busy ? t('auth.saving') : t('auth.reset_save')}
      </Button>
    </form>
  );
}
