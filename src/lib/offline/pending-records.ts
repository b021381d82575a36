import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { Paged } from '../../../contract/common.ts';

/**
 * Marks a row that exists only on this device: created offline and not yet accepted by the
 * server. Such a row has no server id, so nothing may edit, delete or link to it.
 */
export const PENDING_SYNC_FIELD = '_pendingSync';

const PENDING_ID_PREFIX = 'pending-';

/** The temporary id of a record created offline; derived from the write's idempotency key. */
export function pendingRecordId(idempotencyKey: string) {
  return `${PENDING_ID_PREFIX}${idempotencyKey}`;
}

export function isPendingRecord(row: unknown): boolean {
  return (
    typeof row === 'object' &&
    row !== null &&
    (row as Record<string, unknown>)[PENDING_SYNC_FIELD] === true
  );
}

function isPaged(value: unknown): value is Paged<unknown> {
  return (
    typeof value === 'object' && value !== null && Array.isArray((value as Paged<unknown>).data)
  );
}

// A new record belongs at the top of the first page (lists default to newest first); deeper
// pages would show it out of place.
function isFirstPage(queryKey: QueryKey) {
  const params = queryKey[2];
  if (typeof params !== 'object' || params === null) return true;
  const page = (params as { page?: unknown }).page;
  return page === undefined || Number(page) === 1;
}

/**
 * Puts a record the server has not seen yet at the top of every cached first page of the
 * resource's lists, so a user working offline sees the entry they just made.
 */
export function addPendingRecord(
  client: QueryClient,
  listPrefix: QueryKey,
  idempotencyKey: string,
  input: object,
) {
  const now = new Date().toISOString();
  const record = {
    createdAt: now,
    updatedAt: now,
    ...input,
    _id: pendingRecordId(idempotencyKey),
    [PENDING_SYNC_FIELD]: true,
  };
  for (const query of client.getQueryCache().findAll({ queryKey: listPrefix })) {
    if (!isFirstPage(query.queryKey)) continue;
    client.setQueryData(query.queryKey, (old: unknown) =>
      isPaged(old) ? { ...old, data: [record, ...old.data], totalCount: old.totalCount + 1 } : old,
    );
  }
}

/** Takes a record created offline back out of the cached lists (its write failed or was dropped). */
export function removePendingRecord(
  client: QueryClient,
  listPrefix: QueryKey,
  idempotencyKey: string,
) {
  const id = pendingRecordId(idempotencyKey);
  client.setQueriesData({ queryKey: listPrefix }, (old: unknown) => {
    if (!isPaged(old)) return old;
    const data = old.data.filter((row) => (row as { _id?: unknown })._id !== id);
    return data.length === old.data.length
      ? old
      : { ...old, data, totalCount: Math.max(0, old.totalCount - 1) };
  });
}
