import { dehydrate, hydrate, onlineManager, QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { registerMutationDefaults } from '@/lib/resource-factory';
import { fail, ok } from '@/test/msw/envelope';
import { setupMswServer } from '@/test/msw/server';
import { signInTestUser } from '@/test/msw/session';
import { thingResource } from '@/test/test-resource';
import { createTestQueryClient, createTestWrapper } from '@/test/render';
import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import { queuedWrites, queuedWriteState, retryWrite, withWriteDefaults } from './write-queue';

const widgets = thingResource('queued-widgets');

interface Received {
  name: string;
  key: string | null;
}

const received: Received[] = [];
// Names the fake server refuses with a conflict, to show one failure does not block the rest.
const conflicting = new Set<string>();

const server = setupMswServer(
  http.post('/api/queued-widgets', async ({ request }) => {
    const body = (await request.json()) as { name: string };
    received.push({ name: body.name, key: request.headers.get('Idempotency-Key') });
    if (conflicting.has(body.name)) return fail(409, 'Name already exists');
    return ok({ _id: `id-${body.name}`, name: body.name }, 'Created', 201);
  }),
);
void server;

afterEach(() => {
  received.length = 0;
  conflicting.clear();
  onlineManager.setOnline(true);
});

/** Queues `names` offline through the real mutation hook, then hands back the persisted state. */
async function queueOffline(names: string[]) {
  signInTestUser();
  const client = createTestQueryClient();
  onlineManager.setOnline(false);
  const { wrapper } = createTestWrapper({ queryClient: client });
  const { result } = renderHook(() => widgets.useCreate(), { wrapper });
  for (const name of names) {
    act(() => result.current.mutate({ name }));
  }
  await waitFor(() => expect(queuedWrites(client)).toHaveLength(names.length));
  expect(received).toHaveLength(0);
  const state = dehydrate(client);
  client.clear();
  return state;
}

/** A fresh client, as after a reload: defaults first, then the saved queue. */
function restore(state: ReturnType<typeof dehydrate>) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  registerMutationDefaults(client);
  hydrate(client, state);
  return client;
}

describe('offline write queue', () => {
  it('keeps every write across a reload and sends them in order, each once', async () => {
    const state = await queueOffline(['first', 'second', 'third']);
    expect(state.mutations).toHaveLength(3);
    const client = restore(state);
    expect(queuedWrites(client).map(queuedWriteState)).toEqual(['waiting', 'waiting', 'waiting']);

    onlineManager.setOnline(true);
    await client.resumePausedMutations();
    await waitFor(() => expect(queuedWrites(client)).toHaveLength(0));

    expect(received.map((r) => r.name)).toEqual(['first', 'second', 'third']);
    const keys = received.map((r) => r.key);
    expect(new Set(keys).size).toBe(3);
    expect(keys.every((key) => typeof key === 'string' && key.length > 0)).toBe(true);
  });

  it('sends each write with the key it was given when it was made', async () => {
    const state = await queueOffline(['keyed']);
    const savedKey = (state.mutations[0]?.state.variables as { idempotencyKey: string })
      .idempotencyKey;
    const client = restore(state);
    onlineManager.setOnline(true);
    await client.resumePausedMutations();
    await waitFor(() => expect(received).toHaveLength(1));
    expect(received[0]?.key).toBe(savedKey);
  });

  it('a rejected write does not block the ones behind it and keeps its key on retry', async () => {
    conflicting.add('duplicate');
    const state = await queueOffline(['before', 'duplicate', 'after']);
    const client = restore(state);
    onlineManager.setOnline(true);
    await client.resumePausedMutations();
    await waitFor(() =>
      expect(received.map((r) => r.name)).toEqual(['before', 'duplicate', 'after']),
    );
    await waitFor(() => expect(queuedWrites(client)).toHaveLength(1));

    const [failed] = queuedWrites(client);
    if (!failed) throw new Error('the rejected write should stay queued');
    expect(queuedWriteState(failed)).toBe('failed');
    expect(failed.state.error?.message).toBe('Name already exists');

    conflicting.clear();
    await retryWrite(failed);
    await waitFor(() => expect(queuedWrites(client)).toHaveLength(0));
    expect(received).toHaveLength(4);
    expect(received[3]?.key).toBe(received[1]?.key);
  });
});

describe('what counts as waiting to be sent', () => {
  it('a write made online that the server refuses is not listed; one refused after queueing is', async () => {
    signInTestUser();
    conflicting.add('taken');
    const client = createTestQueryClient();
    const { wrapper } = createTestWrapper({ queryClient: client });
    const { result } = renderHook(() => widgets.useCreate(), { wrapper });

    act(() => result.current.mutate({ name: 'taken' }));
    await waitFor(() => expect(received).toHaveLength(1));
    await waitFor(() => expect(result.current.isError).toBe(true));
    // Its form showed the refusal; the header must not say it is still waiting.
    expect(queuedWrites(client)).toHaveLength(0);

    onlineManager.setOnline(false);
    act(() => result.current.mutate({ name: 'taken' }));
    await waitFor(() => expect(queuedWrites(client)).toHaveLength(1));
    onlineManager.setOnline(true);
    await waitFor(() => expect(received).toHaveLength(2));
    // Nobody is looking at a form any more: it stays listed, failed, to retry or discard.
    await waitFor(() => expect(queuedWriteState(queuedWrites(client)[0]!)).toBe('failed'));
    expect(queuedWrites(client)).toHaveLength(1);
  });
});

describe('restoring the saved cache', () => {
  function savedCache(state: ReturnType<typeof dehydrate>): Persister {
    const persisted: PersistedClient = { timestamp: Date.now(), buster: '', clientState: state };
    return {
      persistClient: () => undefined,
      restoreClient: () => Promise.resolve(persisted),
      removeClient: () => undefined,
    };
  }

  it('loads no resource module when nothing is queued', async () => {
    let loads = 0;
    const client = new QueryClient();
    const persister = withWriteDefaults(savedCache(dehydrate(client)), client, () => {
      loads += 1;
      return Promise.resolve();
    });
    await persister.restoreClient();
    expect(loads).toBe(0);
  });

  it('loads the resource modules and sends a queued write with its key after a reload', async () => {
    const state = await queueOffline(['after reload']);
    const savedKey = (state.mutations[0]?.state.variables as { idempotencyKey: string })
      .idempotencyKey;
    let loads = 0;
    const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    const persister = withWriteDefaults(savedCache(state), client, () => {
      loads += 1;
      return Promise.resolve();
    });
    const restored = await persister.restoreClient();
    expect(loads).toBe(1);
    if (!restored) throw new Error('the saved cache should come back');
    hydrate(client, restored.clientState);
    onlineManager.setOnline(true);
    await client.resumePausedMutations();
    await waitFor(() => expect(received).toHaveLength(1));
    expect(received[0]).toEqual({ name: 'after reload', key: savedKey });
  });
});
