import { lazy, Suspense, useEffect, useState } from 'react';
import { useToasterStore } from 'react-hot-toast';
import { startDirtyFormTracking } from '@/lib/pwa/dirty-forms';

const PwaManager = lazy(() =>
  import('@/components/pwa-manager').then((module) => ({ default: module.PwaManager })),
);
const AppToaster = lazy(() => import('./toaster').then((module) => ({ default: module.AppToaster })));

// Past this the browser is never idle enough (a busy tablet): load them anyway.
const IDLE_TIMEOUT_MS = 2000;

/** Runs `callback` once the browser is idle; Safari has no `requestIdleCallback`. */
function whenIdle(callback: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(callback, 0);
  return () => window.clearTimeout(handle);
}

/**
 * The service worker's registration (with workbox-window) and the toaster, which no first page
 * shows: loaded once the browser is idle after the first paint, so they are not part of any
 * page's first load. A toast raised earlier waits in react-hot-toast's store, which the toaster
 * reads when it mounts; it loads at once then, since the toast's time runs from when it was raised.
 */
export function AfterFirstPaint() {
  const [wanted, setWanted] = useState(false);
  const toastRaised = useToasterStore().toasts.length > 0;
  // Kept once loaded: the toaster must not go with its last toast while the browser is busy.
  if (toastRaised && !wanted) setWanted(true);
  useEffect(() => {
    // From the first paint on: a reload the user did not ask for must not lose what they type.
    startDirtyFormTracking();
    return whenIdle(() => setWanted(true));
  }, []);
  if (!wanted) return null;
  // Apart, so neither waits for the other's code.
  return (
    <>
      <Suspense fallback={null}>
        <PwaManager />
      </Suspense>
      <Suspense fallback={null}>
        <AppToaster />
      </Suspense>
    </>
  );
}
