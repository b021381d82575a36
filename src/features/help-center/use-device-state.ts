import { useEffect, useState } from 'react';

export type WorkerState = 'unsupported' | 'none' | 'installing' | 'ready' | 'waitingReload';

/** Whether this page can open without a network: what its service worker is doing. */
export async function readWorkerState(
  container: ServiceWorkerContainer | undefined = typeof navigator === 'undefined'
    ? undefined
    : navigator.serviceWorker,
): Promise<WorkerState> {
  if (!container) return 'unsupported';
  const registration = await container.getRegistration();
  if (!registration) return 'none';
  if (registration.active) return container.controller ? 'ready' : 'waitingReload';
  return 'installing';
}

export function useWorkerState(): WorkerState | undefined {
  const [state, setState] = useState<WorkerState>();
  useEffect(() => {
    let current = true;
    const container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
    const refresh = () => {
      readWorkerState(container).then(
        (next) => current && setState(next),
        () => current && setState('none'),
      );
    };
    refresh();
    container?.addEventListener('controllerchange', refresh);
    // An installing worker reports its progress on itself, not on the container.
    let watched: ServiceWorker | null = null;
    void container?.getRegistration().then((registration) => {
      if (!current || !registration) return;
      registration.addEventListener('updatefound', refresh);
      watched = registration.installing;
      watched?.addEventListener('statechange', refresh);
    });
    return () => {
      current = false;
      container?.removeEventListener('controllerchange', refresh);
      watched?.removeEventListener('statechange', refresh);
    };
  }, []);
  return state;
}

export interface StorageUse {
  usage: number;
  quota: number;
}

function storageManager(): StorageManager | undefined {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  return typeof storage?.estimate === 'function' ? storage : undefined;
}

/**
 * What this origin stores (caches, IndexedDB, ...), as the browser estimates it: undefined while
 * asking, null when the browser does not say.
 */
export function useStorageUse(): StorageUse | null | undefined {
  const [use, setUse] = useState<StorageUse | null | undefined>(() =>
    storageManager() ? undefined : null,
  );
  useEffect(() => {
    let current = true;
    storageManager()
      ?.estimate()
      .then(
        ({ usage, quota }) =>
          current && setUse(usage === undefined || quota === undefined ? null : { usage, quota }),
        () => current && setUse(null),
      );
    return () => {
      current = false;
    };
  }, []);
  return use;
}

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/** 1536 → "1.5 kB" in the reader's locale; bytes count in thousands, as storage is sold. */
export function formatBytes(bytes: number, locale: string): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: UNITS[unit],
    unitDisplay: 'short',
    maximumFractionDigits: value < 10 && unit > 0 ? 1 : 0,
  }).format(value);
}
