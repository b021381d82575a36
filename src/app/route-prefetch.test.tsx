import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderAnalytics } from '../../contract/order-analytics.ts';
import OrderAnalyticsPage from '@/features/order-analytics/pages/order-analytics-page';
import OrdersPage from '@/features/orders/pages/orders-page';
import { queryClient } from '@/lib/app-query-client';
import { useAuthStore } from '@/stores/auth';
import { ok } from '@/test/msw/envelope';
import { createOrdersFake, makeOrder } from '@/test/msw/orders';
import { setupMswServer } from '@/test/msw/server';
import { signInTestUser, signInTestUserAs } from '@/test/msw/session';
import { renderWithProviders } from '@/test/render';
import type { AreaRoute } from '@/lib/area-definition';
import { prefetchOpeningPage } from './route-prefetch';

const server = setupMswServer();

const report: OrderAnalytics = {
  groupBy: 'status',
  rows: [
    {
      key: 'pending',
      label: 'pending',
      orderCount: 4,
      totalQuantity: 40,
      totalAmount: 2000,
      paidAmount: 500,
      unpaidAmount: 1500,
    },
  ],
  totals: {
    orderCount: 4,
    totalQuantity: 40,
    totalAmount: 2000,
    paidAmount: 500,
    unpaidAmount: 1500,
  },
};

let reportRequests: URL[] = [];

beforeEach(() => {
  reportRequests = [];
  server.use(
    http.get('*/api/reports/orders', ({ request }) => {
      reportRequests.push(new URL(request.url));
      return ok(report);
    }),
    http.get('*/api/merchants/all', () => ok({ data: [] })),
  );
});

afterEach(() => queryClient.clear());

const settled = () => waitFor(() => expect(queryClient.isFetching()).toBe(0));

describe('starting the first page’s request with the app', { timeout: 15_000 }, () => {
  it('asks for the report the analytics page shows, which then does not ask again', async () => {
    signInTestUser();
    prefetchOpeningPage({ pathname: '/order-analytics', search: '?groupBy=status' });
    await waitFor(() => expect(reportRequests).toHaveLength(1));
    expect(reportRequests[0]?.searchParams.get('groupBy')).toBe('status');
    await settled();

    renderWithProviders(<OrderAnalyticsPage />, {
      path: '/order-analytics',
      route: '/order-analytics?groupBy=status',
      queryClient,
    });
    expect(await screen.findByRole('table', { name: 'Orders grouped by status' })).toBeVisible();
    expect(screen.getByTestId('total-orders')).toHaveTextContent('4');
    expect(reportRequests).toHaveLength(1);
  });

  it('asks for the page of orders the list shows, which then does not ask again', async () => {
    const fake = createOrdersFake([
      makeOrder(2, { status: 'in_progress' }),
      makeOrder(1, { status: 'pending' }),
    ]);
    server.use(...fake.handlers);
    signInTestUser();
    prefetchOpeningPage({
      pathname: '/orders',
      search: '?status=in_progress&limit=20&sort=orderDate',
    });
    await waitFor(() => expect(fake.listQueries()).toHaveLength(1));
    await settled();

    renderWithProviders(<OrdersPage />, {
      path: '/orders',
      route: '/orders?status=in_progress&limit=20&sort=orderDate',
      queryClient,
    });
    expect(await screen.findByText('Showing 1–1 of 1')).toBeInTheDocument();
    expect(fake.listQueries().map((query) => query.toString())).toEqual([
      'page=1&limit=20&sort=orderDate&status=in_progress',
    ]);
  });

  it('starts nothing signed out, with a temporary password, or on a page the role may not open', () => {
    const prefetch = vi.fn(() => Promise.resolve());
    const routes: AreaRoute[] = [
      { path: 'billing', area: 'billing', prefetch },
      { path: 'orders', area: 'orders', prefetch },
    ];

    prefetchOpeningPage({ pathname: '/orders', search: '' }, routes);
    expect(prefetch).not.toHaveBeenCalled();

    signInTestUserAs('staff');
    prefetchOpeningPage({ pathname: '/billing', search: '' }, routes);
    expect(prefetch).not.toHaveBeenCalled();

    const { user } = useAuthStore.getState();
    useAuthStore.setState({ user: user && { ...user, mustChangePassword: true } });
    prefetchOpeningPage({ pathname: '/orders', search: '' }, routes);
    expect(prefetch).not.toHaveBeenCalled();

    useAuthStore.setState({ user });
    prefetchOpeningPage({ pathname: '/orders', search: '?page=2' }, routes);
    expect(prefetch).toHaveBeenCalledWith(new URLSearchParams('?page=2'));
  });
});
