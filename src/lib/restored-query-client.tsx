import { IsRestoringProvider, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import {
  persistQueryClientRestore,
  type PersistQueryClientOptions,
} from '@tanstack/react-query-persist-client';
import { useEffect, useState, type ReactNode } from 'react';
import { persistOnChange } from '@/lib/persist-on-change';
import { markStartup } from '@/lib/startup-marks';

type PersistOptions = Omit<PersistQueryClientOptions, 'queryClient'>;

export interface CacheRestore {
  /** `Date.now()` when the restore began: reads fetched after it are newer than any saved copy. */
  startedAt: number;
  /** Settles once the saved copy is in the client (or could not be read) and `onRestored` ran. */
  done: Promise<void>;
  settled: boolean;
}

/**
 * Restores the saved cache into `client` at once, without waiting for anything to render, so the
 * first page can show the saved copy as soon as its code is there. `onRestored` runs after a
 * successful restore and before any query is told the restore is over.
 */
export function startCacheRestore(
  client: QueryClient,
  options: PersistOptions,
  onRestored: (restore: CacheRestore) => void,
): CacheRestore {
  const restore: CacheRestore = { startedAt: Date.now(), done: Promise.resolve(), settled: false };
  restore.done = persistQueryClientRestore({ ...options, queryClient: client })
    .then(
      () => onRestored(restore),
      // The persister has discarded an unreadable copy; the app starts without one.
      () => undefined,
    )
    .catch((error: unknown) => {
      console.warn('Could not revalidate the restored data', error);
    })
    .finally(() => {
      restore.settled = true;
      markStartup('cache-restored');
    });
  return restore;
}

/**
 * After a restore: a restored snapshot keeps its original fetch time, and the last write before a
 * reload may have been throttled away, so every read restored from it is revalidated. A read
 * fetched since the restore began is newer than the snapshot and is left alone, and one still on
 * its way is not sent a second time.
 */
export function revalidateRestoredReads(client: QueryClient, restore: CacheRestore) {
  void client.invalidateQueries(
    { predicate: (query) => query.state.dataUpdatedAt < restore.startedAt },
    { cancelRefetch: false },
  );
}

/**
 * `PersistQueryClientProvider` with the restore started beforehand (`startCacheRestore`): queries
 * wait for it like they would for the provider's own, and the cache is saved from then on.
 */
export function RestoredQueryClientProvider({
  client,
  restore,
  persistOptions,
  children,
}: {
  client: QueryClient;
  restore: CacheRestore;
  persistOptions: PersistOptions;
  children: ReactNode;
}) {
  const [isRestoring, setIsRestoring] = useState(() => !restore.settled);
  useEffect(() => {
    if (!isRestoring) return;
    let mounted = true;
    void restore.done.then(() => {
      if (mounted) setIsRestoring(false);
    });
    return () => {
      mounted = false;
    };
  }, [isRestoring, restore]);
  useEffect(
    () => (isRestoring ? undefined : persistOnChange({ ...persistOptions, queryClient: client })),
    [client, isRestoring, persistOptions],
  );
  return (
    <QueryClientProvider client={client}>
      <IsRestoringProvider value={isRestoring}>{children}</IsRestoringProvider>
    </QueryClientProvider>
  );
}
