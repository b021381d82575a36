import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import type { PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import {
  CACHE_BUSTER,
  QUERY_CACHE_KEY,
  queryCacheStorage,
  trackLiveQueryClient,
} from '@/lib/query-client';
import { watchConnectivity } from '@/lib/offline/connectivity';
import { serveDetailsFromLists } from '@/lib/offline/details-from-lists';
import { serializeInChunks } from '@/lib/offline/serialize-in-chunks';

export const MAX_QUERY_RETRIES = 3;
const RETRY_BASE_DELAY_MS = 1000;
const RETRY_MAX_DELAY_MS = 30_000;
const PERSIST_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

function statusOf(error: unknown): number | undefined {
  if (typeof error === 'object' && error !== null && 'status' in error) {
    return typeof error.status === 'number' ? error.status : undefined;
  }
  return undefined;
}

/**
 * A client error means the request itself is wrong (bad input, not found, not allowed, signed
 * out): repeating it returns the same answer and only delays the message. Timeouts and rate
 * limits are the exceptions because waiting is exactly what fixes them.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_QUERY_RETRIES) return false;
  const status = statusOf(error);
  if (status !== undefined && status >= 400 && status < 500) {
    return status === 408 || status === 429;
  }
  return true;
}

export function retryDelay(attemptIndex: number): number {
  return Math.min(RETRY_BASE_DELAY_MS * 2 ** attemptIndex, RETRY_MAX_DELAY_MS);
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetryQuery,
        retryDelay,
        staleTime: 10_000,
        // The spec's 5 minutes would evict a list nobody has looked at for a while, and the next
        // persisted snapshot would drop it with it: the tablet could then not show it offline.
        // The persister only keeps what is in memory, so memory must hold a read as long as the
        // disk copy is valid (react-query requires gcTime >= maxAge for persisted queries).
        gcTime: PERSIST_MAX_AGE_MS,
        refetchOnWindowFocus: true,
      },
      mutations: {
        // Resource writes bring their own policy (resource-writes.ts): only a write that got no
        // answer is tried again, from the offline queue, with its idempotency key.
        retry: false,
      },
    },
  });
}

export const queryClient = createQueryClient();
trackLiveQueryClient(queryClient);
// Every record a cached list shows opens offline, whichever list it was read in.
serveDetailsFromLists(queryClient);

// react-query assumes "online" at start and believes the browser's events; a request that gets no
// answer is the better witness (see connectivity.ts).
watchConnectivity();

export const queryPersister = createAsyncStoragePersister({
  storage: queryCacheStorage,
  key: QUERY_CACHE_KEY,
  throttleTime: 1000,
  serialize: serializeInChunks,
});

export const persistOptions: Omit<PersistQueryClientOptions, 'queryClient'> = {
  persister: queryPersister,
  maxAge: PERSIST_MAX_AGE_MS,
  buster: CACHE_BUSTER,
  dehydrateOptions: {
    // Only finished, successful reads are worth showing offline; errors and pending states are not.
    shouldDehydrateQuery: (query) =>
      query.state.status === 'success' && query.meta?.persist !== false,
    // Writes waiting for the network, and queued writes the server refused (e.g. someone else
    // saved the record first): those wait for the user's decision, across reloads too.
    shouldDehydrateMutation: (mutation) =>
      mutation.state.isPaused ||
      (mutation.state.status === 'error' &&
        (mutation.state.variables as { queuedOffline?: unknown } | undefined)?.queuedOffline ===
          true),
  },
};

/**
 * Writes the cache to disk at once, bypassing the persister's one-second throttle. A write queued
 * offline must survive a reload that comes right after it, and a page being closed may never get
 * to the throttled write. Same format as the persister's, so it restores the same way.
 */
async function persistNow(client: QueryClient = queryClient) {
  const persisted = {
    buster: CACHE_BUSTER,
    timestamp: Date.now(),
    clientState: dehydrate(client, persistOptions.dehydrateOptions),
  };
  // In one piece, unlike the persister's: a page being closed gives no turn after a yield.
  await queryCacheStorage.setItem(QUERY_CACHE_KEY, JSON.stringify(persisted));
}

/**
 * Saves immediately whenever a write is queued, paused or refused, and when the page is hidden or
 * left.
 */
export function persistWritesImmediately(client: QueryClient = queryClient) {
  const unsubscribe = client.getMutationCache().subscribe((event) => {
    const queued = event.type === 'added';
    const paused = event.type === 'updated' && event.action.type === 'pause';
    const refused = event.type === 'updated' && event.action.type === 'error';
    if (queued || paused || refused) void persistNow(client);
  });
  const onHidden = () => {
    if (document.visibilityState === 'hidden') void persistNow(client);
  };
  const onPageHide = () => void persistNow(client);
  document.addEventListener('visibilitychange', onHidden);
  window.addEventListener('pagehide', onPageHide);
  return () => {
    unsubscribe();
    document.removeEventListener('visibilitychange', onHidden);
    window.removeEventListener('pagehide', onPageHide);
  };
}
