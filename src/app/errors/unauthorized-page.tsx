import { Button } from '@mantine/core';
import { IconLogin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SIGN_IN_PATH } from '@/features/auth/redirect-target';
import { StatusPage } from './status-page';

export default function UnauthorizedPage() {
  const { t } = useTranslation('errors');
  return (
    <StatusPage
      status={401}
      title={t('unauthorized.title')}
      description={t('unauthorized.description')}
      actions={
        <Button
          component={Link}
          to={SIGN_IN_PATH}
          leftSection={<IconLogin size={18} aria-hidden />}
        >
          {t('unauthorized.signIn')}
        </Button>
      }
    />
  );
}
