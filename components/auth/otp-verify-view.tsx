'use client';

import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/services/client/i18n';
import { AUTH_LINK, AuthLayout } from '@/components/auth/auth-layout';
import { identityErrorKey, isIdentityError } from '@/components/auth/identity-error';
import { IdentityGate } from '@/components/auth/identity-gate';
import { useSignIn } from '@/components/auth/use-sign-in';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import type { ClientIdentity } from '@/services/client/identity/provider';
import { normaliseMobile } from '@/services/domain/profile';

/** Spec §9: the code has 6 digits. */
const OTP_PATTERN = /^\d{6}$/;

export function OtpVerifyView() {
  const { t } = useTranslation();
  return (
    <AuthLayout
      title={t('auth.otp_title')}
      description={t('auth.otp_description')}
      footer={
        <Link href="/auth/login/" className={AUTH_LINK}>
          {t('auth.email_sign_in')}
        </Link>
      }
    >
      <IdentityGate>{(identity) => <OtpFlow identity={identity} />}</IdentityGate>
    </AuthLayout>
  );
}

/** The code step's standing: attempts left after a wrong code, or locked until a new code. */
type CodeStanding = { attemptsLeft: number | null; locked: boolean };

function OtpFlow({ identity }: { identity: ClientIdentity }) {
  const { t } = useTranslation();
  const { busy: signingIn, error: signInError, setError: setSignInError, signIn } = useSignIn();
  const [phone, setPhone] = useState('');
  const [friendsCode, setFriendsCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [standing, setStanding] = useState<CodeStanding>({ attemptsLeft: null, locked: false });

  const send = async (number: string) => {
    setSending(true);
    setError(null);
    setSignInError(null);
    setNotice(null);
    try {
      await identity.sendOtp(number);
      setSentTo(number);
      setCode('');
      setStanding({ attemptsLeft: null, locked: false });
      setNotice(t('auth.code_sent', { phone: number }));
    } catch (err) {
      setError(t(identityErrorKey(err)));
    } finally {
      setSending(false);
    }
  };

  const submitPhone = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const number = normaliseMobile(phone);
    if (!number) {
      setFieldError(t('validation.mobile_invalid'));
      document.getElementById('otp-phone')?.focus();
      return;
    }
    setFieldError(undefined);
    void send(number);
  };

  const submitCode = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!sentTo) return;
    const typed = code.replace(/\s/g, '');
    if (!OTP_PATTERN.test(typed)) {
      setFieldError(t('auth.code_required'));
      document.getElementById('otp-code')?.focus();
      return;
    }
    setFieldError(undefined);
    setError(null);
    setNotice(null);
    // The provider's refusal, kept to read the attempts left (signIn shows only its text).
    const seen: { refusal?: unknown } = {};
    const signedIn = await signIn(async () => {
      try {
        return await identity.verifyOtp({ phone: sentTo, code: typed });
      } catch (err) {
        seen.refusal = err;
        throw err;
      }
    }, friendsCode);
    if (signedIn) return;
    const refusal = seen.refusal;
    if (isIdentityError(refusal, 'otp_locked')) setStanding({ attemptsLeft: 0, locked: true });
    else if (isIdentityError(refusal, 'otp_invalid') && refusal.attemptsLeft !== undefined) {
      setStanding({ attemptsLeft: refusal.attemptsLeft, locked: refusal.attemptsLeft <= 0 });
    }
  };

  if (!sentTo) {
    return (
      <form noValidate onSubmit={submitPhone} className="flex flex-col gap-4">
        {error ? <Alert>{error}</Alert> : null}
        <TextField
          id="otp-phone"
          label={t('auth.phone')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          dir="ltr"
          placeholder="+14155550100"
          hint={t('auth.phone_hint')}
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
          error={fieldError}
        />
        <TextField
          id="otp-friends-code"
          label={t('auth.friends_code')}
          autoComplete="off"
          autoCapitalize="characters"
          value={friendsCode}
          onChange={(e) => setFriendsCode(e.target.value)}
        />
        <Button type="submit" disabled={sending}>
          {sending ? t('auth.sending') : t('auth.send_code')}
        </Button>
      </form>
    );
  }

  const shownError = error ?? signInError;
  return (
    <form noValidate onSubmit={(e) => void submitCode(e)} className="flex flex-col gap-4">
      {notice ? <Alert tone="info">{notice}</Alert> : null}
      {shownError ? (
        <Alert>
          <p>{shownError}</p>
          {standing.attemptsLeft !== null && !standing.locked ? <p>{t('auth.otp_attempts_left', { count: standing.attemptsLeft })}</p> : null}
          {standing.locked && shownError !== t('auth.error.otp_locked') ? <p>{t('auth.error.otp_locked')}</p> : null}
        </Alert>
      ) : null}
      <TextField
        id="otp-code"
        label={t('auth.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={6}
        dir="ltr"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={fieldError}
      />
      {/* Not disabled when locked: the server decides, and says so. */}
      <Button type="submit" disabled={signingIn}>
        {signingIn ? t('auth.verifying_code') : t('auth.verify_code')}
      </Button>
      <div className="flex flex-wrap gap-2">
        <Button variant={standing.locked ? 'primary' : 'secondary'} disabled={sending || signingIn} onClick={() => void send(sentTo)}>
          {sending ? t('auth.sending') : t('auth.resend_code')}
        </Button>
        <Button
          variant="ghost"
          disabled={signingIn}
          onClick={() => {
            setSentTo(null);
            setError(null);
            setSignInError(null);
            setNotice(null);
            setFieldError(undefined);
          }}
        >
          {t('auth.change_number')}
        </Button>
      </div>
    </form>
  );
}
