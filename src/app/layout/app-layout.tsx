import '@/styles/mantine-signed-in';
import { AppShell, Badge, Burger, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBuilding } from '@tabler/icons-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { useAuthStore } from '@/stores/auth';
import { Brand } from '@/features/auth/components/brand';
import { InstallPromptCard } from '@/components/install-prompt-card';
import { OfflineIndicator, PendingChanges, WorkingSetStatus } from '@/components/offline-status';
import { PageLoader } from '../page-loader';
import { AccountMenu } from './account-menu';
import { LanguageSelect } from '@/features/auth/components/language-select';
import { useLanguageSync } from '@/features/auth/account/use-language-sync';
import { PreferencesMenu } from './preferences-menu';
import { SidebarNav } from './sidebar-nav';

/**
 * The signed-in frame: header, grouped sidebar and content. Below the lg breakpoint (1200 px) the
 * sidebar is a drawer behind the burger: fixed, it took a quarter of a 1024 px tablet's width.
 */
export default function AppLayout() {
  const { t } = useTranslation();
  const [navOpened, { toggle, close }] = useDisclosure(false);
  const organization = useAuthStore((state) => state.organization);
  useLanguageSync();

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 264, breakpoint: 'lg', collapsed: { mobile: !navOpened } }}
      padding={{ base: 'md', sm: 'lg' }}
    >
      <a className="skip-link" href="#main-content">
        {t('nav.skipToContent')}
      </a>
      <AppShell.Header px="md">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={navOpened}
              onClick={toggle}
              hiddenFrom="lg"
              size="sm"
              aria-label={t('nav.toggle')}
            />
            <Link
              to="/order-analytics"
              style={{ color: 'inherit', textDecoration: 'none' }}
              aria-label={t('nav.home')}
            >
              <Brand size={30} nameVisibleFrom="sm" />
            </Link>
            {organization && (
              <Badge
                variant="light"
                size="lg"
                radius="sm"
                leftSection={<IconBuilding size={14} aria-hidden />}
                visibleFrom="lg"
                maw={260}
                styles={{ label: { textTransform: 'none', fontWeight: 600 } }}
                title={organization.name}
              >
                {organization.name}
              </Badge>
            )}
          </Group>
          <Group gap="xs" wrap="nowrap">
            <WorkingSetStatus />
            <OfflineIndicator />
            <PendingChanges />
            <LanguageSelect size="sm" w={{ base: 128, sm: 136 }} style={{ flexShrink: 0 }} />
            <PreferencesMenu />
            <AccountMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar style={{ display: 'flex', flexDirection: 'column' }}>
        <SidebarNav onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main
        id="main-content"
        bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))"
      >
        <InstallPromptCard />
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
