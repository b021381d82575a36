import type { TranslationKey } from '@/lib/translation-keys';

/** The parts of an area's resource that its list page reads. */
interface ListedResource<ListQuery> {
  queries: { list: ListQuery };
  messages: { fetchListFailed: TranslationKey };
}

/**
 * The `ResourceListPage` props every area wires the same way: its URL state (`useListParams`),
 * its list query, and from its resource the list read (to tell "filtered out" from "none yet")
 * and the text shown when the list cannot load.
 */
export function resourceListProps<ListQuery, List, Query>(
  resource: ListedResource<ListQuery>,
  list: List,
  query: Query,
) {
  return {
    list,
    query,
    listQuery: resource.queries.list,
    fetchListFailed: resource.messages.fetchListFailed,
  };
}
