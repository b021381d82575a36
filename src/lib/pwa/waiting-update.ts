import { useSyncExternalStore } from 'react';

/**
 * The update the service worker has waiting, shared between the app-wide update dialog and the
 * help center's device panel: both offer the same "Update now", which must activate the worker
 * the PWA manager registered. Null when nothing is waiting.
 */
type ApplyUpdate = () => void;

let waiting: ApplyUpdate | null = null;
const listeners = new Set<() => void>();

export function setWaitingUpdate(apply: ApplyUpdate | null) {
  waiting = apply;
  for (const listener of listeners) listener();
}

export function useWaitingUpdate(): ApplyUpdate | null {
  return useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    () => waiting,
    () => null,
  );
}
