import { onlineManager } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WorkingSetStatus } from '@/components/offline-status';
import OrderFormPage from '@/features/orders/pages/order-form-page';
import { refreshWorkingSet } from '@/lib/offline/working-set';
import { orders } from '@/features/orders/resource';
import { switchLanguage } from '@/test/languages';
import { ok } from '@/test/msw/envelope';
import { createOrdersFake, makeOrder } from '@/test/msw/orders';
import { duesReport } from '@/test/msw/payments';
import { setupMswServer } from '@/test/msw/server';
import { signInTestUserAs } from '@/test/msw/session';
import { createTestQueryClient, renderWithProviders } from '@/test/render';

const server = setupMswServer();
const open = makeOrder(2, { status: 'in_progress' });
const delivered = makeOrder(3, { status: 'delivered' });
const emptyPage = { data: [], totalCount: 0, totalPages: 0, currentPage: 1 };
let requested: URL[];

beforeEach(() => {
  requested = [];
  server.events.on('request:start', ({ request }) => {
    requested.push(new URL(request.url));
  });
  signInTestUserAs('owner');
  server.use(
    ...createOrdersFake([makeOrder(1), open, delivered]).handlers,
    http.get('*/api/production/stages', () => ok({ data: [] })),
    http.get('*/api/job-cards', () => ok({ ...emptyPage, hasNextPage: false, hasPrevPage: false })),
    http.get('*/api/bills', () => ok({ ...emptyPage, hasNextPage: false, hasPrevPage: false })),
    http.get('*/api/reports/dues', () => ok(duesReport('2026-03-05', []))),
    // The pick lists the orders fake leaves out, and the first page of every other list.
    http.get('*/api/:list/all', () => ok({ data: [] })),
    http.get('*/api/:list', () => ok({ ...emptyPage, hasNextPage: false, hasPrevPage: false })),
  );
});

afterEach(async () => {
  server.events.removeAllListeners();
  onlineManager.setOnline(true);
  vi.useRealTimers();
  await switchLanguage('en');
});

/** From here on every request gets no answer, as on a tablet whose Wi-Fi has gone. */
function goOffline() {
  server.use(http.all('*', () => HttpResponse.error()));
  onlineManager.setOnline(false);
}

const paths = () => requested.map((url) => url.pathname);

describe('the working set', { timeout: 30_000 }, () => {
  it('opens the edit page of an order never opened on this device, offline, with its lines', async () => {
    const client = createTestQueryClient();
    await refreshWorkingSet(client, 'owner');
    goOffline();

    renderWithProviders(<OrderFormPage />, {
      path: '/orders/edit/:orderId',
      route: `/orders/edit/${open._id}`,
      queryClient: client,
    });
    expect(await screen.findByRole('textbox', { name: 'PO number' })).toHaveValue(open.poNumber);
    const line = within(screen.getByRole('listitem', { name: 'Line 1' }));
    const design = open.designs[0]!.design;
    expect(line.getByRole('combobox', { name: 'Design' })).toHaveValue(
      `${design.designCode} — ${design.name}`,
    );
    // A delivered order is not part of the day's work.
    expect(client.getQueryData(orders.keys.detail(delivered._id))).toBeUndefined();
  });

  it('lists the designs in a new order offline, though no page loaded them', async () => {
    const client = createTestQueryClient();
    await refreshWorkingSet(client, 'staff');
    goOffline();

    const { user } = renderWithProviders(<OrderFormPage />, {
      path: '/orders/create',
      queryClient: client,
    });
    const line = within(await screen.findByRole('listitem', { name: 'Line 1' }));
    await user.click(line.getByRole('combobox', { name: 'Design' }));
    expect(
      await screen.findByRole('option', { name: 'PEACOCK-01 — Peacock border' }),
    ).toBeVisible();
    expect(screen.getByRole('option', { name: 'MANGO-07 — Mango buta' })).toBeVisible();
  });

  it('gives the main thread back between chunks of records, not once per page', async () => {
    const many = Array.from({ length: 60 }, (_, index) =>
      makeOrder(10 + index, { status: 'in_progress' }),
    );
    server.use(...createOrdersFake(many).handlers);
    const client = createTestQueryClient();
    const keptAtEachYield: number[] = [];
    const kept = () => many.filter((order) => client.getQueryData(orders.keys.detail(order._id)));
    vi.stubGlobal('scheduler', {
      yield: () => {
        keptAtEachYield.push(kept().length);
        return Promise.resolve();
      },
    });
    try {
      await refreshWorkingSet(client, 'staff');
    } finally {
      vi.unstubAllGlobals();
    }

    expect(kept()).toHaveLength(60);
    const steps = keptAtEachYield.map((count, index) => count - (keptAtEachYield[index - 1] ?? 0));
    expect(Math.max(...steps)).toBeLessThanOrEqual(25);
    expect(steps.filter((step) => step > 0).length).toBeGreaterThanOrEqual(3);
  });

  it('gives the main thread back without a timer where scheduler.yield is missing', async () => {
    // A zero timeout is clamped to 4 ms once nested: hundreds of yields would add seconds.
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const result = await refreshWorkingSet(createTestQueryClient(), 'staff');
    expect(result.records).toBeGreaterThan(0);
  });

  it('asks for bills and dues for an owner, and never for staff (who would get 403)', async () => {
    await refreshWorkingSet(createTestQueryClient(), 'owner');
    expect(paths()).toEqual(expect.arrayContaining(['/api/bills', '/api/reports/dues']));

    requested = [];
    await refreshWorkingSet(createTestQueryClient(), 'staff');
    expect(paths()).toContain('/api/orders');
    expect(paths()).not.toContain('/api/bills');
    expect(paths()).not.toContain('/api/reports/dues');
  });

  it('is refreshed again when the connection returns', async () => {
    renderWithProviders(<WorkingSetStatus />);
    await screen.findByTestId('working-set-status');
    const orderLists = () => paths().filter((path) => path === '/api/orders').length;
    const before = orderLists();
    expect(before).toBeGreaterThan(0);

    onlineManager.setOnline(false);
    onlineManager.setOnline(true);
    await waitFor(() => expect(orderLists()).toBeGreaterThan(before));
  });

  it.each([
    ['en', 'Available offline, updated 10:42 am'],
    ['gu', 'ઑફલાઇન ઉપલબ્ધ, 10:42 AM વાગ્યે અપડેટ થયું'],
    ['hi', 'ऑफ़लाइन उपलब्ध, 10:42 am बजे अपडेट हुआ'],
  ] as const)('tells in %s when the copy on the device was made', async (language, text) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // A local time, so the text reads the same in any time zone the suite runs in.
    vi.setSystemTime(new Date(2026, 2, 5, 10, 42));
    renderWithProviders(<WorkingSetStatus />);
    await switchLanguage(language);
    expect(await screen.findByTestId('working-set-status')).toHaveTextContent(text);
  });
});
