import type { QueryClient } from '@tanstack/react-query';
import { createStore, del, get, set } from 'idb-keyval';
import { isSampleTab } from '@/lib/sample-tab';
import { markStartup } from '@/lib/startup-marks';

// Kept apart from the query client itself (src/lib/app-query-client.ts): signed-out pages end a
// session too (an expired token answers 401), and must be able to wipe the cache without loading
// the query library.

// IndexedDB can hang instead of failing (blocked upgrade, some private modes); the app must
// start without the cached copy rather than wait on it forever.
const IDB_READ_TIMEOUT_MS = 3000;

/** Bumped when the shape of cached data changes, so an old copy is thrown away on load. */
const CACHE_SCHEMA_VERSION = '1';
export const CACHE_BUSTER = `${import.meta.env.VITE_APP_VERSION ?? 'dev'}:${CACHE_SCHEMA_VERSION}`;
export const QUERY_CACHE_KEY = 'react-query';

// A sample workshop's tab keeps its data in memory only: the saved copy is the books' of the
// other tabs, which it must neither show, overwrite nor wipe.
const cacheStore =
  typeof indexedDB === 'undefined' || isSampleTab()
    ? undefined
    : createStore('karkhana', 'query-cache');

function withTimeout<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(fallback), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      () => {
        clearTimeout(timer);
        resolve(fallback);
      },
    );
  });
}

function readStored(key: string): Promise<string | null> {
  return cacheStore
    ? withTimeout(
        get<string>(key, cacheStore).then((value) => value ?? null),
        IDB_READ_TIMEOUT_MS,
        null,
      )
    : Promise.resolve(null);
}

// The saved copy, read ahead while the signed-in app's code is still loading; handed to the first
// restore, and forgotten as soon as the stored copy changes.
let earlyRead: Promise<string | null> | undefined;

/**
 * Starts reading the saved cache now, so that restoring it later does not wait for IndexedDB.
 * Called at start-up when someone is signed in.
 */
export function readQueryCacheAhead() {
  earlyRead ??= readStored(QUERY_CACHE_KEY).then((value) => {
    markStartup('cache-read');
    return value;
  });
}

export const queryCacheStorage = {
  getItem: (key: string): Promise<string | null> => {
    if (key === QUERY_CACHE_KEY && earlyRead) {
      const read = earlyRead;
      earlyRead = undefined;
      return read;
    }
    return readStored(key);
  },
  setItem: async (key: string, value: string) => {
    if (key === QUERY_CACHE_KEY) earlyRead = undefined;
    if (!cacheStore) return;
    try {
      await set(key, value, cacheStore);
    } catch (error) {
      console.warn('Could not save the offline copy of the data', error);
    }
  },
  removeItem: async (key: string) => {
    if (key === QUERY_CACHE_KEY) earlyRead = undefined;
    if (!cacheStore) return;
    try {
      await del(key, cacheStore);
    } catch (error) {
      console.warn('Could not remove the offline copy of the data', error);
    }
  },
};

let liveClient: QueryClient | undefined;

/** The app's query client announces itself here once it has been loaded in this page. */
export function trackLiveQueryClient(client: QueryClient) {
  liveClient = client;
}

/** Forgets every cached record, in memory (when the client is loaded) and on disk. */
export async function wipeQueryCache(client: QueryClient | undefined = liveClient) {
  if (client) {
    await client.cancelQueries();
    client.clear();
  }
  await queryCacheStorage.removeItem(QUERY_CACHE_KEY);
}
