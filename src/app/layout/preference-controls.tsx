import { Center, NativeSelect, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FONTS, THEMES, usePreferencesStore, type ThemePreference } from '@/stores/preferences';

const THEME_ICONS: Record<ThemePreference, typeof IconSun> = {
  light: IconSun,
  dark: IconMoon,
  system: IconDeviceDesktop,
};

export function ThemeControl({ fullWidth = false }: { fullWidth?: boolean }) {
  const { t } = useTranslation();
  const theme = usePreferencesStore((state) => state.theme);
  const setTheme = usePreferencesStore((state) => state.setTheme);
  const labelId = useId();
  return (
    <Stack gap={6}>
      <Text id={labelId} size="sm" fw={500}>
        {t('preferences.theme')}
      </Text>
      <div role="radiogroup" aria-labelledby={labelId}>
        <SegmentedControl
          fullWidth={fullWidth}
          value={theme}
          onChange={setTheme}
          data={THEMES.map((value) => {
            const Icon = THEME_ICONS[value];
            return {
              value,
              label: (
                <Center style={{ gap: 6 }}>
                  <Icon size={16} aria-hidden />
                  <span>{t(`preferences.themes.${value}`)}</span>
                </Center>
              ),
            };
          })}
        />
      </div>
    </Stack>
  );
}

export function FontControl() {
  const { t } = useTranslation();
  const font = usePreferencesStore((state) => state.font);
  const setFont = usePreferencesStore((state) => state.setFont);
  return (
    <NativeSelect
      label={t('preferences.font')}
      value={font}
      onChange={(event) => setFont(event.currentTarget.value)}
      data={FONTS.map((value) => ({ value, label: t(`preferences.fonts.${value}`) }))}
    />
  );
}
