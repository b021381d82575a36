import { onlineManager, useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { renderHook, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import OrderFormPage from '@/features/orders/pages/order-form-page';
import { serveDetailsFromLists } from '@/lib/offline/details-from-lists';
import { refreshWorkingSet } from '@/lib/offline/working-set';
import { designs } from '@/features/designs/resource';
import { orders as ordersResource } from '@/features/orders/resource';
import { LIST_PAGE, type AreaRoutes } from '@/lib/area-definition';
import type { WorkingSetResource } from '@/lib/resource-registry';
import { can, type Permission } from '../../../contract/permissions.ts';
import { ok } from '@/test/msw/envelope';
import { createOrdersFake, makeOrder, ORDER_DESIGNS } from '@/test/msw/orders';
import { duesReport } from '@/test/msw/payments';
import { setupMswServer } from '@/test/msw/server';
import { signInTestUserAs } from '@/test/msw/session';
import { createTestQueryClient, renderWithProviders } from '@/test/render';

const server = setupMswServer();
const page = <T,>(data: T[]) => ({
  data,
  totalCount: data.length,
  totalPages: 1,
  currentPage: 1,
  hasNextPage: false,
  hasPrevPage: false,
});
let requested: URL[];

/** A list page spreads `LIST_PAGE` into its route: its shared texts name the History action. */
const isListRoute = (route: { sharedNamespaces?: readonly string[] }) =>
  route.sharedNamespaces?.includes(LIST_PAGE.sharedNamespaces[0]) ?? false;

type ListResource = WorkingSetResource & {
  queries: { detail: (id: string) => UseQueryOptions };
};
const isFirstPageResource = (value: unknown): value is ListResource =>
  typeof value === 'object' &&
  value !== null &&
  (value as Partial<WorkingSetResource>).workingSet?.firstPage === true;

const areaFiles = import.meta.glob<AreaRoutes | readonly AreaRoutes[]>('/src/features/*/area.ts', {
  eager: true,
  import: 'area',
});
const resourceFiles = import.meta.glob<Record<string, unknown>>('/src/features/*/resource.ts', {
  eager: true,
});

/**
 * Every list the app has a page for, found by folder: a feature whose area has a list route, and
 * the resource of its `resource.ts` that keeps a first page (the list page's). A new area's list
 * is covered without an edit here.
 */
const LIST_PAGES = Object.entries(areaFiles).flatMap(([file, declared]) =>
  [declared]
    .flat()
    .filter((area) => area.routes?.some(isListRoute))
    .map((area) => {
      const folder = file.replace(/\/area\.ts$/, '');
      const kept = Object.values(resourceFiles[`${folder}/resource.ts`] ?? {}).filter(
        isFirstPageResource,
      );
      return [folder.replace('/src/features/', ''), area, kept] as const;
    }),
);

it('finds the list pages, each with the one resource whose first page it shows', () => {
  expect(LIST_PAGES.length).toBeGreaterThanOrEqual(11);
  for (const [folder, , kept] of LIST_PAGES) expect(kept, folder).toHaveLength(1);
});

const LISTS = LIST_PAGES.map(([folder, area, [resource]]) => [folder, area, resource!] as const);

beforeEach(() => {
  requested = [];
  server.events.on('request:start', ({ request }) => {
    requested.push(new URL(request.url));
  });
  server.use(
    ...createOrdersFake([makeOrder(1, { status: 'in_progress' })]).handlers,
    http.get('*/api/production/stages', () => ok({ data: [] })),
    http.get('*/api/reports/dues', () => ok(duesReport('2026-03-05', []))),
    // The pick lists the orders fake leaves out, and the first page of every other list.
    http.get('*/api/:list/all', () => ok({ data: [] })),
    http.get('*/api/:list', ({ params }) =>
      ok(page([{ _id: `first-${String(params.list)}`, version: 1 }])),
    ),
  );
});

afterEach(() => {
  server.events.removeAllListeners();
  onlineManager.setOnline(true);
});

/** From here on every request gets no answer, as on a tablet whose Wi-Fi has gone. */
function goOffline() {
  server.use(http.all('*', () => HttpResponse.error()));
  onlineManager.setOnline(false);
}

const firstPageKey = (resource: ListResource) =>
  resource.queries.list({ page: 1, limit: 10 }).queryKey;

describe('the working set', { timeout: 30_000 }, () => {
  it('keeps the first page of every list an owner can open, as the list page asks for it', async () => {
    signInTestUserAs('owner');
    const client = createTestQueryClient();
    await refreshWorkingSet(client, 'owner');
    for (const [folder, , resource] of LISTS) {
      expect(client.getQueryData(firstPageKey(resource)), folder).toMatchObject({ currentPage: 1 });
    }
  });

  it('keeps no list staff may not open (each would be a 403)', async () => {
    signInTestUserAs('staff');
    const client = createTestQueryClient();
    await refreshWorkingSet(client, 'staff');
    const asked = new Set(requested.map((url) => url.pathname));
    const staffMayOpen = ({ permission }: AreaRoutes & { permission?: Permission }) =>
      permission === undefined || can('staff', permission);
    expect(LISTS.filter(([, area]) => !staffMayOpen(area)).length).toBeGreaterThan(0);
    for (const [folder, area, resource] of LISTS) {
      if (staffMayOpen(area)) {
        expect(client.getQueryData(firstPageKey(resource)), folder).toBeDefined();
      } else {
        expect(asked, folder).not.toContain(`/api${resource.path}`);
      }
    }
  });
});

describe('a record a cached list shows', () => {
  it.each(LISTS)('of %s opens offline from the list row', (name, _area, resource) => {
    const client = createTestQueryClient();
    serveDetailsFromLists(client);
    const row = { _id: `${name}-7`, version: 3, name: 'from the list' };
    // A list the working set does not keep: any cached list serves its rows.
    client.setQueryData<unknown>(
      resource.queries.list({ page: 3, limit: 10 }).queryKey,
      page([row]),
    );
    goOffline();

    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    // One resource at a time: the union of every resource's options is not one query's options.
    const detail = resource.queries.detail(row._id);
    const { result } = renderHook(() => useQuery(detail), { wrapper });
    expect(result.current.data).toEqual(row);
    expect(result.current.fetchStatus).toBe('paused');
  });

  it('takes the newest of the lists that hold it', () => {
    const client = createTestQueryClient();
    serveDetailsFromLists(client);
    const orders = ordersResource;
    const older = makeOrder(4, { poNumber: 'PO-OLD' });
    client.setQueryData(orders.queries.list({ page: 2 }).queryKey, page([older]), {
      updatedAt: 1000,
    });
    client.setQueryData(
      orders.queries.list({ page: 1 }).queryKey,
      page([{ ...older, poNumber: 'PO-NEW' }]),
      { updatedAt: 2000 },
    );
    goOffline();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useQuery(orders.queries.detail(older._id)), { wrapper });
    expect(result.current.data).toMatchObject({ poNumber: 'PO-NEW' });
  });

  it('opens an order the orders list showed in its edit page offline, though it is delivered (not in the working set)', async () => {
    signInTestUserAs('staff');
    const client = createTestQueryClient();
    serveDetailsFromLists(client);
    const delivered = makeOrder(3, { status: 'delivered', poNumber: 'PO-DELIVERED' });
    client.setQueryData(
      ordersResource.queries.list({ page: 1, limit: 10 }).queryKey,
      page([delivered]),
    );
    // The design picker's names, kept by the working set.
    client.setQueryData(designs.queries.all().queryKey, ORDER_DESIGNS);
    goOffline();

    renderWithProviders(<OrderFormPage />, {
      path: '/orders/edit/:orderId',
      route: `/orders/edit/${delivered._id}`,
      queryClient: client,
    });
    expect(await screen.findByRole('textbox', { name: 'PO number' })).toHaveValue('PO-DELIVERED');
    const line = within(screen.getByRole('listitem', { name: 'Line 1' }));
    await waitFor(() =>
      expect(line.getByRole('combobox', { name: 'Design' })).toHaveValue(
        `${delivered.designs[0]!.design.designCode} — ${delivered.designs[0]!.design.name}`,
      ),
    );
  });
});
