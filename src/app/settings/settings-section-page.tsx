import { Stack, Text, Title } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A settings section whose controls are not built yet. */
export function SettingsSectionPage({ section }: { section: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" align="flex-start">
      <Title order={2} fz={20}>
        {t(`settings.${section}`)}
      </Title>
      <Text c="dimmed" style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
        <IconHourglass size={18} aria-hidden />
        {t('comingSoon.badge')}
      </Text>
    </Stack>
  );
}
