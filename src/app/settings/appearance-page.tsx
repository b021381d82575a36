import { Divider, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FontControl, ThemeControl } from '../layout/preference-controls';

export default function AppearancePage() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" maw={520}>
      <Stack gap={4}>
        <Title order={2} fz={20}>
          {t('settings.appearance')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('settings.appearanceDescription')}
        </Text>
      </Stack>
      <Divider />
      <ThemeControl />
      <FontControl />
    </Stack>
  );
}
