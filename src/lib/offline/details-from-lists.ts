import type { Query, QueryClient } from '@tanstack/react-query';
import type { Paged } from '../../../contract/common.ts';

/*
 * A record a cached list shows opens offline: a record's own read (`[resource, 'detail', id]`,
 * the resource factory's key) that has nothing yet starts from the row of that record in the
 * newest cached page or pick list of the same resource, as if it had been read then. Online it
 * is read again at once (it is as old as that list); offline the page has what the list showed.
 * One rule for every resource, so no page has to know which lists hold its record.
 */

interface FoundRow {
  record: object;
  updatedAt: number;
}

function rowsOf(data: unknown): readonly unknown[] {
  if (Array.isArray(data)) return data;
  const page = data as Partial<Paged<unknown>> | undefined;
  return Array.isArray(page?.data) ? page.data : [];
}

function hasId(row: unknown, id: string): row is object {
  return typeof row === 'object' && row !== null && (row as { _id?: unknown })._id === id;
}

/** The row with this id in the newest successful list or pick list of `resource`. */
function newestListRow(
  client: QueryClient,
  resource: string,
  id: string,
): FoundRow | undefined {
  let found: FoundRow | undefined;
  for (const query of client.getQueryCache().findAll({ queryKey: [resource] })) {
    const verb = query.queryKey[1];
    if (verb !== 'list' && verb !== 'all') continue;
    if (found && query.state.dataUpdatedAt <= found.updatedAt) continue;
    const row = rowsOf(query.state.data).find((candidate) => hasId(candidate, id));
    if (row) found = { record: row, updatedAt: query.state.dataUpdatedAt };
  }
  return found;
}

/**
 * Starts every new, empty record read of `client` from a cached list row. Returns the
 * unsubscribe function.
 */
export function serveDetailsFromLists(client: QueryClient): () => void {
  return client.getQueryCache().subscribe((event) => {
    // `added` fires while the page's observer is being made, before it reads the query's state.
    if (event.type !== 'added') return;
    const { queryKey, state } = event.query as Query;
    const [resource, verb, id] = queryKey;
    if (verb !== 'detail' || typeof resource !== 'string' || typeof id !== 'string') return;
    if (state.data !== undefined) return;
    const found = newestListRow(client, resource, id);
    if (found) client.setQueryData(queryKey, found.record, { updatedAt: found.updatedAt });
  });
}
