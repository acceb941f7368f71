'use client';

import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/services/client/i18n';
import { AUTH_LINK, AuthLayout } from '@/components/auth/auth-layout';
import { EMAIL_PATTERN, identityErrorKey, MIN_PASSWORD_LENGTH } from '@/components/auth/identity-error';
import { IdentityGate } from '@/components/auth/identity-gate';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import type { ClientIdentity } from '@/services/client/identity/provider';
import { useAppDispatch } from '@/services/store/hooks';
import { friendsCodeRemembered } from '@/services/store/signup-slice';

export function SignUpView({ referCode = '' }: { referCode?: string }) {
  const { t } = useTranslation();
  return (
    <AuthLayout
      title={t('auth.sign_up_title')}
      description={t('auth.sign_up_description')}
      footer={
        <p>
          {t('auth.have_account')}{' '}
          <Link href="/auth/login/" className={AUTH_LINK}>
            {t('auth.login_submit')}
          </Link>
        </p>
      }
    >
      <IdentityGate>{(identity) => <SignUpForm identity={identity} referCode={referCode} />}</IdentityGate>
    </AuthLayout>
  );
}

type Field = 'name' | 'email' | 'password' | 'confirm';
type FieldErrors = Partial<Record<Field, string>>;

function SignUpForm({ identity, referCode }: { identity: ClientIdentity; referCode: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [values, setValues] = useState({ name: '', email: '', password: '', confirm: '', friendsCode: referCode });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const set = (key: keyof typeof values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value }));

  const validate = (): FieldErrors => {
    const errors: FieldErrors = {};
    if (!values.name.trim()) errors.name = t('auth.name_required');
    if (!EMAIL_PATTERN.test(values.email.trim())) errors.email = t('auth.error.invalid_email');
    if (values.password.length < MIN_PASSWORD_LENGTH) errors.password = t('auth.error.weak_password');
    else if (values.password !== values.confirm) errors.confirm = t('validation.passwords_mismatch');
    return errors;
  };

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const errors = validate();
    setFieldErrors(errors);
    const first = (['name', 'email', 'password', 'confirm'] as const).find((f) => errors[f]);
    if (first) {
      document.getElementById(`sign-up-${first}`)?.focus();
      return;
    }
    const email = values.email.trim();
    setBusy(true);
    setError(null);
    try {
      await identity.signUpWithEmail({ name: values.name.trim(), email, password: values.password });
      if (values.friendsCode.trim()) dispatch(friendsCodeRemembered({ email, code: values.friendsCode }));
      setSentTo(email);
    } catch (err) {
      setError(t(identityErrorKey(err)));
    } finally {
      setBusy(false);
    }
  };

  if (sentTo) {
    return (
      <div className="flex flex-col gap-4">
        <h2 className="text-xl font-bold">{t('auth.check_email_title')}</h2>
        <Alert tone="success">{t('auth.check_email', { email: sentTo })}</Alert>
        <ButtonLink href="/auth/login/">{t('auth.go_to_login')}</ButtonLink>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
      {error ? <Alert>{error}</Alert> : null}
      <TextField id="sign-up-name" label={t('auth.name')} autoComplete="name" value={values.name} onChange={set('name')} error={fieldErrors.name} />
      <TextField
        id="sign-up-email"
        label={t('auth.email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        value={values.email}
        onChange={set('email')}
        error={fieldErrors.email}
      />
      <TextField
        id="sign-up-password"
        label={t('auth.password')}
        type="password"
        autoComplete="new-password"
        hint={t('auth.password_hint')}
        value={values.password}
        onChange={set('password')}
        error={fieldErrors.password}
      />
      <TextField
        id="sign-up-confirm"
        label={t('auth.confirm_password')}
        type="password"
        autoComplete="new-password"
        value={values.confirm}
        onChange={set('confirm')}
        error={fieldErrors.confirm}
      />
      <TextField
        id="sign-up-friends-code"
        label={t('auth.friends_code')}
        autoComplete="off"
        autoCapitalize="characters"
        value={values.friendsCode}
        onChange={set('friendsCode')}
      />
      <Button type="submit" disabled={busy}>
        {busy ? t('auth.signing_up') : t('auth.sign_up_submit')}
      </Button>
    </form>
  );
}
