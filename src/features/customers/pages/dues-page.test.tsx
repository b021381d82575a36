import { screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Merchant } from '../../../../contract/merchants.ts';
import { ok } from '@/test/msw/envelope';
import {
  duesReport,
  duesRow,
  PAYMENT_MERCHANTS,
  paymentsProfile,
  profileHandler,
} from '@/test/msw/payments';
import { setupMswServer } from '@/test/msw/server';
import { setupChecklistHandler } from '@/test/msw/setup-checklist';
import { signInTestUser } from '@/test/msw/session';
import { renderWithProviders } from '@/test/render';
import DuesPage from './dues-page';

const server = setupMswServer(setupChecklistHandler());
const [asha, bharat, chirag] = PAYMENT_MERCHANTS as [Merchant, Merchant, Merchant];

const ROWS = [
  duesRow(1, {
    merchantId: bharat._id,
    merchantName: bharat.name,
    billedAmount: 5000,
    receivedAmount: 1000,
    outstandingAmount: 4000,
    overdueAmount: 0,
    ageing: { days0to15: 4000, days16to45: 0, days46to90: 0, days90plus: 0 },
    oldestBillDays: 10,
  }),
  duesRow(0, {
    merchantId: asha._id,
    merchantName: asha.name,
    billedAmount: 12000.5,
    receivedAmount: 2000.25,
    outstandingAmount: 10000.25,
    overdueAmount: 7000,
    ageing: { days0to15: 0, days16to45: 3000.25, days46to90: 7000, days90plus: 0 },
    oldestBillDays: 60,
  }),
  duesRow(2, {
    merchantId: chirag._id,
    merchantName: chirag.name,
    receivedAmount: 300,
    advanceAmount: 300,
  }),
];

const asOfRequests: (string | null)[] = [];

function useReport(udyamNumber: string | null) {
  server.use(
    http.get('*/api/reports/dues', ({ request }) => {
      const asOf = new URL(request.url).searchParams.get('asOf');
      asOfRequests.push(asOf);
      return ok(duesReport(asOf ?? '2026-06-01', ROWS));
    }),
    profileHandler(paymentsProfile({ udyamNumber })),
  );
}

beforeEach(() => {
  asOfRequests.length = 0;
  signInTestUser();
});

const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Dues book' }))
    .getAllByRole('row')
    .slice(1, -1);

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('the dues book', () => {
  it('lists every merchant by outstanding, largest first, with ageing and a totals row', async () => {
    useReport(null);
    renderWithProviders(<DuesPage />, { path: '/customers', route: '/customers?asOf=2026-06-01' });
    await screen.findByText(asha.name);
    expect(asOfRequests).toContain('2026-06-01');
    const rows = bodyRows();
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([
      asha.name,
      bharat.name,
      chirag.name,
    ]);
    expect(cells(rows[0] as HTMLElement)).toEqual([
      asha.name,
      '₹12,000.50',
      '₹2,000.25',
      '₹0.00',
      '₹10,000.25',
      '₹7,000.00',
      '₹0.00',
      '₹3,000.25',
      '₹7,000.00',
      '₹0.00',
    ]);
    const totals = screen.getAllByRole('row').at(-1) as HTMLElement;
    expect(within(totals).getByRole('rowheader')).toHaveTextContent('Total');
    expect(cells(totals)).toEqual([
      '₹17,000.50',
      '₹3,300.25',
      '₹300.00',
      '₹14,000.25',
      '₹7,000.00',
      '₹4,000.00',
      '₹3,000.25',
      '₹7,000.00',
      '₹0.00',
    ]);
    // No Udyam number: no MSMED column or marks.
    expect(screen.queryByText('Days outstanding')).not.toBeInTheDocument();
    expect(screen.queryByText('Past 45 days')).not.toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: `Open the statement of ${asha.name}` }),
    ).toHaveAttribute('href', `/customers/${asha._id}`);
  });

  it('shows only overdue merchants, totalled over what it shows', async () => {
    useReport(null);
    const { user } = renderWithProviders(<DuesPage />, { path: '/customers' });
    await screen.findByRole('table', { name: 'Dues book' });
    // Without a date the book is as of the user's own today, not the server's.
    expect(asOfRequests).toEqual([dayjs().format('YYYY-MM-DD')]);
    await user.click(screen.getByRole('switch', { name: 'Overdue only' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(screen.getByTestId('location')).toHaveTextContent('overdue=true');
    const totals = screen.getAllByRole('row').at(-1) as HTMLElement;
    expect(cells(totals).slice(0, 4)).toEqual(['₹12,000.50', '₹2,000.25', '₹0.00', '₹10,000.25']);
  });

  it('marks merchants past 45 days and explains the MSMED Act when the business has a Udyam number', async () => {
    useReport('UDYAM-GJ-22-0012345');
    renderWithProviders(<DuesPage />, { path: '/customers' });
    expect(await screen.findByText('MSMED Act: 45 days')).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Dues book' });
    const [late, recent] = bodyRows() as [HTMLElement, HTMLElement];
    expect(within(late).getByText('Past 45 days')).toBeInTheDocument();
    expect(within(late).getByText('60 days')).toBeInTheDocument();
    expect(within(recent).queryByText('Past 45 days')).not.toBeInTheDocument();
    expect(within(recent).getByText('10 days')).toBeInTheDocument();
  });
});
