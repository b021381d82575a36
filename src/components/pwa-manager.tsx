import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { startDirtyFormTracking } from '@/lib/pwa/dirty-forms';
import { pwaSuccessToast } from '@/lib/pwa/pwa-toasts';
import { registerServiceWorker } from '@/lib/pwa/register-service-worker';
import { InstallPromptCard } from './install-prompt-card';
import { UpdateDialog } from './update-dialog';

/**
 * Installs the service worker and shows what it reports: the update dialog, the "ready to work
 * offline" toast and the install card. Registration runs only in a production build, where
 * `/sw.js` exists.
 */
export function PwaManager({ register = import.meta.env.PROD }: { register?: boolean }) {
  const { t } = useTranslation();
  const [applyUpdate, setApplyUpdate] = useState<(() => void) | null>(null);
  // The worker reports once per page load; its toast must still use the current language.
  const translate = useRef(t);
  useEffect(() => {
    translate.current = t;
  });

  useEffect(() => {
    startDirtyFormTracking();
    if (!register || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
    return registerServiceWorker({
      onNeedRefresh: (apply) => setApplyUpdate(() => apply),
      onOfflineReady: () => pwaSuccessToast(translate.current('pwa.offlineReady')),
    });
  }, [register]);

  return (
    <>
      <InstallPromptCard />
      <UpdateDialog
        opened={applyUpdate !== null}
        onLater={() => setApplyUpdate(null)}
        onUpdate={() => {
          applyUpdate?.();
          setApplyUpdate(null);
        }}
      />
    </>
  );
}
