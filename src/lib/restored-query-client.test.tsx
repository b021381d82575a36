import { render, screen, waitFor } from '@testing-library/react';
import { dehydrate, QueryClient, useQuery } from '@tanstack/react-query';
import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import { describe, expect, it, vi } from 'vitest';
import {
  RestoredQueryClientProvider,
  revalidateRestoredReads,
  startCacheRestore,
} from './restored-query-client';

const KEY = ['orders', 'analytics', { groupBy: 'month' }] as const;

/** A saved cache holding `value` under KEY, fetched an hour ago. */
function savedCache(value: string): Persister & { saved: PersistedClient[] } {
  const source = new QueryClient();
  source.setQueryData(KEY, value, { updatedAt: Date.now() - 60 * 60 * 1000 });
  const saved: PersistedClient[] = [];
  return {
    saved,
    persistClient: (client) => {
      saved.push(client);
    },
    restoreClient: () =>
      Promise.resolve({ timestamp: Date.now(), buster: '', clientState: dehydrate(source) }),
    removeClient: () => undefined,
  };
}

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

function Figures({ fetch }: { fetch: () => Promise<string> }) {
  const query = useQuery({ queryKey: KEY, queryFn: fetch });
  return <p>{query.data ?? 'loading'}</p>;
}

const newClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 10_000 } } });

/** The restore as the app starts it: the saved cache read back, then its reads asked again. */
function startRevalidatingRestore(client: QueryClient, persister: Persister) {
  return startCacheRestore(client, { persister, buster: '' }, (done) =>
    revalidateRestoredReads(client, done),
  );
}

describe('restoring the saved cache ahead of the first render', () => {
  it('has the saved data in the client before anything renders', async () => {
    const client = newClient();
    const persister = savedCache('saved figures');
    const restore = startCacheRestore(client, { persister, buster: '' }, () => undefined);
    expect(restore.settled).toBe(false);
    await restore.done;
    expect(restore.settled).toBe(true);
    expect(client.getQueryData(KEY)).toBe('saved figures');
  });

  it('shows the saved copy while the network has not answered, then the fresh one', async () => {
    const client = newClient();
    const persister = savedCache('saved figures');
    const restore = startRevalidatingRestore(client, persister);
    const answer = deferred<string>();
    const fetch = vi.fn(() => answer.promise);
    render(
      <RestoredQueryClientProvider client={client} restore={restore} persistOptions={{ persister }}>
        <Figures fetch={fetch} />
      </RestoredQueryClientProvider>,
    );
    expect(await screen.findByText('saved figures')).toBeInTheDocument();
    // Restored reads are revalidated once the restore is over.
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    answer.resolve('fresh figures');
    expect(await screen.findByText('fresh figures')).toBeInTheDocument();
    // And from then on the cache is saved again.
    await waitFor(() => expect(persister.saved.length).toBeGreaterThan(0));
  });

  it('does not ask again for a read fetched while the restore was still running', async () => {
    const client = newClient();
    const persister = savedCache('saved figures');
    const reading = deferred<PersistedClient | undefined>();
    const slowPersister: Persister = { ...persister, restoreClient: () => reading.promise };
    const restore = startRevalidatingRestore(client, slowPersister);
    const fetch = vi.fn(() => Promise.resolve('fresh figures'));
    // The page's request, started with the app, answers before IndexedDB does.
    await client.prefetchQuery({ queryKey: KEY, queryFn: fetch });
    reading.resolve(await persister.restoreClient());
    await restore.done;

    render(
      <RestoredQueryClientProvider
        client={client}
        restore={restore}
        persistOptions={{ persister: slowPersister }}
      >
        <Figures fetch={fetch} />
      </RestoredQueryClientProvider>,
    );
    expect(await screen.findByText('fresh figures')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('sends a read still on its way once, and shows the saved copy until it answers', async () => {
    const client = newClient();
    const persister = savedCache('saved figures');
    const restore = startRevalidatingRestore(client, persister);
    const answer = deferred<string>();
    const fetch = vi.fn(() => answer.promise);
    void client.prefetchQuery({ queryKey: KEY, queryFn: fetch });
    await restore.done;

    render(
      <RestoredQueryClientProvider client={client} restore={restore} persistOptions={{ persister }}>
        <Figures fetch={fetch} />
      </RestoredQueryClientProvider>,
    );
    expect(await screen.findByText('saved figures')).toBeInTheDocument();
    answer.resolve('fresh figures');
    expect(await screen.findByText('fresh figures')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('copies the cache once per save, not once per change, however many records change', async () => {
    const client = newClient();
    const persister = savedCache('saved figures');
    const restore = startCacheRestore(client, { persister, buster: '' }, () => undefined);
    await restore.done;
    render(
      <RestoredQueryClientProvider client={client} restore={restore} persistOptions={{ persister }}>
        <p>page</p>
      </RestoredQueryClientProvider>,
    );
    await screen.findByText('page');
    const saved = persister.saved.length;
    // What the working set's refresh does: many records put in the cache in one go.
    for (let order = 0; order < 100; order += 1) {
      client.setQueryData(['orders', 'detail', `order-${order}`], { _id: `order-${order}` });
    }
    await waitFor(() => expect(persister.saved.length).toBeGreaterThan(saved));
    expect(persister.saved.length).toBe(saved + 1);
    expect(persister.saved.at(-1)?.clientState.queries).toHaveLength(101);
  });
});
