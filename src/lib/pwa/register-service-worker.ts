import { Workbox } from 'workbox-window';
import { whenNoDirtyForm } from './dirty-forms';

const SERVICE_WORKER_URL = '/sw.js';
const SERVICE_WORKER_SCOPE = '/';
// An installed app may stay open for days on a workshop tablet; look for a new build now and then.
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

export interface ServiceWorkerHandlers {
  /** A new version is installed and waiting; `applyUpdate` activates it and reloads. */
  onNeedRefresh: (applyUpdate: () => void) => void;
  /** The first worker is installed: the app now opens without a network. */
  onOfflineReady: () => void;
  reload?: () => void;
}

type WorkboxLike = Pick<Workbox, 'addEventListener' | 'register' | 'messageSkipWaiting' | 'update'>;

/**
 * Registers `/sw.js` (prompt mode: a new worker waits until the user agrees). A worker that takes
 * control as an update or from another tab reloads the page so the code matches the cached
 * assets, but never over a half-filled form unless the user chose "Update Now".
 */
export function registerServiceWorker(
  handlers: ServiceWorkerHandlers,
  createWorkbox: () => WorkboxLike = () =>
    new Workbox(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE }),
): () => void {
  const reload = handlers.reload ?? (() => window.location.reload());
  const workbox = createWorkbox();
  let userAskedForUpdate = false;
  let reloading = false;
  let cancelPendingReload = () => {};

  const reloadOnce = () => {
    if (reloading) return;
    reloading = true;
    reload();
  };

  workbox.addEventListener('waiting', () => {
    handlers.onNeedRefresh(() => {
      userAskedForUpdate = true;
      workbox.messageSkipWaiting();
    });
  });

  workbox.addEventListener('controlling', (event) => {
    if (!event.isUpdate && !event.isExternal) return;
    if (userAskedForUpdate) {
      reloadOnce();
      return;
    }
    cancelPendingReload();
    cancelPendingReload = whenNoDirtyForm(reloadOnce);
  });

  workbox.addEventListener('installed', (event) => {
    if (!event.isUpdate && !event.isExternal) handlers.onOfflineReady();
  });

  workbox.register().catch((error: unknown) => {
    console.error('Service worker registration failed', error);
  });

  const updateTimer = setInterval(() => {
    workbox.update().catch((error: unknown) => {
      console.warn('Service worker update check failed', error);
    });
  }, UPDATE_CHECK_INTERVAL_MS);

  return () => {
    clearInterval(updateTimer);
    cancelPendingReload();
  };
}
