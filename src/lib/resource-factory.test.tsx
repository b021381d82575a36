import { onlineManager, useQuery } from '@tanstack/react-query';
import { act, renderHook, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { createTestQueryClient, createTestWrapper } from '@/test/render';
import { fail, ok } from '@/test/msw/envelope';
import { createMerchantsFake } from '@/test/msw/merchants';
import { setupMswServer } from '@/test/msw/server';
import { signInTestUser } from '@/test/msw/session';
import { registeredWriteKeys } from './resource-writes';
import { thingResource, type Thing } from '@/test/test-resource';

const things = thingResource('things', { related: ['orders'] });

const server = setupMswServer();

describe('query keys and reads', () => {
  it('shapes every key as [resource, verb, params] under the resource prefix', () => {
    expect(things.keys.all).toEqual(['things']);
    expect(things.keys.list({ page: 2 })).toEqual(['things', 'list', { page: 2 }]);
    expect(things.keys.detail('abc')).toEqual(['things', 'detail', 'abc']);
    expect(things.keys.pickList()).toEqual(['things', 'all']);
    expect(things.queries.list({ name: 'a' }).queryKey).toEqual(['things', 'list', { name: 'a' }]);
    expect(things.queries.detail('x').queryKey).toEqual(['things', 'detail', 'x']);
    expect(things.queries.all().queryKey).toEqual(['things', 'all']);
    const active = things.defineRead<Thing>('active', {
      path: () => '/active',
      failure: 'merchants:errors.fetchOne',
    });
    expect(active().queryKey).toEqual(['things', 'active', null]);
  });

  it('lists with the params as query string and reads pick lists from data.data', async () => {
    const fake = createMerchantsFake();
    server.use(...fake.handlers);
    const merchants = thingResource('merchants');
    const { wrapper } = createTestWrapper();
    const { result } = renderHook(
      () => ({
        list: useQuery(merchants.queries.list({ page: 1, limit: 5, name: 'laxmi' })),
        all: useQuery(merchants.queries.all()),
      }),
      { wrapper },
    );
    await waitFor(() =>
      expect(result.current.list.isSuccess && result.current.all.isSuccess).toBe(true),
    );
    expect(result.current.list.data?.data.map((m) => m.name)).toEqual([
      'Laxmi Sarees 2',
      'Laxmi Sarees',
    ]);
    expect(result.current.all.data).toHaveLength(12);
    const listCall = fake.requestsOf('GET').find((r) => r.url.pathname === '/api/merchants');
    expect(Object.fromEntries(listCall!.url.searchParams)).toEqual({
      page: '1',
      limit: '5',
      name: 'laxmi',
    });
  });

  it('turns a 404 into null for reads that allow "none"', async () => {
    server.use(http.get('*/api/things/active', () => fail(404, 'No active thing')));
    const active = things.defineRead<Thing>('active', {
      path: () => '/active',
      failure: 'merchants:errors.fetchOne',
      notFoundAsNull: true,
    });
    const { wrapper } = createTestWrapper();
    const { result } = renderHook(() => useQuery(active()), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toBeNull();
  });
});

describe('mutations', () => {
  it('creates without the fields the server takes from the session, toasts, and refetches the resource and related prefixes', async () => {
    signInTestUser();
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/things', async ({ request }) => {
        bodies.push(await request.json());
        return ok({ _id: 'n1', name: 'New' }, 'Thing created', 201);
      }),
    );
    const queryClient = createTestQueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const { wrapper } = createTestWrapper({ queryClient });
    const { result } = renderHook(() => things.useCreate(), { wrapper });

    await act(() => result.current.mutateAsync({ name: 'New' }));

    expect(bodies).toEqual([{ name: 'New' }]);
    expect(await screen.findByText('Merchant created successfully')).toBeInTheDocument();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['things'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['orders'] });
    // The write added an entry to the audit trail.
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['audit-log'] });
    expect(queryClient.getMutationCache().getAll()[0]?.options.mutationKey).toEqual([
      'things',
      'create',
    ]);
  });

  it('refetches an active list after a successful update', async () => {
    signInTestUser();
    let listCalls = 0;
    server.use(
      http.get('*/api/things', () => {
        listCalls += 1;
        return ok({
          data: [],
          totalCount: 0,
          totalPages: 0,
          currentPage: 1,
          hasNextPage: false,
          hasPrevPage: false,
        });
      }),
      http.put('*/api/things/:id', () => ok({ _id: 't1', name: 'B' })),
    );
    const { wrapper } = createTestWrapper();
    const { result } = renderHook(
      () => ({ list: useQuery(things.queries.list({ page: 1 })), update: things.useUpdate() }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.list.isSuccess).toBe(true));
    expect(listCalls).toBe(1);
    await act(() => result.current.update.mutateAsync({ id: 't1', body: { name: 'B' } }));
    await waitFor(() => expect(listCalls).toBe(2));
    expect(await screen.findByText('Merchant updated successfully')).toBeInTheDocument();
  });

  it('refuses to create without an organization in the session and sends nothing', async () => {
    const seen = vi.fn();
    server.use(http.post('*/api/things', () => (seen(), ok({}))));
    const { wrapper } = createTestWrapper();
    const { result } = renderHook(() => things.useCreate(), { wrapper });

    await act(async () => {
      await expect(result.current.mutateAsync({ name: 'X' })).rejects.toThrow(
        'Organization ID not found in auth state',
      );
    });
    expect(seen).not.toHaveBeenCalled();
    await waitFor(() =>
      expect(result.current.error?.message).toBe('Organization ID not found in auth state'),
    );
    expect(await screen.findByText('Organization ID not found in auth state')).toBeInTheDocument();
  });

  it('words a failure from its code, never the server message, else the translated default', async () => {
    signInTestUser();
    server.use(
      http.delete('*/api/things/used', () =>
        fail(409, 'Thing is used by 3 orders', undefined, 'still_referenced'),
      ),
      http.delete('*/api/things/broken', () => fail(400, '')),
    );
    const { wrapper } = createTestWrapper();
    const { result } = renderHook(() => things.useRemove(), { wrapper });

    await act(() => result.current.mutateAsync('used').catch(() => undefined));
    expect(
      await screen.findByText('This merchant has orders and cannot be deleted'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Thing is used by 3 orders')).not.toBeInTheDocument();
    await act(() => result.current.mutateAsync('broken').catch(() => undefined));
    expect(await screen.findByText('Failed to delete merchant')).toBeInTheDocument();
    await waitFor(() => expect(result.current.isError).toBe(true));
  });

  it('leaves 401 and 500 to the app shell instead of adding its own toast', async () => {
    signInTestUser();
    server.use(http.delete('*/api/things/:id', () => fail(401, 'Session expired')));
    const { wrapper } = createTestWrapper();
    const { result } = renderHook(() => things.useRemove(), { wrapper });
    await act(() => result.current.mutateAsync('t1').catch(() => undefined));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(screen.queryByText('Session expired')).not.toBeInTheDocument();
    expect(screen.queryByText('Failed to delete merchant')).not.toBeInTheDocument();
  });

  it('keeps one Idempotency-Key across retries of one call, and a new one per call', async () => {
    signInTestUser();
    const keys: (string | null)[] = [];
    server.use(
      http.get('*/api/health', () => ok({ status: 'ok' })),
      http.post('*/api/things', ({ request }) => {
        keys.push(request.headers.get('idempotency-key'));
        // The first attempt gets no answer, so it waits for the server and goes again.
        return keys.length === 1 ? HttpResponse.error() : ok({ _id: 'n', name: 'N' }, 'ok', 201);
      }),
    );
    const queryClient = createTestQueryClient();
    const { wrapper } = createTestWrapper({ queryClient });
    const { result } = renderHook(() => things.useCreate(), { wrapper });

    await act(() => result.current.mutateAsync({ name: 'N' }));
    expect(onlineManager.isOnline()).toBe(true);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
    expect(result.current.variables?.idempotencyKey).toBe(keys[0]);

    await act(() => result.current.mutateAsync({ name: 'M' }));
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('sends neither createdBy nor updatedBy, and still needs a signed-in user when the record names its author', async () => {
    signInTestUser();
    const bodies: unknown[] = [];
    server.use(
      http.post(
        '*/api/pay',
        async ({ request }) => (bodies.push(await request.json()), ok({}, 'ok', 201)),
      ),
      http.put('*/api/pay/:id', async ({ request }) => (bodies.push(await request.json()), ok({}))),
    );
    const pay = thingResource('pay', { requireUser: true });
    const { wrapper } = createTestWrapper();
    const { result } = renderHook(() => ({ create: pay.useCreate(), update: pay.useUpdate() }), {
      wrapper,
    });
    await act(() => result.current.create.mutateAsync({ name: 'five' }));
    await act(() =>
      result.current.update.mutateAsync({
        id: 'p1',
        body: { name: 'six', createdBy: 'someone' } as { name: string },
      }),
    );
    expect(bodies).toEqual([{ name: 'five' }, { name: 'six' }]);
  });

  it('runs declared actions with their own key, path and messages', async () => {
    signInTestUser();
    const calls: string[] = [];
    server.use(
      http.patch('*/api/things/:id/set-active', ({ request, params }) => {
        calls.push(`${request.method} ${String(params.id)}`);
        return ok({ _id: String(params.id), name: 'A' });
      }),
    );
    const useSetActive = things.defineAction<string>('set-active', {
      method: 'PATCH',
      path: (id) => `/${id}/set-active`,
      success: 'merchants:toast.updated',
      failure: 'merchants:errors.update',
    });
    const queryClient = createTestQueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const { wrapper } = createTestWrapper({ queryClient });
    const { result } = renderHook(() => useSetActive(), { wrapper });
    await act(() => result.current.mutateAsync('t9'));
    expect(calls).toEqual(['PATCH t9']);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['things'] });
    expect(await screen.findByText('Merchant updated successfully')).toBeInTheDocument();
    expect(registeredWriteKeys()).toContainEqual(['things', 'set-active']);
  });
});
