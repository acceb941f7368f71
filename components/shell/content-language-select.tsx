'use client';

import { useTranslation } from '@/services/client/i18n';
import { LANGUAGE_SELECT_WIDTH } from '@/components/shell/interface-language-select';
import { SelectField } from '@/components/ui/select-field';
import { useEffect } from 'react';
import { chooseContentLanguage, loadContentLanguages } from '@/services/client/app-bootstrap';
import { useAppSelector } from '@/services/store/hooks';
import { selectContentLanguages, selectCurrentLanguage, selectLanguageMode } from '@/services/store/selectors';

/**
 * Shown only when content languages are on (systemConfig.language_mode === '1', spec §9). Until
 * their list arrives it holds its place, disabled, with the language in use (or "Loading…"), so the
 * page below it does not jump when it comes.
 */
/** `id` names the field (the menu and the settings page each have theirs); `className` sets its width. */
export function ContentLanguageSelect({ id = 'content-language', className = LANGUAGE_SELECT_WIDTH }: { id?: string; className?: string } = {}) {
  const { t } = useTranslation();
  const languageMode = useAppSelector(selectLanguageMode);
  const languages = useAppSelector(selectContentLanguages);
  const current = useAppSelector(selectCurrentLanguage);

  // The mode may be turned on by the system configuration, which arrives after the start.
  useEffect(() => {
    if (languageMode && languages.length === 0) void loadContentLanguages();
  }, [languageMode, languages.length]);

  if (!languageMode) return null;
  if (languages.length === 0) {
    return (
      <SelectField
        id={id}
        label={t('settings.content_language')}
        value="current"
        options={[{ value: 'current', label: current?.name ?? t('common.loading') }]}
        onChange={() => undefined}
        disabled
        className={className}
      />
    );
  }
  return (
    <SelectField
      id={id}
      label={t('settings.content_language')}
      value={String(current?.id ?? '')}
      options={languages.map((l) => ({ value: String(l.id), label: l.language }))}
      onChange={(id) => {
        const chosen = languages.find((l) => String(l.id) === id);
        if (chosen) chooseContentLanguage(chosen);
      }}
      className={className}
    />
  );
}
