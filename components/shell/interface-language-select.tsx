'use client';

import { useTranslation } from '@/services/client/i18n';
import { SelectField } from '@/components/ui/select-field';
import { switchInterfaceLanguage } from '@/services/client/app-bootstrap';
import { useAppSelector } from '@/services/store/hooks';
import { selectAppLanguages, selectCurrentAppLanguage } from '@/services/store/selectors';

/** One width whatever the language names: the header's rows do not change as lists arrive. */
export const LANGUAGE_SELECT_WIDTH = 'w-36';

/** `id` names the field (the menu and the settings page each have theirs); `className` sets its width. */
export function InterfaceLanguageSelect({ id = 'interface-language', className = LANGUAGE_SELECT_WIDTH }: { id?: string; className?: string } = {}) {
  const { t, i18n } = useTranslation();
  const languages = useAppSelector(selectAppLanguages);
  const current = useAppSelector(selectCurrentAppLanguage);
  const options = languages.map((l) => ({ value: l.name, label: l.title }));

  return (
    <SelectField
      id={id}
      label={t('settings.interface_language')}
      value={current?.name ?? i18n.language}
      options={options}
      onChange={(name) => void switchInterfaceLanguage(name)}
      className={className}
    />
  );
}
