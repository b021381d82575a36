import { Button, EmptyState as MantineEmptyState } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ErrorStateProps {
  title?: ReactNode;
  message: ReactNode;
  onRetry?: () => void;
  retrying?: boolean;
}

export function ErrorState({ title, message, onRetry, retrying = false }: ErrorStateProps) {
  const { t } = useTranslation('ui');
  return (
    <MantineEmptyState
      role="alert"
      py="xl"
      px="md"
      variant="light"
      color="red"
      title={title ?? t('error.title')}
      description={message}
      icon={<IconAlertTriangle size={28} stroke={1.5} aria-hidden />}
    >
      {onRetry ? (
        <MantineEmptyState.Actions>
          <Button
            variant="light"
            color="red"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={onRetry}
            loading={retrying}
          >
            {t('actions.retry')}
          </Button>
        </MantineEmptyState.Actions>
      ) : null}
    </MantineEmptyState>
  );
}
