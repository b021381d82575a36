import { Stack, Text, Title } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Resources } from 'i18next';

/** A settings section whose controls are not built yet. */
export type SettingsSection = keyof Resources['common']['settings'];

export function SettingsSectionPage({ section }: { section: SettingsSection }) {
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
