import { onlineManager } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Paged } from '../../../contract/common.ts';
import { fail, ok } from '@/test/msw/envelope';
import { setupMswServer } from '@/test/msw/server';
import { signInTestUser } from '@/test/msw/session';
import { thingResource, type Thing } from '@/test/test-resource';
import { createTestQueryClient, createTestWrapper } from '@/test/render';
import { isPendingRecord, pendingRecordId } from './pending-records';

const gadgets = thingResource('offline-gadgets');

const conflicting = new Set<string>();
const server = setupMswServer(
  http.post('/api/offline-gadgets', async ({ request }) => {
    const body = (await request.json()) as { name: string };
    if (conflicting.has(body.name)) return fail(409, 'Name already exists');
    return ok({ _id: `id-${body.name}`, name: body.name }, 'Created', 201);
  }),
);
void server;

afterEach(() => {
  conflicting.clear();
  onlineManager.setOnline(true);
});

function page(currentPage: number, data: Thing[]): Paged<Thing> {
  return {
    data,
    totalCount: data.length,
    totalPages: 2,
    currentPage,
    hasNextPage: currentPage === 1,
    hasPrevPage: currentPage > 1,
  };
}

function setup() {
  signInTestUser();
  const client = createTestQueryClient();
  client.setQueryData(gadgets.keys.list({ page: 1 }), page(1, [{ _id: 'g1', name: 'Old' }]));
  client.setQueryData(gadgets.keys.list({ page: 2 }), page(2, [{ _id: 'g2', name: 'Older' }]));
  const { wrapper } = createTestWrapper({ queryClient: client });
  const { result } = renderHook(() => gadgets.useCreate(), { wrapper });
  const firstPage = () => client.getQueryData<Paged<Thing>>(gadgets.keys.list({ page: 1 }));
  const secondPage = () => client.getQueryData<Paged<Thing>>(gadgets.keys.list({ page: 2 }));
  return { client, result, firstPage, secondPage };
}

describe('a create made offline', () => {
  it('is reported as queued at once and listed on the first page as not yet synced', async () => {
    const { result, firstPage, secondPage } = setup();
    onlineManager.setOnline(false);
    const onQueued = vi.fn();
    const onSuccess = vi.fn();
    act(() => result.current.mutate({ name: 'Fresh' }, { onQueued, onSuccess }));

    expect(onQueued).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(firstPage()?.data).toHaveLength(2));
    const [placeholder] = firstPage()?.data ?? [];
    expect(placeholder).toMatchObject({ name: 'Fresh' });
    expect(isPendingRecord(placeholder)).toBe(true);
    expect(placeholder?._id).toBe(
      pendingRecordId((result.current.variables as { idempotencyKey: string }).idempotencyKey),
    );
    expect(firstPage()?.totalCount).toBe(2);
    expect(secondPage()?.data.map((row) => row._id)).toEqual(['g2']);
    expect(result.current.isPaused).toBe(true);
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('does not report a write made online as queued, nor list a placeholder', async () => {
    const { result, firstPage } = setup();
    const onQueued = vi.fn();
    const onSuccess = vi.fn();
    act(() => result.current.mutate({ name: 'Online' }, { onQueued, onSuccess }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    expect(onQueued).not.toHaveBeenCalled();
    expect(firstPage()?.data.some(isPendingRecord) ?? false).toBe(false);
  });

  it('takes its placeholder back out when the replay is refused', async () => {
    const { result, firstPage } = setup();
    conflicting.add('Taken');
    onlineManager.setOnline(false);
    act(() => result.current.mutate({ name: 'Taken' }));
    await waitFor(() => expect(firstPage()?.data.some(isPendingRecord)).toBe(true));

    act(() => onlineManager.setOnline(true));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(firstPage()?.data.map((row) => row._id)).toEqual(['g1']);
    expect(firstPage()?.totalCount).toBe(1);
  });
});
