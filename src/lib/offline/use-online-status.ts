import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { queuedWrites, type QueuedWrite } from './write-queue';

/** react-query's own view of the network, the same one that pauses and resumes requests. */
export function useIsOnline(): boolean {
  return useSyncExternalStore(
    (onChange) => onlineManager.subscribe(onChange),
    () => onlineManager.isOnline(),
    () => true,
  );
}

/**
 * When the oldest data on screen was fetched: what "showing data from" must admit to. Undefined
 * when nothing on screen came from the cache.
 */
export function useShownDataTime(): number | undefined {
  const client = useQueryClient();
  const read = useCallback(() => {
    let oldest: number | undefined;
    for (const query of client.getQueryCache().getAll()) {
      if (query.getObserversCount() === 0 || query.state.dataUpdatedAt === 0) continue;
      oldest = Math.min(oldest ?? Infinity, query.state.dataUpdatedAt);
    }
    return oldest;
  }, [client]);
  return useSyncExternalStore((onChange) => client.getQueryCache().subscribe(onChange), read, read);
}

export function useQueuedWrites(): QueuedWrite[] {
  const client = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) => client.getMutationCache().subscribe(onChange),
    [client],
  );
  // useSyncExternalStore needs a stable snapshot; the joined ids and states change exactly when
  // the list a reader sees changes.
  const signature = useSyncExternalStore(
    subscribe,
    () =>
      queuedWrites(client)
        .map((m) => `${m.mutationId}:${m.state.status}:${String(m.state.isPaused)}`)
        .join('|'),
    () => '',
  );
  // eslint-disable-next-line react-hooks/exhaustive-deps -- recomputed when the signature changes
  return useMemo(() => queuedWrites(client), [client, signature]);
}
