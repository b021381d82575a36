import { NavigationProgress, nprogress } from '@mantine/nprogress';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';

/** Thin bar at the top while the router fetches a lazy page or data for the next screen. */
export function RouteProgress() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  useEffect(() => {
    if (busy) nprogress.start();
    else nprogress.complete();
  }, [busy]);
  return <NavigationProgress size={3} aria-label={t('loadingPage')} />;
}
