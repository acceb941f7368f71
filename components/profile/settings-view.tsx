'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from '@/services/client/i18n';
import { ProfileSubPage } from '@/components/profile/profile-sub-page';
import { usePlayer } from '@/components/profile/use-player';
import { ContentLanguageSelect } from '@/components/shell/content-language-select';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { ErrorWithRetry } from '@/components/ui/error-with-retry';
import { SelectField } from '@/components/ui/select-field';
import { SkeletonText } from '@/components/ui/skeleton';
import { deleteUserAccount, setExtendedTime, updateProfile } from '@/services/client/accounts-api';
import { switchInterfaceLanguage } from '@/services/client/app-bootstrap';
import { signOut } from '@/services/client/sign-in';
import { messageKeyFor } from '@/services/domain/code-messages';
import { EXTENDED_TIME_CHOICES, type ExtendedTime } from '@/services/domain/extended-time';
import { useAppDispatch, useAppSelector } from '@/services/store/hooks';
import { selectAppLanguages, selectCurrentAppLanguage } from '@/services/store/selectors';
import { userDataReceived } from '@/services/store/user-slice';

export function SettingsView() {
  const { t } = useTranslation();
  return (
    <ProfileSubPage title={t('user_settings.title')}>
      <Card as="section" aria-labelledby="settings-languages" className="flex flex-col gap-4">
        <h2 id="settings-languages" className="text-lg font-bold">
          {t('user_settings.languages')}
        </h2>
        <InterfaceLanguageSetting />
        <ContentLanguageSelect />
      </Card>
      <ExtendedTimeSetting />
      <AccountSettings />
    </ProfileSubPage>
  );
}

/** The interface language; the choice is also saved on the account (web_language) for next time. */
function InterfaceLanguageSetting() {
  const { t, i18n } = useTranslation();
  const languages = useAppSelector(selectAppLanguages);
  const current = useAppSelector(selectCurrentAppLanguage);

  const choose = async (name: string) => {
    if (!(await switchInterfaceLanguage(name))) return;
    // Saving the preference is a nicety: a refusal (e.g. demo mode) must not undo the switch.
    const saved = await updateProfile({ web_language: name });
    if (!saved.ok) console.warn('[settings] the interface language was not saved on the account', saved.code);
  };

  return (
    <SelectField
      id="settings-interface-language"
      label={t('settings.interface_language')}
      value={current?.name ?? i18n.language}
      options={languages.map((l) => ({ value: l.name, label: l.title }))}
      onChange={(name) => void choose(name)}
    />
  );
}

const EXTENDED_TIME_LABELS: Readonly<Record<ExtendedTime, string>> = {
  '1': 'user_settings.extended_time_standard',
  '1.5': 'user_settings.extended_time_1_5',
  '2': 'user_settings.extended_time_2',
};

/**
 * Extended time (ui.md, WCAG 2.2.1): the server stretches every clock of solo play by the choice;
 * battles keep one time for everyone. Saved as soon as it is picked; a refusal keeps the old one.
 */
function ExtendedTimeSetting() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { status, retry, player } = usePlayer();
  const [saving, setSaving] = useState<ExtendedTime | null>(null);
  const [error, setError] = useState<string | null>(null);
  const stored = player?.extended_time;
  const current: ExtendedTime = EXTENDED_TIME_CHOICES.find((c) => c === stored) ?? '1';

  const choose = async (choice: ExtendedTime) => {
    if (choice === current || saving) return;
    setSaving(choice);
    setError(null);
    const result = await setExtendedTime(choice);
    setSaving(null);
    if (!result.ok) {
      setError(t(messageKeyFor(result.code)));
      return;
    }
    dispatch(userDataReceived(result.data));
    toast.success(t('user_settings.extended_time_saved'));
  };

  return (
    <Card as="section" aria-labelledby="settings-time" className="flex flex-col gap-4">
      <h2 id="settings-time" className="text-lg font-bold">
        {t('user_settings.time')}
      </h2>
      {status === 'loading' ? (
        <SkeletonText label={t('common.loading')} lines={3} />
      ) : status !== 'content' || !player ? (
        <ErrorWithRetry title={t('common.error_title')} message={t('profile.load_failed')} retryLabel={t('common.retry')} onRetry={retry} />
      ) : (
        <fieldset className="flex flex-col gap-2" aria-describedby="settings-extended-time-hint" aria-busy={saving !== null}>
          <legend className="mb-1 text-sm font-medium text-fg-muted">{t('user_settings.extended_time')}</legend>
          {error ? <Alert>{error}</Alert> : null}
          {EXTENDED_TIME_CHOICES.map((choice) => (
            <label key={choice} className="flex min-h-touch cursor-pointer items-center gap-3 rounded-control border border-line-strong px-3 has-[:checked]:border-accent has-[:checked]:bg-accent-soft">
              <input
                type="radio"
                name="extended-time"
                value={choice}
                checked={(saving ?? current) === choice}
                disabled={saving !== null}
                onChange={() => void choose(choice)}
                className="size-5 accent-accent"
              />
              <span>{t(EXTENDED_TIME_LABELS[choice])}</span>
            </label>
          ))}
          <p id="settings-extended-time-hint" className="text-sm text-fg-muted">
            {t('user_settings.extended_time_hint')}
          </p>
        </fieldset>
      )}
    </Card>
  );
}

function AccountSettings() {
  const { t } = useTranslation();
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const navigate = (path: string) => router.replace(path);

  const logout = async () => {
    setBusy(true);
    await signOut({ navigate });
  };

  const remove = async () => {
    setBusy(true);
    setError(null);
    const result = await deleteUserAccount();
    if (!result.ok) {
      setBusy(false);
      setConfirming(false);
      setError(t(messageKeyFor(result.code)));
      return;
    }
    toast.success(t('user_settings.deleted'));
    // The server has ended every session of the account already.
    await signOut({ navigate, revoked: true });
  };

  return (
    <Card as="section" aria-labelledby="settings-account" className="flex flex-col gap-4">
      <h2 id="settings-account" className="text-lg font-bold">
        {t('user_settings.account')}
      </h2>
      {error ? <Alert>{error}</Alert> : null}
      <Button variant="secondary" className="self-start" disabled={busy} onClick={() => void logout()}>
        {t('user_settings.logout')}
      </Button>
      <div className="flex flex-col gap-2 border-t border-line pt-4">
        <p className="text-fg-muted">{t('user_settings.delete_description')}</p>
        <Button variant="danger" className="self-start" disabled={busy} onClick={() => setConfirming(true)}>
          {t('user_settings.delete_account')}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('user_settings.delete_confirm_title')}
        message={t('user_settings.delete_confirm')}
        confirmLabel={t('user_settings.delete_yes')}
        cancelLabel={t('profile.cancel')}
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      />
    </Card>
  );
}
