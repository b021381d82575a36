import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OrderCreate } from '../../../../contract/orders.ts';
import { PendingChanges } from '@/components/offline-status';
import { designs } from '@/features/designs/resource';
import { orders } from '@/features/orders/resource';
import { keyShapedTexts, switchLanguage } from '@/test/languages';
import { fail } from '@/test/msw/envelope';
import { createOrdersFake, makeOrder, ORDER_DESIGNS, ORDER_MERCHANTS } from '@/test/msw/orders';
import { setupMswServer } from '@/test/msw/server';
import { signInTestUser } from '@/test/msw/session';
import { createTestWrapper, renderWithProviders } from '@/test/render';
import OrdersPage from './orders-page';

const server = setupMswServer();
const merchant = ORDER_MERCHANTS[0]!;
const design = ORDER_DESIGNS[0]!;
const stored = makeOrder(1);

beforeEach(() => {
  signInTestUser();
  server.use(...createOrdersFake([stored]).handlers);
});

afterEach(async () => {
  onlineManager.setOnline(true);
  await switchLanguage('en');
});

/** The orders list with the header's pending-changes button, read once while online. */
async function renderOrders() {
  const view = renderWithProviders(
    <>
      <PendingChanges />
      <OrdersPage />
    </>,
    {
      path: '/orders',
      routes: [{ path: '/orders/edit/:orderId', element: <p>Order edit page</p> }],
    },
  );
  await screen.findByText(stored.poNumber);
  // The order form reads the designs' pick list; its names are what a queued line shows.
  await view.queryClient.prefetchQuery(designs.queries.all());
  return view;
}

function offlineWrites(client: QueryClient) {
  const { wrapper } = createTestWrapper({ queryClient: client });
  onlineManager.setOnline(false);
  return {
    create: renderHook(() => orders.useCreate(), { wrapper }).result,
    update: renderHook(() => orders.useUpdate(), { wrapper }).result,
  };
}

const rowWith = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

const newOrder: OrderCreate = {
  merchantId: merchant._id,
  poNumber: 'PO-777',
  orderDate: '2025-03-01',
  deliveryDate: null,
  notes: null,
  designs: [
    { designId: design._id, quantity: 12, rate: 37.5 },
    { designId: design._id, quantity: 3, rate: 0.1 },
  ],
};

describe('an order created offline', { timeout: 30_000 }, () => {
  it.each([
    ['en', 'Pending', 'Not sent yet'],
    ['gu', 'બાકી', 'હજી મોકલાયું નથી'],
    ['hi', 'लंबित', 'अभी भेजा नहीं गया'],
  ] as const)(
    'is listed in %s as it will be stored: merchant, design, total, status, marked not sent',
    async (language, statusWord, notSent) => {
      const { queryClient } = await renderOrders();
      const writes = offlineWrites(queryClient);
      act(() => writes.create.current.mutate(newOrder));
      await switchLanguage(language);

      const row = within(await waitFor(() => rowWith('PO-777')));
      expect(row.getByText(merchant.name)).toBeInTheDocument();
      expect(row.getByText(`${design.designCode}, ${design.designCode}`)).toBeInTheDocument();
      // 12 × 37.50 + 3 × 0.10, counted as the server counts it.
      expect(row.getByText('₹450.30')).toBeInTheDocument();
      expect(row.getByText(statusWord)).toBeInTheDocument();
      expect(row.getByText(notSent)).toBeInTheDocument();
      expect(keyShapedTexts(rowWith('PO-777'))).toEqual([]);
      // The queued toast and the header's count speak the same language.
      expect(keyShapedTexts(document.body)).toEqual([]);
    },
  );
});

describe('an order edited offline', { timeout: 30_000 }, () => {
  it('shows its new values, marked not sent, until the edit is sent', async () => {
    const { queryClient } = await renderOrders();
    const writes = offlineWrites(queryClient);
    act(() =>
      writes.update.current.mutate({
        id: stored._id,
        body: {
          poNumber: 'PO-001-B',
          designs: [{ designId: design._id, quantity: 40, rate: 12.25 }],
          version: stored.version,
        },
      }),
    );
    const row = within(await waitFor(() => rowWith('PO-001-B')));
    expect(row.getByText('₹490.00')).toBeInTheDocument();
    expect(row.getByText(design.designCode)).toBeInTheDocument();
    expect(row.getByText('Not sent yet')).toBeInTheDocument();
    expect(screen.queryByText(stored.poNumber)).toBeNull();
  });
});

describe('a queued edit the server refuses', { timeout: 30_000 }, () => {
  it.each([
    [
      'gu',
      '1 ફેરફાર મોકલવાનો બાકી છે',
      'આ ઓર્ડર એક બિલ પર છે: તેને બદલવા માટે બિલ રદ કરો',
      'સુધારીને ફરી મોકલો',
      'રદ કરો',
    ],
    [
      'hi',
      '1 बदलाव भेजना बाक़ी है',
      'यह ऑर्डर एक बिल पर है: इसे बदलने के लिए बिल रद्द करें',
      'सुधारकर फिर भेजें',
      'रद्द करें',
    ],
  ] as const)(
    'is undone on screen and stays pending in %s with the reason, edit-and-retry and discard',
    async (language, pendingBadge, reason, editAndRetry, discard) => {
      server.use(
        http.put('*/api/orders/:id', () =>
          fail(409, 'The order is on a bill', undefined, 'bill_locked'),
        ),
      );
      const { queryClient, user } = await renderOrders();
      const writes = offlineWrites(queryClient);
      act(() =>
        writes.update.current.mutate({
          id: stored._id,
          body: { poNumber: 'PO-001-X', version: stored.version },
        }),
      );
      await screen.findByText('PO-001-X');
      await switchLanguage(language);

      onlineManager.setOnline(true);
      await act(() => queryClient.resumePausedMutations());
      // The server's order is back on screen: the refused change is not shown as if saved.
      expect(await screen.findByText(stored.poNumber)).toBeInTheDocument();
      expect(screen.queryByText('PO-001-X')).toBeNull();

      await user.click(await screen.findByRole('button', { name: pendingBadge }));
      const [entry] = await screen.findAllByTestId('pending-change');
      const panel = within(entry!);
      expect(await panel.findByText(reason)).toBeInTheDocument();
      expect(panel.getByRole('button', { name: discard })).toBeInTheDocument();
      expect(keyShapedTexts(entry!)).toEqual([]);

      await user.click(panel.getByRole('button', { name: editAndRetry }));
      await waitFor(() =>
        expect(screen.getByTestId('location')).toHaveTextContent(`/orders/edit/${stored._id}`),
      );
    },
  );
});
