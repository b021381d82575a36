import { dehydrate } from '@tanstack/react-query';
import type { PersistQueryClientOptions } from '@tanstack/react-query-persist-client';

/** As often as the persister writes anyway (its throttle in app-query-client.ts). */
const SAVE_INTERVAL_MS = 1000;
const CHANGES = new Set(['added', 'removed', 'updated']);

/**
 * Saves the cache after it changes, as react-query's `persistQueryClientSubscribe` does, but
 * takes the cache's copy (`dehydrate`) when a save runs rather than on every change. That one
 * copied the whole cache for each change: the working set's refresh makes thousands, and with a
 * cache of a few thousand queries a chunk of 25 records became a 50-100 ms task. The first save
 * runs right after the change that started it (once the current task ends), then at most one a
 * second. Returns the unsubscribe; a save not yet run is dropped with it.
 */
export function persistOnChange({
  queryClient,
  persister,
  buster = '',
  dehydrateOptions,
}: PersistQueryClientOptions): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastSaveAt = Number.NEGATIVE_INFINITY;
  const save = () => {
    timer = undefined;
    lastSaveAt = Date.now();
    void persister.persistClient({
      buster,
      timestamp: lastSaveAt,
      clientState: dehydrate(queryClient, dehydrateOptions),
    });
  };
  const onChange = (event: { type: string }) => {
    if (!CHANGES.has(event.type) || timer !== undefined) return;
    timer = setTimeout(save, Math.max(0, lastSaveAt + SAVE_INTERVAL_MS - Date.now()));
  };
  const unsubscribeQueries = queryClient.getQueryCache().subscribe(onChange);
  const unsubscribeMutations = queryClient.getMutationCache().subscribe(onChange);
  return () => {
    clearTimeout(timer);
    unsubscribeQueries();
    unsubscribeMutations();
  };
}
