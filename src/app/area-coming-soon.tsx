import { useTranslation } from 'react-i18next';
import { ComingSoonPage } from './coming-soon-page';

export function AreaComingSoon({
  titleKey,
  standalone,
}: {
  titleKey: string;
  standalone?: boolean;
}) {
  const { t } = useTranslation();
  return <ComingSoonPage title={t(titleKey)} standalone={standalone} />;
}
