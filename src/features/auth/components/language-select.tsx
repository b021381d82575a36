import { NativeSelect, type NativeSelectProps } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, SUPPORTED_LANGUAGES, toLanguage } from '@/lib/i18n';

/** A native select: quick on touch screens and trivially operable by keyboard and tests. */
export function LanguageSelect(props: Omit<NativeSelectProps, 'data' | 'value' | 'onChange'>) {
  const { t, i18n } = useTranslation();
  return (
    <NativeSelect
      aria-label={t('language.label')}
      title={t('language.label')}
      leftSection={<IconLanguage size={16} aria-hidden />}
      value={toLanguage(i18n.resolvedLanguage ?? i18n.language)}
      onChange={(event) => void i18n.changeLanguage(event.currentTarget.value)}
      data={SUPPORTED_LANGUAGES.map((language) => ({
        value: language,
        label: LANGUAGE_NAMES[language],
      }))}
      w={136}
      {...props}
    />
  );
}
