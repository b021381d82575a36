import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useInstallPrompt } from '@/lib/pwa/install-prompt';
import { InstallOfferContext } from '@/lib/pwa/install-offer';
import { pwaErrorToast, pwaSuccessToast } from '@/lib/pwa/pwa-toasts';

/** Listens for the browser's install events for the whole app and shares the offer. */
export function InstallPromptProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const offer = useInstallPrompt({
    onAccepted: () => pwaSuccessToast(t('pwa.installing.title'), t('pwa.installing.description')),
    onInstalled: () => pwaSuccessToast(t('pwa.installed.title'), t('pwa.installed.description')),
    onFailed: (error) => {
      console.error('Install prompt failed', error);
      pwaErrorToast(t('pwa.installFailed.title'), t('pwa.installFailed.description'));
    },
  });
  return <InstallOfferContext.Provider value={offer}>{children}</InstallOfferContext.Provider>;
}
