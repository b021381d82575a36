import { NavLink as MantineNavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { can } from '../../../contract/permissions.ts';
import { useAuthStore } from '@/stores/auth';
import { NAV_GROUPS } from '@/lib/area-definition';
import { AREAS, AREA_PERMISSIONS } from '../areas';

function isWithin(pathname: string, areaPath: string) {
  return pathname === areaPath || pathname.startsWith(`${areaPath}/`);
}

export function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const role = useAuthStore((state) => state.user?.role);
  const visible = AREAS.filter((area) => {
    const needed = AREA_PERMISSIONS[area.key];
    return needed === undefined || (role !== undefined && can(role, needed));
  });
  return (
    <ScrollArea type="scroll" style={{ flex: 1 }}>
      <nav aria-label={t('nav.label')}>
        <Stack gap="lg" p="sm">
          {NAV_GROUPS.filter((group) => visible.some((area) => area.group === group)).map(
            (group) => (
              <div key={group}>
                <Text
                  id={`nav-group-${group}`}
                  size="xs"
                  fw={700}
                  c="dimmed"
                  tt="uppercase"
                  px="sm"
                  mb={6}
                  style={{ letterSpacing: '0.06em' }}
                >
                  {t(`nav.groups.${group}`)}
                </Text>
                <ul
                  aria-labelledby={`nav-group-${group}`}
                  style={{ listStyle: 'none', margin: 0, padding: 0 }}
                >
                  {visible
                    .filter((area) => area.group === group)
                    .map(({ key, path, icon: Icon }) => (
                      <li key={key}>
                        <MantineNavLink
                          component={NavLink}
                          to={path}
                          label={t(`areas.${key}`)}
                          leftSection={<Icon size={18} stroke={1.7} aria-hidden />}
                          active={isWithin(pathname, path)}
                          onClick={onNavigate}
                          variant="light"
                          styles={{
                            root: { borderRadius: 'var(--mantine-radius-md)' },
                            label: { fontWeight: 500 },
                          }}
                        />
                      </li>
                    ))}
                </ul>
              </div>
            ),
          )}
        </Stack>
      </nav>
    </ScrollArea>
  );
}
