import { useTranslation } from 'react-i18next';
import { StatusPage } from './status-page';

export default function ForbiddenPage() {
  const { t } = useTranslation('errors');
  return (
    <StatusPage
      status={403}
      title={t('forbidden.title')}
      description={t('forbidden.description')}
    />
  );
}
