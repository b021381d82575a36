import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pwaSuccessToast } from '@/lib/pwa/pwa-toasts';
import { registerServiceWorker } from '@/lib/pwa/register-service-worker';
import { setWaitingUpdate } from '@/lib/pwa/waiting-update';

// The dialog's modal (focus trap, scroll lock, floating-ui) is a large part of Mantine; it loads
// only once an update is actually waiting.
const UpdateDialog = lazy(() =>
  import('./update-dialog').then((module) => ({ default: module.UpdateDialog })),
);

/**
 * Installs the service worker and shows what it reports: the update dialog and the "ready to work
 * offline" toast. Registration runs only in a production build, where `/sw.js` exists; the app
 * loads this after its first paint (src/app/after-first-paint.tsx).
 */
export function PwaManager({ register = import.meta.env.PROD }: { register?: boolean }) {
  const { t } = useTranslation();
  const [applyUpdate, setApplyUpdate] = useState<(() => void) | null>(null);
  const [updateOffered, setUpdateOffered] = useState(false);
  // The worker reports once per page load; its toast must still use the current language.
  const translate = useRef(t);
  useEffect(() => {
    translate.current = t;
  });

  useEffect(() => {
    if (!register || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
    return registerServiceWorker({
      onNeedRefresh: (apply) => {
        setUpdateOffered(true);
        setApplyUpdate(() => apply);
        // "Later" closes the dialog but the update stays waiting: the help center still offers it.
        setWaitingUpdate(apply);
      },
      onOfflineReady: () => pwaSuccessToast(translate.current('pwa.offlineReady')),
    });
  }, [register]);

  return (
    <>
      {updateOffered && (
        <Suspense fallback={null}>
          <UpdateDialog
            opened={applyUpdate !== null}
            onLater={() => setApplyUpdate(null)}
            onUpdate={() => {
              applyUpdate?.();
              setApplyUpdate(null);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
