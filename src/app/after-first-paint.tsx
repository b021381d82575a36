import { createElement, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useToasterStore } from 'react-hot-toast';
import { startDirtyFormTracking } from '@/lib/pwa/dirty-forms';

const loadPwaManager = () => import('@/components/pwa-manager').then((module) => module.PwaManager);
const loadToaster = () => import('./toaster').then((module) => module.AppToaster);

/**
 * What the component `load` gives renders, once `wanted`; nothing until then. Not `React.lazy`: these render
 * outside the router's error page, so a chunk that fails to load (the network dropped before the
 * service worker had cached it) would take the whole app down. A failed load is asked for again
 * when the browser is back online.
 */
function useLoadedPart(load: () => Promise<ComponentType>, wanted: boolean): ReactNode {
  const [part, setPart] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let current = true;
    const attempt = () => {
      load().then(
        (loaded) => {
          if (current) setPart(() => loaded);
        },
        () => {
          if (current) window.addEventListener('online', attempt, { once: true });
        },
      );
    };
    attempt();
    return () => {
      current = false;
      window.removeEventListener('online', attempt);
    };
  }, [load, wanted]);
  return part ? createElement(part) : null;
}

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
  // Apart, so neither waits for the other's code.
  const pwaManager = useLoadedPart(loadPwaManager, wanted);
  const toaster = useLoadedPart(loadToaster, wanted);
  return (
    <>
      {pwaManager}
      {toaster}
    </>
  );
}
