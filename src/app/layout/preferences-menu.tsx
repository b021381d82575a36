import { ActionIcon, Popover, Tooltip } from '@mantine/core';
import { IconAdjustments } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ThemeControl, FontControl } from './preference-controls';

export function PreferencesMenu() {
  const { t } = useTranslation();
  return (
    <Popover width={300} position="bottom-end" shadow="md" withArrow trapFocus>
      <Popover.Target>
        <Tooltip label={t('preferences.label')} withArrow>
          <ActionIcon variant="default" size="lg" aria-label={t('preferences.label')}>
            <IconAdjustments size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown>
        <div style={{ display: 'grid', gap: 'var(--mantine-spacing-md)' }}>
          <ThemeControl fullWidth />
          <FontControl />
        </div>
      </Popover.Dropdown>
    </Popover>
  );
}
