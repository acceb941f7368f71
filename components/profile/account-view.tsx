'use client';

import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from '@/services/client/i18n';
import { ProfileSubPage } from '@/components/profile/profile-sub-page';
import { usePlayer } from '@/components/profile/use-player';
import { Alert } from '@/components/ui/alert';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorWithRetry } from '@/components/ui/error-with-retry';
import { Skeleton } from '@/components/ui/skeleton';
import { TextField } from '@/components/ui/text-field';
import { updateProfile, uploadProfileImage } from '@/services/client/accounts-api';
import { messageKeyFor } from '@/services/domain/code-messages';
import { normaliseMobile } from '@/services/domain/profile';
import { useAppDispatch } from '@/services/store/hooks';
import { profileMerged, type UserData } from '@/services/store/user-slice';

/** Accepted by upload_profile_image. */
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

/** A failure's text; demo mode has the spec's own wording for profile changes. */
const failureText = (t: (key: string) => string, code: string | null) =>
  code === 'demo_mode' ? t('profile.demo_update_not_allowed') : t(messageKeyFor(code));

/** /profile/account/: the account's details (name, email, mobile, picture) and their edit, one tap from the player card. */
export function AccountView() {
  const { t } = useTranslation();
  const { status, retry, player } = usePlayer();
  return (
    <ProfileSubPage title={t('profile.account')}>
      {status === 'loading' ? (
        <AccountSkeleton label={t('common.loading')} />
      ) : status === 'content' && player ? (
        <PlayerCard player={player} />
      ) : (
        <ErrorWithRetry title={t('common.error_title')} message={t('profile.load_failed')} retryLabel={t('common.retry')} onRetry={retry} />
      )}
    </ProfileSubPage>
  );
}

function AccountSkeleton({ label }: { label: string }) {
  return (
    <div role="status">
      <span className="sr-only">{label}</span>
      <Card className="flex items-center gap-4">
        <Skeleton className="size-24 rounded-full" />
        <div className="flex flex-1 flex-col gap-3">
          <Skeleton className="h-5 w-1/2" />
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-4 w-1/3" />
        </div>
      </Card>
    </div>
  );
}

function PlayerCard({ player }: { player: UserData }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  return (
    <Card as="article" className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center gap-4">
        <Avatar src={player.profile} name={player.name} />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          {player.name ? (
            <p dir="auto" className="break-words text-xl font-bold">
              {player.name}
            </p>
          ) : null}
          <ImageUpload onFailure={setNotice} />
        </div>
      </div>
      {notice ? <Alert>{notice}</Alert> : null}
      {editing ? (
        <ProfileForm player={player} onDone={() => setEditing(false)} />
      ) : (
        <>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
            <dt className="text-fg-muted">{t('profile.name')}</dt>
            <dd dir="auto" className="break-words font-medium">
              {player.name || t('profile.not_set')}
            </dd>
            <dt className="text-fg-muted">{t('profile.email')}</dt>
            <dd className="break-all font-medium">{player.email || t('profile.not_set')}</dd>
            <dt className="text-fg-muted">{t('profile.mobile')}</dt>
            <dd dir="ltr" className="text-start font-medium">
              {player.mobile || t('profile.not_set')}
            </dd>
          </dl>
          <Button variant="secondary" className="self-start" onClick={() => setEditing(true)}>
            {t('profile.edit')}
          </Button>
        </>
      )}
    </Card>
  );
}

type FieldErrors = { name?: string; mobile?: string; email?: string };

function ProfileForm({ player, onDone }: { player: UserData; onDone: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  // Spec §4: only players who signed in by phone may change their email.
  const emailEditable = player.type === 'mobile';
  const [values, setValues] = useState({ name: player.name, mobile: player.mobile ?? '', email: player.email ?? '' });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const set = (key: keyof typeof values) => (e: ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [key]: e.target.value }));

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const errors: FieldErrors = {};
    if (!values.name.trim()) errors.name = t('auth.name_required');
    const mobile = values.mobile.trim() ? normaliseMobile(values.mobile) : '';
    if (mobile === null) errors.mobile = t('validation.mobile_invalid');
    setFieldErrors(errors);
    if (errors.name || errors.mobile) {
      document.getElementById(errors.name ? 'profile-name' : 'profile-mobile')?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    const result = await updateProfile({
      name: values.name.trim(),
      mobile: mobile ?? '',
      ...(emailEditable ? { email: values.email.trim() } : {}),
    });
    setBusy(false);
    if (!result.ok) {
      if (result.code === 'phone_invalid' || result.field === 'mobile') setFieldErrors({ mobile: t('validation.mobile_invalid') });
      else if (result.field === 'email') setFieldErrors({ email: t('auth.error.invalid_email') });
      else setError(failureText(t, result.code));
      return;
    }
    const saved = result.data;
    dispatch(profileMerged({ name: saved.name, mobile: saved.mobile, email: saved.email }));
    toast.success(t('codes.profile_updated'));
    onDone();
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
      {error ? <Alert>{error}</Alert> : null}
      <TextField id="profile-name" label={t('profile.name')} autoComplete="name" value={values.name} onChange={set('name')} error={fieldErrors.name} />
      <TextField
        id="profile-mobile"
        label={t('profile.mobile')}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        dir="ltr"
        hint={t('profile.mobile_hint')}
        value={values.mobile}
        onChange={set('mobile')}
        error={fieldErrors.mobile}
      />
      {emailEditable ? (
        <TextField
          id="profile-email"
          label={t('profile.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          value={values.email}
          onChange={set('email')}
          error={fieldErrors.email}
        />
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          {busy ? t('auth.saving') : t('profile.save')}
        </Button>
        <Button variant="secondary" onClick={onDone} disabled={busy}>
          {t('profile.cancel')}
        </Button>
      </div>
    </form>
  );
}

function ImageUpload({ onFailure }: { onFailure: (text: string | null) => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  const upload = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    onFailure(null);
    if (!IMAGE_TYPES.includes(file.type)) return onFailure(t('codes.file_type_not_allowed'));
    if (file.size > MAX_IMAGE_BYTES) return onFailure(t('profile.picture_too_large'));
    setBusy(true);
    const result = await uploadProfileImage(file);
    setBusy(false);
    if (!result.ok) return onFailure(failureText(t, result.code));
    dispatch(profileMerged({ profile: result.data.profile }));
    toast.success(t('profile.picture_updated'));
  };

  return (
    <div className="flex flex-col items-start gap-1">
      <input
        ref={input}
        id="profile-image"
        type="file"
        accept={IMAGE_TYPES.join(',')}
        className="sr-only"
        tabIndex={-1}
        aria-label={t('profile.change_picture')}
        aria-describedby="profile-image-hint"
        onChange={(e) => void upload(e)}
      />
      <Button variant="ghost" className="px-2" disabled={busy} onClick={() => input.current?.click()}>
        {busy ? t('profile.uploading') : t('profile.change_picture')}
      </Button>
      <p id="profile-image-hint" className="text-sm text-fg-muted">
        {t('profile.picture_hint')}
      </p>
    </div>
  );
}
