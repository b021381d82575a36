import { Avatar, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconLogout, IconSettings, IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSignOut } from '@/features/auth/use-sign-out';
import { useAuthStore } from '@/stores/auth';

function initials(name: string) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}

export function AccountMenu() {
  const { t } = useTranslation();
  const user = useAuthStore((state) => state.user);
  const signOut = useSignOut();
  const name = user?.name ?? '';
  return (
    <Menu position="bottom-end" width={240} shadow="md" withArrow>
      <Menu.Target>
        <UnstyledButton style={{ borderRadius: 'var(--mantine-radius-xl)' }}>
          {/* Named by hidden text rather than aria-label: the initials are a picture of the user,
              not the button's name, and a visible text missing from the name confuses voice
              control. */}
          <VisuallyHidden>{t('account.menu')}</VisuallyHidden>
          <Group gap={6} wrap="nowrap" aria-hidden>
            <Avatar color="brand" radius="xl" size={34}>
              {initials(name) || <IconUserCircle size={20} aria-hidden />}
            </Avatar>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {user && (
          <>
            <Menu.Label>
              <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>
                {user.name}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {user.email}
              </Text>
            </Menu.Label>
            <Menu.Divider />
          </>
        )}
        {[
          { to: '/settings/account', Icon: IconUserCircle, label: t('account.profile') },
          { to: '/settings', Icon: IconSettings, label: t('areas.settings') },
        ].map(({ to, Icon, label }) => (
          <Menu.Item key={to} component={Link} to={to} leftSection={<Icon size={16} aria-hidden />}>
            {label}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} aria-hidden />}
          onClick={() => void signOut()}
        >
          {t('account.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
