'use client';

import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/services/client/i18n';
import { AUTH_LINK, AuthLayout } from '@/components/auth/auth-layout';
import { EMAIL_PATTERN } from '@/components/auth/identity-error';
import { IdentityGate } from '@/components/auth/identity-gate';
import { useSignIn } from '@/components/auth/use-sign-in';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import type { ClientIdentity } from '@/services/client/identity/provider';

export function LoginView() {
  const { t } = useTranslation();
  return (
    <AuthLayout
      title={t('auth.login_title')}
      description={t('auth.login_description')}
      footer={
        <p>
          {t('auth.no_account')}{' '}
          <Link href="/auth/sign-up/" className={AUTH_LINK}>
            {t('auth.create_account')}
          </Link>
        </p>
      }
    >
      <IdentityGate>{(identity) => <LoginForm identity={identity} />}</IdentityGate>
    </AuthLayout>
  );
}

type FieldErrors = { email?: string; password?: string };

function LoginForm({ identity }: { identity: ClientIdentity }) {
  const { t } = useTranslation();
  const { busy, error, signIn } = useSignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const errors: FieldErrors = {};
    if (!EMAIL_PATTERN.test(email.trim())) errors.email = t('auth.error.invalid_email');
    if (!password) errors.password = t('auth.password_required');
    setFieldErrors(errors);
    if (errors.email || errors.password) {
      document.getElementById(errors.email ? 'login-email' : 'login-password')?.focus();
      return;
    }
    void signIn(() => identity.signInWithEmail({ email: email.trim(), password }));
  };

  const google = identity.signInWithGoogle?.bind(identity);

  return (
    <>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        {error ? <Alert>{error}</Alert> : null}
        <TextField
          id="login-email"
          label={t('auth.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={fieldErrors.email}
        />
        <TextField
          id="login-password"
          label={t('auth.password')}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={fieldErrors.password}
        />
        <Button type="submit" disabled={busy}>
          {busy ? t('auth.signing_in') : t('auth.login_submit')}
        </Button>
        <Link href="/auth/reset-password/" className={`${AUTH_LINK} self-start`}>
          {t('auth.forgot_password')}
        </Link>
      </form>
      <div role="group" aria-label={t('auth.other_ways')} className="flex flex-col gap-3 border-t border-line pt-4">
        <ButtonLink href="/auth/otp-verify/" variant="secondary">
          {t('auth.phone_sign_in')}
        </ButtonLink>
        {google ? (
          <Button variant="secondary" disabled={busy} onClick={() => void signIn(google)}>
            {t('auth.google_sign_in')}
          </Button>
        ) : null}
      </div>
    </>
  );
}
