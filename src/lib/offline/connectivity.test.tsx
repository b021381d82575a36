import { onlineManager } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { Paged } from '../../../contract/common.ts';
import { apiRequest } from '@/lib/api-client';
import { ok } from '@/test/msw/envelope';
import { setupMswServer } from '@/test/msw/server';
import { signInTestUser } from '@/test/msw/session';
import { thingResource, type Thing } from '@/test/test-resource';
import { createTestQueryClient, createTestWrapper } from '@/test/render';
import { probeNow, watchConnectivity } from './connectivity';
import { isPendingRecord } from './pending-records';
import { queuedWrites } from './write-queue';

const widgets = thingResource('reachability-widgets');

let serverReachable = true;
const receivedKeys: string[] = [];
const server = setupMswServer(
  http.get('/api/health', () =>
    serverReachable ? ok({ status: 'ok', database: 'ok', version: 'test' }) : HttpResponse.error(),
  ),
  http.get('/api/reachability-widgets', () =>
    serverReachable ? ok(emptyPage()) : HttpResponse.error(),
  ),
  http.post('/api/reachability-widgets', async ({ request }) => {
    receivedKeys.push(request.headers.get('Idempotency-Key') ?? '');
    if (!serverReachable) return HttpResponse.error();
    const body = (await request.json()) as { name: string };
    return ok({ _id: `id-${body.name}`, name: body.name }, 'Created', 201);
  }),
);
void server;

function emptyPage(): Paged<Thing> {
  return {
    data: [],
    totalCount: 0,
    totalPages: 1,
    currentPage: 1,
    hasNextPage: false,
    hasPrevPage: false,
  };
}

describe('reachability', () => {
  it('goes offline when a request gets no answer, although the browser says online', async () => {
    serverReachable = false;
    expect(navigator.onLine).toBe(true);
    await expect(apiRequest('GET', '/reachability-widgets')).rejects.toMatchObject({
      kind: 'network',
    });
    expect(onlineManager.isOnline()).toBe(false);

    expect(await probeNow()).toBe(false);
    expect(onlineManager.isOnline()).toBe(false);

    serverReachable = true;
    expect(await probeNow()).toBe(true);
    expect(onlineManager.isOnline()).toBe(true);
  });

  it('probes by itself while offline and comes back when the server answers', async () => {
    serverReachable = false;
    await expect(apiRequest('GET', '/reachability-widgets')).rejects.toBeDefined();
    expect(onlineManager.isOnline()).toBe(false);
    serverReachable = true;
    await waitFor(() => expect(onlineManager.isOnline()).toBe(true), { timeout: 5000 });
  });

  it('keeps the browser "offline" event as an immediate signal', () => {
    watchConnectivity();
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(onlineManager.isOnline()).toBe(false);
  });
});

describe('a write sent online that gets no answer', () => {
  it('is queued like an offline write and sent once, with the same key, when the server is back', async () => {
    receivedKeys.length = 0;
    signInTestUser();
    const client = createTestQueryClient();
    client.setQueryData(widgets.keys.list({ page: 1 }), emptyPage());
    const { wrapper } = createTestWrapper({ queryClient: client });
    const { result } = renderHook(() => widgets.useCreate(), { wrapper });

    serverReachable = false;
    const onQueued = vi.fn();
    const onSuccess = vi.fn();
    act(() => result.current.mutate({ name: 'Lost' }, { onQueued, onSuccess }));

    await waitFor(() => expect(onQueued).toHaveBeenCalledTimes(1));
    expect(onlineManager.isOnline()).toBe(false);
    expect(result.current.isPaused).toBe(true);
    const listed = client.getQueryData<Paged<Thing>>(widgets.keys.list({ page: 1 }))?.data ?? [];
    expect(listed.filter(isPendingRecord)).toMatchObject([{ name: 'Lost' }]);
    // Listed as waiting (and kept so after a refusal), like a write made offline.
    expect(queuedWrites(client)).toHaveLength(1);
    expect(result.current.variables).toMatchObject({ queuedOffline: true });

    serverReachable = true;
    await waitFor(() => expect(result.current.isSuccess).toBe(true), { timeout: 5000 });
    expect(receivedKeys).toHaveLength(2);
    expect(new Set(receivedKeys).size).toBe(1);
    expect(queuedWrites(client)).toHaveLength(0);
  });
});
