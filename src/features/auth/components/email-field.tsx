import { TextInput, type TextInputProps } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The sign-in email input: the phone shows its email keyboard and the browser offers saved addresses. */
export function EmailField(props: TextInputProps) {
  const { t } = useTranslation('auth');
  return (
    <TextInput
      label={t('fields.email')}
      placeholder={t('fields.emailPlaceholder')}
      type="email"
      autoComplete="email"
      inputMode="email"
      leftSection={<IconMail size={16} aria-hidden />}
      {...props}
    />
  );
}
