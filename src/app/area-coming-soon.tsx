import { useTranslation } from 'react-i18next';
import { ComingSoonPage } from './coming-soon-page';
import type { KeysOf } from '@/lib/translation-keys';

export function AreaComingSoon({
  titleKey,
  standalone,
}: {
  titleKey: KeysOf<'common'>;
  standalone?: boolean;
}) {
  const { t } = useTranslation();
  return <ComingSoonPage title={t(titleKey)} standalone={standalone} />;
}
