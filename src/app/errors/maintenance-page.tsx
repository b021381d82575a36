import { Button } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { StatusPage } from './status-page';

export default function MaintenancePage() {
  const { t } = useTranslation('errors');
  return (
    <StatusPage
      status={503}
      title={t('maintenance.title')}
      description={t('maintenance.description')}
      actions={
        <Button
          leftSection={<IconRefresh size={18} aria-hidden />}
          onClick={() => window.location.reload()}
        >
          {t('maintenance.retry')}
        </Button>
      }
    />
  );
}
