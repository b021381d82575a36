import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OrderAnalytics } from '../../../../contract/order-analytics.ts';
import { renderWithProviders } from '@/test/render';
import { fail, ok } from '@/test/msw/envelope';
import { setupMswServer } from '@/test/msw/server';
import { signInTestUser } from '@/test/msw/session';
import { readAnalyticsFilters } from '../analytics-filters';
import OrderAnalyticsPage from './order-analytics-page';

const server = setupMswServer();
let requests: URL[] = [];

const report: OrderAnalytics = {
  groupBy: 'month',
  rows: [
    {
      key: '2025-01',
      label: '2025-01',
      orderCount: 2,
      totalQuantity: 30,
      totalAmount: 1500.5,
      paidAmount: 1000,
      unpaidAmount: 500.5,
    },
    {
      key: '2025-02',
      label: '2025-02',
      orderCount: 1,
      totalQuantity: 5,
      totalAmount: 250,
      paidAmount: 0,
      unpaidAmount: 250,
    },
  ],
  totals: {
    orderCount: 3,
    totalQuantity: 35,
    totalAmount: 1750.5,
    paidAmount: 1000,
    unpaidAmount: 750.5,
  },
};

const noRows: OrderAnalytics = {
  ...report,
  rows: [],
  totals: { orderCount: 0, totalQuantity: 0, totalAmount: 0, paidAmount: 0, unpaidAmount: 0 },
};

/** `allTime` answers the report asked without dates, as the empty state does to tell them apart. */
function serve(body: OrderAnalytics | null, allTime = body) {
  server.use(
    http.get('*/api/reports/orders', ({ request }) => {
      const url = new URL(request.url);
      requests.push(url);
      const answer = url.searchParams.has('startDate') ? body : allTime;
      return answer ? ok(answer) : fail(503, '');
    }),
    http.get('*/api/merchants/all', () => ok({ data: [] })),
    http.get('*/api/setup-checklist', () =>
      ok({ steps: {}, billingProfileGaps: [], dismissed: true }),
    ),
  );
}

beforeEach(() => {
  requests = [];
  signInTestUser();
});

describe('OrderAnalyticsPage', { timeout: 15_000 }, () => {
  it('asks for the current year by month and shows totals and the table by default', async () => {
    serve(report);
    renderWithProviders(<OrderAnalyticsPage />, {
      path: '/order-analytics',
      route: '/order-analytics',
    });
    const table = await screen.findByRole('table', { name: 'Orders grouped by month' });
    const year = new Date().getFullYear();
    expect(requests[0]?.search).toBe(
      `?startDate=${year}-01-01&endDate=${year}-12-31&groupBy=month`,
    );
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Jan 2025');
    expect(rows[1]).toHaveTextContent('₹1,500.50');
    expect(rows.at(-1)).toHaveTextContent('₹1,750.50');
    expect(screen.getByTestId('total-orders')).toHaveTextContent('3');
    expect(screen.getByTestId('total-unpaid')).toHaveTextContent('₹750.50');
    expect(screen.getByTestId('total-paid')).toHaveTextContent('57% of the value is paid');
    expect(screen.queryByTestId('order-analytics-chart')).not.toBeInTheDocument();
  });

  it('switches to the chart with the same rows and keeps the mode in the URL', async () => {
    serve(report);
    const { user } = renderWithProviders(<OrderAnalyticsPage />, {
      path: '/order-analytics',
      route: '/order-analytics?groupBy=status',
    });
    await screen.findByRole('table');
    await user.click(screen.getByText('Chart'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toContain('view=chart'));
    expect(screen.getByTestId('order-analytics-chart')).toBeInTheDocument();
    // The chart keeps an accessible copy of its figures.
    expect(screen.getByRole('table', { name: 'Orders grouped by status' })).toBeInTheDocument();
  });

  it('offers wider dates when the range hides orders that exist', async () => {
    serve(noRows, report);
    const { user } = renderWithProviders(<OrderAnalyticsPage />, {
      path: '/order-analytics',
      route: '/order-analytics',
    });
    expect(await screen.findByText('No orders in this range')).toBeInTheDocument();
    expect(screen.queryByText('No orders yet')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show all orders' }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toContain('startDate=&endDate='),
    );
  });

  it('leads to the first order when the workshop has no orders at all', async () => {
    serve(noRows, noRows);
    renderWithProviders(<OrderAnalyticsPage />, {
      path: '/order-analytics',
      route: '/order-analytics',
    });
    expect(await screen.findByText('No orders yet')).toBeInTheDocument();
    expect(screen.queryByText('No orders in this range')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Take the first order' })).toHaveAttribute(
      'href',
      '/orders/create',
    );
  });

  it('shows the error toast when the figures cannot be read', async () => {
    serve(null);
    renderWithProviders(<OrderAnalyticsPage />, {
      path: '/order-analytics',
      route: '/order-analytics',
    });
    expect(await screen.findAllByText('Failed to fetch order analytics data')).not.toHaveLength(0);
  });

  it('reads filters from the URL, treating a cleared date as no bound', () => {
    const now = new Date('2025-06-01T00:00:00');
    expect(readAnalyticsFilters(new URLSearchParams(''), now).query).toMatchObject({
      startDate: '2025-01-01',
      endDate: '2025-12-31',
      groupBy: 'month',
    });
    const cleared = readAnalyticsFilters(
      new URLSearchParams('startDate=&endDate=&status=bogus&groupBy=design&view=chart'),
      now,
    );
    expect(cleared.query).toMatchObject({
      startDate: undefined,
      endDate: undefined,
      status: undefined,
      groupBy: 'design',
    });
    expect(cleared.view).toBe('chart');
  });
});
