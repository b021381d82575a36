import { FileInput, type FileInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A one-file picker that can be cleared; the clear button is named after the field, so a screen
 * reader says which file it drops.
 */
export function FileField({
  label,
  ...props
}: Omit<FileInputProps<false>, 'clearable' | 'clearButtonProps' | 'multiple'> & { label: string }) {
  const { t } = useTranslation('ui');
  return (
    <FileInput
      label={label}
      clearable
      clearButtonProps={{ 'aria-label': t('filters.clear', { label }) }}
      {...props}
    />
  );
}
