import {
  useQuery,
  useQueryClient,
  type FetchQueryOptions,
  type QueryClient,
} from '@tanstack/react-query';
import type { Paged } from '../../../contract/common.ts';
import { can, type Role } from '../../../contract/permissions.ts';
import { apiRequest } from '@/lib/api-client';
import { PENDING_CHANGE_FIELD } from '@/lib/offline/pending-records';
import { yieldToMain } from '@/lib/offline/yield-to-main';
import type { WorkingSetDeclaration } from '@/lib/resource-factory';
import type { WorkingSetResource } from '@/lib/resource-registry';
import { DEFAULT_LIMIT, DEFAULT_PAGE } from '@/lib/use-list-params';
import { useAuthStore } from '@/stores/auth';

/*
 * The day's work on the device: while online, what a day on the floor needs is fetched in the
 * background and kept in the query cache (and so on disk), under the keys the pages read, so an
 * order never opened on this tablet still opens offline and a new order still has its designs.
 * What to keep is declared by the resources themselves (`workingSet` in each area's resource.ts,
 * collected by `src/lib/resource-registry.ts`).
 */

/** Often enough that a tablet losing the network mid-shift has the morning's new orders. */
const WORKING_SET_REFRESH_MS = 15 * 60 * 1000;
/** The API's page limit. */
const WORKING_SET_PAGE_SIZE = 100;
// Seeding a record into the cache notifies its observers; a chunk this size stays far below a
// 50 ms task even on a slow tablet, and the page gets the main thread back between chunks.
const SEED_CHUNK = 25;

const WORKING_SET_KEY = ['working-set'] as const;

export interface WorkingSetResult {
  /** When the refresh finished: what "available offline, updated …" tells. */
  updatedAt: number;
  /** How many records (of lists and pick lists) are kept. */
  records: number;
}

type CachedRecord = { _id: string; [PENDING_CHANGE_FIELD]?: boolean };

/** Puts each record where its edit page reads it, in small chunks. */
async function seedDetails(
  client: QueryClient,
  resource: WorkingSetResource,
  records: readonly CachedRecord[],
  updatedAt: number,
) {
  for (let start = 0; start < records.length; start += SEED_CHUNK) {
    for (const record of records.slice(start, start + SEED_CHUNK)) {
      const key = resource.keys.detail(record._id);
      // A change made offline and not yet accepted stays on screen until the server decides.
      const cached = client.getQueryData<CachedRecord>(key);
      if (cached?.[PENDING_CHANGE_FIELD]) continue;
      client.setQueryData(key, record, { updatedAt });
    }
    await yieldToMain();
  }
}

/** Every record the declared lists hold, page by page, up to the declared maximum. */
async function keepRecords(
  client: QueryClient,
  resource: WorkingSetResource,
  declared: NonNullable<WorkingSetDeclaration<object>['records']>,
  signal: AbortSignal | undefined,
): Promise<number> {
  let kept = 0;
  for (const list of declared.lists) {
    for (let page = 1; kept < declared.max; page += 1) {
      const limit = Math.min(WORKING_SET_PAGE_SIZE, declared.max - kept);
      const { data } = await apiRequest<Paged<CachedRecord>>('GET', resource.path, {
        searchParams: { ...list, page, limit },
        signal,
      });
      await seedDetails(client, resource, data.data, Date.now());
      kept += data.data.length;
      if (!data.hasNextPage || data.data.length === 0) break;
    }
  }
  return kept;
}

/**
 * Fetches what `role` may read of the working set and keeps it in `client`. Parts run one after
 * the other: a background refresh should not take every connection the pages need.
 */
export async function refreshWorkingSet(
  client: QueryClient,
  role: Role,
  signal?: AbortSignal,
): Promise<WorkingSetResult> {
  // Loaded on demand, like the write queue does: the registry of every resource is large.
  const { WORKING_SET_RESOURCES, WORKING_SET_READS } = await import('@/lib/resource-registry');
  let records = 0;
  for (const resource of WORKING_SET_RESOURCES) {
    const declared = resource.workingSet;
    if (!declared || !can(role, declared.permission)) continue;
    if (declared.pickList) {
      const all = await client.fetchQuery({ ...resource.queries.all(), staleTime: 0 });
      records += all.length;
      await yieldToMain();
    }
    if (declared.firstPage) {
      // The key the list page reads when opened from the menu: no filter, no sort in the URL.
      const page = { page: DEFAULT_PAGE, limit: DEFAULT_LIMIT };
      await client.fetchQuery({ ...resource.queries.list(page), staleTime: 0 });
      await yieldToMain();
    }
    if (declared.records) records += await keepRecords(client, resource, declared.records, signal);
  }
  for (const read of WORKING_SET_READS) {
    if (!can(role, read.permission)) continue;
    await client.fetchQuery({ ...(read.query() as FetchQueryOptions), staleTime: 0 });
    await yieldToMain();
  }
  return { updatedAt: Date.now(), records };
}

/**
 * Keeps the working set fresh while someone is signed in: at once (after sign-in or a reload,
 * which revalidates the saved copy), every 15 minutes while the page is visible, and as soon as
 * the connection returns. Its data says when it was last complete.
 */
export function useWorkingSet() {
  const client = useQueryClient();
  const role = useAuthStore((state) => state.user?.role);
  const organizationId = useAuthStore((state) => state.user?.organizationId);
  return useQuery({
    queryKey: [...WORKING_SET_KEY, organizationId ?? null, role ?? null],
    queryFn: ({ signal }) => refreshWorkingSet(client, role as Role, signal),
    enabled: role !== undefined,
    staleTime: WORKING_SET_REFRESH_MS,
    refetchInterval: WORKING_SET_REFRESH_MS,
    refetchIntervalInBackground: false,
    refetchOnReconnect: 'always',
    refetchOnWindowFocus: false,
  });
}
