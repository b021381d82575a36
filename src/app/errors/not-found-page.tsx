import { useTranslation } from 'react-i18next';
import { StatusPage } from './status-page';

export default function NotFoundPage() {
  const { t } = useTranslation('errors');
  return (
    <StatusPage status={404} title={t('notFound.title')} description={t('notFound.description')} />
  );
}
