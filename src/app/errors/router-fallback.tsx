import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Inside a section that exists, an unknown sub-path gets a quiet notice instead of a full page. */
export function RouterFallback() {
  const { t } = useTranslation();
  return (
    <Text c="dimmed" role="status">
      {t('routerFallback')}
    </Text>
  );
}
