import { Button, Group, Text } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageBanner } from '@/components/page-banner';
import { logout } from '@/features/auth/api';
import { wipeQueryCache } from '@/lib/query-client';
import { leaveSampleTab } from '@/lib/sample-tab';
import { useAuthStore } from '@/stores/auth';

/**
 * Says, on every page of a sample workshop's tab (the only tab that renders it), that this is not the owner's workshop, and ends
 * it: the sample's session is signed out (the browser's own session is not), and the tab closes,
 * or where the browser keeps it open, goes back to the owner's books.
 */
export function SampleTabBanner() {
  const { t } = useTranslation();
  const [leaving, setLeaving] = useState(false);

  const leave = async () => {
    setLeaving(true);
    try {
      await logout();
    } catch {
      // Offline or already ended: the sample's session goes from this tab regardless.
    }
    useAuthStore.getState().clearSession({ byUser: true });
    await wipeQueryCache().catch(() => undefined);
    leaveSampleTab();
    window.close();
    window.location.assign('/order-analytics');
  };

  return (
    <PageBanner
      color="grape"
      icon={IconFlask}
      title={t('sampleTab.title')}
      testId="sample-tab-banner"
    >
      <Group justify="space-between" gap="sm">
        <Text size="sm">{t('sampleTab.body')}</Text>
        <Button
          size="sm"
          variant="default"
          style={{ minHeight: 44 }}
          loading={leaving}
          onClick={() => void leave()}
        >
          {t('sampleTab.leave')}
        </Button>
      </Group>
    </PageBanner>
  );
}
