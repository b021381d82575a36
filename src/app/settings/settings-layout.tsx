import { Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import {
  IconBell,
  IconHistory,
  IconListNumbers,
  IconPalette,
  IconShieldLock,
  IconUser,
  IconUserCircle,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import type { Permission } from '../../../contract/permissions.ts';
import { useAuthStore } from '@/stores/auth';
import { can } from '../../../contract/permissions.ts';
import { usePageTitle } from '@/lib/page-title';
import { HelpButton } from '@/components/help-button';

const SETTINGS_SECTIONS = [
  { key: 'profile', path: '/settings', icon: IconUser },
  { key: 'account', path: '/settings/account', icon: IconUserCircle },
  { key: 'production', path: '/settings/production', icon: IconListNumbers },
  { key: 'appearance', path: '/settings/appearance', icon: IconPalette },
  { key: 'notifications', path: '/settings/notifications', icon: IconBell },
  { key: 'security', path: '/settings/security', icon: IconShieldLock },
  { key: 'activity', path: '/settings/activity', icon: IconHistory, permission: 'audit.read' },
] as const satisfies readonly {
  key: string;
  path: string;
  icon: unknown;
  permission?: Permission;
}[];

export default function SettingsLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const role = useAuthStore((state) => state.user?.role);
  const sections = SETTINGS_SECTIONS.filter(
    (section) =>
      !('permission' in section) || (role !== undefined && can(role, section.permission)),
  );
  const headingRef = usePageTitle<HTMLHeadingElement>(t('areas.settings'));
  const current =
    sections.find((section) => section.path !== '/settings' && pathname.startsWith(section.path)) ??
    SETTINGS_SECTIONS[0];

  return (
    <Stack gap="lg" maw={960}>
      <Stack gap={4}>
        <Group gap="xs" wrap="nowrap">
          <Title order={1} fz={28} ref={headingRef} tabIndex={-1} className="page-heading">
            {t('areas.settings')}
          </Title>
          <HelpButton />
        </Group>
        <Text c="dimmed">{t('settings.description')}</Text>
      </Stack>
      <Tabs
        value={current.path}
        onChange={(value) => value && void navigate(value)}
        keepMounted={false}
      >
        <Tabs.List aria-label={t('settings.sections')}>
          {sections.map(({ key, path, icon: Icon }) => (
            <Tabs.Tab key={key} value={path} leftSection={<Icon size={16} aria-hidden />}>
              {t(`settings.${key}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
        <Outlet />
      </Paper>
    </Stack>
  );
}
