import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { Paged } from '../../../contract/common.ts';

/**
 * Marks a row that exists only on this device: created offline and not yet accepted by the
 * server. Such a row has no server id, so nothing may edit, delete or link to it.
 */
const PENDING_SYNC_FIELD = '_pendingSync';

/**
 * Marks a record the server holds that shows a change made on this device and not yet sent (an
 * edit, work logged on a card, a payment on a bill). Unlike a pending record it has a server id.
 */
export const PENDING_CHANGE_FIELD = '_pendingChange';

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

export function hasPendingChange(row: unknown): boolean {
  return (
    typeof row === 'object' &&
    row !== null &&
    (row as Record<string, unknown>)[PENDING_CHANGE_FIELD] === true
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

type CachedRecord = Record<string, unknown> & { _id: string };

function isRecordWithId(value: unknown, id: string): value is CachedRecord {
  return typeof value === 'object' && value !== null && (value as { _id?: unknown })._id === id;
}

/**
 * Applies `change` to the record with this id wherever the resource's reads hold it: a page of
 * a list, a pick list, a report's rows or the record read alone.
 */
export function patchCachedRecords<T extends object>(
  client: QueryClient,
  prefix: QueryKey,
  id: string,
  change: (record: T) => T,
) {
  const patch = (value: unknown): unknown =>
    isRecordWithId(value, id) ? change(value as T) : value;
  client.setQueriesData({ queryKey: prefix }, (old: unknown) => {
    if (isPaged(old)) return { ...old, data: old.data.map(patch) };
    if (Array.isArray(old)) return old.map(patch);
    return patch(old);
  });
}

/** Every record of these reads in the cache, each once (lists, pick lists and single reads). */
export function cachedRecords<T>(client: QueryClient, prefix: QueryKey): T[] {
  const byId = new Map<string, T>();
  const collect = (value: unknown) => {
    if (
      typeof value === 'object' &&
      value !== null &&
      typeof (value as { _id?: unknown })._id === 'string'
    ) {
      const record = value as CachedRecord;
      if (!byId.has(record._id)) byId.set(record._id, value as T);
    }
  };
  for (const query of client.getQueryCache().findAll({ queryKey: prefix })) {
    const data = query.state.data;
    if (isPaged(data)) data.data.forEach(collect);
    else if (Array.isArray(data)) data.forEach(collect);
    else collect(data);
  }
  return [...byId.values()];
}

// Deep enough for a record inside a page inside a list (an order's merchant, a line's design).
const SEARCH_DEPTH = 4;

function findWithin(value: unknown, id: string, depth: number): CachedRecord | undefined {
  if (typeof value !== 'object' || value === null || depth < 0) return undefined;
  if (isRecordWithId(value, id)) return value;
  const children = Array.isArray(value) ? value : Object.values(value);
  for (const child of children) {
    const found = findWithin(child, id, depth - 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * A record with this id wherever the cache holds it: its own resource's reads first, then any
 * read that embeds it (an order carries its merchant's name). What a record made offline shows
 * of the records it points to.
 */
export function findCachedRecord<T extends object>(
  client: QueryClient,
  id: string,
  ownPrefix?: QueryKey,
): T | undefined {
  const own = ownPrefix ? client.getQueryCache().findAll({ queryKey: ownPrefix }) : [];
  for (const query of [...own, ...client.getQueryCache().getAll()]) {
    const found = findWithin(query.state.data, id, SEARCH_DEPTH);
    if (found) return found as T;
  }
  return undefined;
}
