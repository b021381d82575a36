import { dehydrate, onlineManager, QueryClient } from '@tanstack/react-query';
import { createStore, set } from 'idb-keyval';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import {
  MAX_QUERY_RETRIES,
  createQueryClient,
  persistOptions,
  persistWritesImmediately,
  queryPersister,
  retryDelay,
  shouldRetryQuery,
} from './app-query-client';
import { QUERY_CACHE_KEY, queryCacheStorage, wipeQueryCache } from './query-client';

const httpError = (status: number) => new ApiError('failed', { status, kind: 'http' });

describe('query client policy', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each([400, 401, 403, 404, 409, 422])('never retries a %i', (status) => {
    expect(shouldRetryQuery(0, httpError(status))).toBe(false);
  });

  it.each([408, 429, 500, 502, 503])('retries a %i', (status) => {
    expect(shouldRetryQuery(0, httpError(status))).toBe(true);
  });

  it('retries network failures at most three times', () => {
    const offline = new ApiError('offline', { status: 0, kind: 'network' });
    expect(shouldRetryQuery(MAX_QUERY_RETRIES - 1, offline)).toBe(true);
    expect(shouldRetryQuery(MAX_QUERY_RETRIES, offline)).toBe(false);
    expect(shouldRetryQuery(0, new TypeError('Failed to fetch'))).toBe(true);
  });

  it('doubles the delay from one second up to thirty', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
  });

  it('uses the spec defaults, keeping reads in memory as long as the offline copy lasts', () => {
    const queries = createQueryClient().getDefaultOptions().queries;
    expect(queries).toMatchObject({
      staleTime: 10_000,
      gcTime: persistOptions.maxAge,
      refetchOnWindowFocus: true,
    });
  });
});

describe('persisted cache', () => {
  afterEach(() => vi.restoreAllMocks());

  it('saves to and reads back from IndexedDB', async () => {
    await queryCacheStorage.setItem('probe', 'value');
    expect(await queryCacheStorage.getItem('probe')).toBe('value');
    await queryCacheStorage.removeItem('probe');
    expect(await queryCacheStorage.getItem('probe')).toBeNull();
  });

  it('saves a large cache a slice at a time, giving the main thread back between slices', async () => {
    const client = new QueryClient();
    for (let order = 0; order < 200; order += 1) {
      client.setQueryData(['orders', 'detail', `order-${order}`], { _id: `order-${order}` });
    }
    const persisted = {
      timestamp: 1,
      buster: 'test',
      clientState: dehydrate(client),
    };
    // Each query takes 3 ms to write here, as a large working set's would on a slow tablet.
    let now = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => (now += 3));
    const yieldToBrowser = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yieldToBrowser });
    try {
      await queryPersister.persistClient(persisted);
    } finally {
      vi.unstubAllGlobals();
    }

    expect(yieldToBrowser.mock.calls.length).toBeGreaterThanOrEqual(50);
    expect(await queryCacheStorage.getItem(QUERY_CACHE_KEY)).toBe(JSON.stringify(persisted));
  });

  it('wipes memory and disk when the session ends', async () => {
    const client = new QueryClient();
    client.setQueryData(['merchants', 'list', {}], { data: [] });
    await queryPersister.persistClient({
      timestamp: Date.now(),
      buster: 'test',
      clientState: { queries: [], mutations: [] },
    });
    expect(await queryPersister.restoreClient()).toBeDefined();

    await wipeQueryCache(client);
    expect(client.getQueryData(['merchants', 'list', {}])).toBeUndefined();
    expect(await queryPersister.restoreClient()).toBeUndefined();
  });

  it('wipes the disk copy on a page that never loaded the query client', async () => {
    await queryPersister.persistClient({
      timestamp: Date.now(),
      buster: 'test',
      clientState: { queries: [], mutations: [] },
    });
    vi.resetModules();
    const signedOutPage = await import('./query-client');
    await signedOutPage.wipeQueryCache();
    expect(await queryPersister.restoreClient()).toBeUndefined();
  });

  it('hands the copy read ahead at start-up to the restore, unless it was replaced since', async () => {
    vi.resetModules();
    const fresh = await import('./query-client');
    await fresh.queryCacheStorage.setItem('react-query', 'saved before the reload');
    fresh.readQueryCacheAhead();
    // Written behind the storage's back: only the read started above can still see the old copy.
    await set('react-query', 'written later', createStore('karkhana', 'query-cache'));
    expect(await fresh.queryCacheStorage.getItem('react-query')).toBe('saved before the reload');
    expect(await fresh.queryCacheStorage.getItem('react-query')).toBe('written later');

    fresh.readQueryCacheAhead();
    await fresh.queryCacheStorage.setItem('react-query', 'saved after the start');
    expect(await fresh.queryCacheStorage.getItem('react-query')).toBe('saved after the start');
    await fresh.queryCacheStorage.removeItem('react-query');
  });

  it('starts without the cached copy when IndexedDB never answers', async () => {
    // A database that never opens: neither success nor error ever fires.
    vi.spyOn(indexedDB, 'open').mockImplementation(() => ({}) as IDBOpenDBRequest);
    vi.resetModules();
    const fresh = await import('./query-client');
    vi.useFakeTimers();
    try {
      const read = fresh.queryCacheStorage.getItem('anything');
      await vi.advanceTimersByTimeAsync(5000);
      await expect(read).resolves.toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('saves a write queued offline at once, without waiting for the throttled save', async () => {
    const client = createQueryClient();
    const stop = persistWritesImmediately(client);
    onlineManager.setOnline(false);
    try {
      await queryCacheStorage.removeItem('react-query');
      const mutation = client.getMutationCache().build(client, {
        mutationKey: ['merchants', 'create'],
        mutationFn: () => Promise.resolve('sent'),
      });
      void mutation.execute({ name: 'Queued offline' });
      await vi.waitFor(
        async () => {
          const saved = await queryCacheStorage.getItem('react-query');
          expect(saved).not.toBeNull();
          const state = JSON.parse(saved!) as {
            clientState: { mutations: { state: { variables: unknown } }[] };
          };
          expect(state.clientState.mutations.map((m) => m.state.variables)).toEqual([
            { name: 'Queued offline' },
          ]);
        },
        // Well inside the persister's one-second throttle.
        { timeout: 400 },
      );
    } finally {
      stop();
      onlineManager.setOnline(true);
    }
  });
});
