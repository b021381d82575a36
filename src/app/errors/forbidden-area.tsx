import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown inside the layout in place of a page the signed-in role cannot open. */
export function ForbiddenArea() {
  const { t } = useTranslation('errors');
  return (
    <Stack align="center" gap="xs" py="xl" role="alert">
      <Title order={2}>403</Title>
      <Text size="lg" fw={600}>
        {t('forbidden.page')}
      </Text>
      <Text c="dimmed">{t('forbidden.description')}</Text>
    </Stack>
  );
}
