import { Button, EmptyState as MantineEmptyState } from '@mantine/core';
import { IconCloudOff, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { probeNow } from '@/lib/offline/connectivity';

/** The part of a react-query result this needs; every query result has it. */
export interface QueryAvailability {
  data: unknown;
  fetchStatus: 'fetching' | 'paused' | 'idle';
}

/**
 * Nothing to show and nothing coming: the app is offline (or the server is down) and this data was
 * never loaded on this device. Without this a page would show its loading skeleton for ever.
 */
export function isUnavailableOffline(query: QueryAvailability): boolean {
  return query.data === undefined && query.fetchStatus === 'paused';
}

export function OfflineUnavailable({ onRetry }: { onRetry: () => unknown }) {
  const { t } = useTranslation('ui');
  const [checking, setChecking] = useState(false);
  const retry = async () => {
    setChecking(true);
    try {
      // A refetch alone would stay paused until the next probe; ask the server now.
      if (await probeNow()) await onRetry();
    } finally {
      setChecking(false);
    }
  };
  return (
    <MantineEmptyState
      role="status"
      py="xl"
      px="md"
      variant="light"
      title={t('offlineUnavailable.title')}
      description={t('offlineUnavailable.description')}
      icon={<IconCloudOff size={28} stroke={1.5} aria-hidden />}
    >
      <MantineEmptyState.Actions>
        <Button
          variant="light"
          leftSection={<IconRefresh size={16} aria-hidden />}
          onClick={() => void retry()}
          loading={checking}
        >
          {t('actions.retry')}
        </Button>
      </MantineEmptyState.Actions>
    </MantineEmptyState>
  );
}
