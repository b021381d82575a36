import { useTranslation } from 'react-i18next';
import { StatusPage } from './status-page';

export function GeneralErrorPage({ minimal = false }: { minimal?: boolean }) {
  const { t } = useTranslation('errors');
  return (
    <StatusPage
      status={500}
      title={t('generalError.title')}
      description={t('generalError.description')}
      minimal={minimal}
    />
  );
}

export default function GeneralErrorRoute() {
  return <GeneralErrorPage />;
}
