'use client';

import { useTranslation } from '@/services/client/i18n';
import { SelectField } from '@/components/ui/select-field';
import { chooseContentLanguage } from '@/services/client/app-bootstrap';
import { useAppSelector } from '@/services/store/hooks';
import { selectContentLanguages, selectCurrentLanguage, selectLanguageMode } from '@/services/store/selectors';

/** Shown only when content languages are on (systemConfig.language_mode === '1', spec §9). */
export function ContentLanguageSelect() {
  const { t } = useTranslation();
  const languageMode = useAppSelector(selectLanguageMode);
  const languages = useAppSelector(selectContentLanguages);
  const current = useAppSelector(selectCurrentLanguage);

  if (!languageMode || languages.length === 0) return null;
  return (
    <SelectField
      id="content-language"
      label={t('settings.content_language')}
      value={String(current?.id ?? '')}
      options={languages.map((l) => ({ value: String(l.id), label: l.language }))}
      onChange={(id) => {
        const chosen = languages.find((l) => String(l.id) === id);
        if (chosen) chooseContentLanguage(chosen);
      }}
    />
  );
}
