import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { BillNote } from '../../../../contract/bill-notes.ts';
import { fixtureCreditNote } from '../print/note-fixture';
import { ok } from '@/test/msw/envelope';
import { onePage } from '@/test/msw/paging';
import { BILL_MERCHANTS, createBillsFake, makeBill } from '@/test/msw/bills';
import { setupMswServer } from '@/test/msw/server';
import { READY_SETUP_CHECKLIST, setupChecklistHandler } from '@/test/msw/setup-checklist';
import { signInTestUser } from '@/test/msw/session';
import { renderWithProviders } from '@/test/render';
import BillsPage, { exportCsvHref } from './bills-page';

const server = setupMswServer(setupChecklistHandler());
let fake: ReturnType<typeof createBillsFake>;

beforeEach(() => {
  signInTestUser();
  fake = createBillsFake({
    orders: [],
    bills: [
      makeBill(3, { paidAmount: 1000, balance: 2000, status: 'partly_paid' }),
      makeBill(2, { isOverdue: true }),
      makeBill(1, { status: 'cancelled', balance: 0 }),
    ],
  });
  server.use(...fake.handlers);
});

function renderPage(route = '/billing') {
  return renderWithProviders(<BillsPage />, {
    path: '/billing',
    route,
    routes: [
      { path: '/billing/:billId/print', element: <p>Print page</p> },
      { path: '/billing/notes/:noteId/print', element: <p>Note print page</p> },
      { path: '/export-bill-review', element: <p>Desk page</p> },
    ],
  });
}

const location = () => screen.getByTestId('location').textContent;
const rowOf = (number: string) =>
  screen.getByRole('link', { name: number }).closest('tr') as HTMLElement;
const totals = () => screen.getByRole('region', { name: 'Totals of this page' });
const listQueries = () =>
  fake.requests
    .filter((request) => request.method === 'GET' && request.url.pathname === '/api/bills')
    .map((request) => request.url.searchParams);

describe('bill register', { timeout: 30_000 }, () => {
  it('says what the profile lacks for a bill, with the way to it, until it is complete', async () => {
    server.use(
      setupChecklistHandler({
        ...READY_SETUP_CHECKLIST,
        billingProfileGaps: ['gstin', 'state', 'bankOrUpi'],
      }),
    );
    renderPage();
    const alert = await screen.findByTestId('billing-readiness');
    expect(alert).toHaveTextContent('The business profile is not ready for bills');
    const missing = within(alert)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(missing).toEqual([
      'GSTIN',
      'State (for the place of supply)',
      'A bank account or a UPI id, for payment',
    ]);
    expect(within(alert).getByRole('link', { name: 'Complete the profile' })).toHaveAttribute(
      'href',
      '/settings/account',
    );
  });

  it('says nothing about the profile once it is ready', async () => {
    renderPage();
    await screen.findByText('Showing 1–3 of 3');
    expect(screen.queryByTestId('billing-readiness')).not.toBeInTheDocument();
  });

  it('lists bills with figures, status and overdue badges, and totals the live ones', async () => {
    renderPage();
    await screen.findByText('Showing 1–3 of 3');
    const row = within(rowOf('INV/2026-27/0003'));
    expect(row.getByText('₹3,000.00')).toBeInTheDocument();
    expect(row.getByText('₹2,000.00')).toBeInTheDocument();
    expect(row.getByText('Partly paid')).toBeInTheDocument();
    expect(within(rowOf('INV/2026-27/0002')).getByText('Overdue')).toBeInTheDocument();
    expect(within(rowOf('INV/2026-27/0001')).getByText('Cancelled')).toBeInTheDocument();
    // The cancelled bill counts for nothing.
    expect(within(totals()).getByText('₹5,000.00')).toBeInTheDocument();
    expect(within(totals()).getByText('₹1,000.00')).toBeInTheDocument();
    expect(within(totals()).getByText('₹4,000.00')).toBeInTheDocument();
  });

  it('filters by status and overdue, and the CSV link follows the filters', async () => {
    const { user } = renderPage();
    await screen.findByText('Showing 1–3 of 3');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Unpaid' }));
    await waitFor(() => expect(location()).toBe('/billing?status=unpaid'));
    await screen.findByText('Showing 1–1 of 1');
    expect(listQueries().at(-1)?.get('status')).toBe('unpaid');
    expect(within(totals()).getAllByText('₹2,000.00')).toHaveLength(2);

    await user.click(screen.getByRole('combobox', { name: 'Overdue' }));
    await user.click(await screen.findByRole('option', { name: 'Overdue' }));
    await waitFor(() => expect(location()).toBe('/billing?status=unpaid&isOverdue=true'));
    expect(listQueries().at(-1)?.get('isOverdue')).toBe('true');
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/api/bills/export.csv?status=unpaid&isOverdue=true',
    );
  });

  it('reads the merchant filter from the URL', async () => {
    const merchant = BILL_MERCHANTS[0];
    renderPage(`/billing?merchantId=${merchant?._id}`);
    await screen.findByText('Showing 1–1 of 1');
    expect(screen.getByRole('link', { name: 'INV/2026-27/0002' })).toBeInTheDocument();
  });

  it('cancels a bill with a reason and the version it was read at, after naming what it undoes', async () => {
    const bill = fake.records[1];
    if (!bill) throw new Error('fixture');
    bill.lines = ['PO-007', 'PO-007', 'PO-009'].map((poNumber, index) => ({
      orderId: `order-${poNumber}`,
      poNumber,
      designCode: `D-${index}`,
      designName: 'Paisley',
      quantity: 1,
      rate: 500,
      amount: 500,
    }));
    const { user } = renderPage();
    await screen.findByText('Showing 1–3 of 3');
    expect(
      screen.queryByRole('button', { name: 'Cancel bill INV/2026-27/0003' }),
    ).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel bill INV/2026-27/0002' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel bill INV/2026-27/0002' });
    expect(within(dialog).getByText('Orders PO-007, PO-009 become billable again.')).toBeVisible();
    expect(
      within(dialog).getByText(
        'The number INV/2026-27/0002 stays used: no other bill gets it, and the cancelled bill stays in the register.',
      ),
    ).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Cancel bill' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Keep bill' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fake.requests.some((request) => request.url.pathname.endsWith('/cancel'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Cancel bill INV/2026-27/0002' }));
    await screen.findByRole('dialog', { name: 'Cancel bill INV/2026-27/0002' });
    const reopened = screen.getByRole('dialog', { name: 'Cancel bill INV/2026-27/0002' });
    await user.type(within(reopened).getByRole('textbox', { name: /Reason/ }), 'Wrong rate');
    await user.click(within(reopened).getByRole('button', { name: 'Cancel bill' }));
    expect(await screen.findByText('Bill cancelled')).toBeInTheDocument();
    const cancel = fake.requests.find((request) => request.url.pathname.endsWith('/cancel'));
    expect(cancel?.url.pathname).toBe(`/api/bills/${fake.records[1]?._id}/cancel`);
    expect(cancel?.body).toEqual({ reason: 'Wrong rate', version: 1 });
    await waitFor(() =>
      expect(within(rowOf('INV/2026-27/0002')).getByText('Cancelled')).toBeInTheDocument(),
    );
  });

  it('opens a bill on its print page', async () => {
    const { user } = renderPage();
    await screen.findByText('Showing 1–3 of 3');
    await user.click(screen.getByRole('link', { name: 'INV/2026-27/0003' }));
    expect(await screen.findByText('Print page')).toBeInTheDocument();
  });

  it('offers to open an issued bill, never to edit it', async () => {
    const { user } = renderPage();
    await screen.findByText('Showing 1–3 of 3');
    const open = screen.getByRole('button', { name: 'Open or print bill INV/2026-27/0003' });
    await user.hover(open);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Open');
    await user.click(open);
    expect(await screen.findByText('Print page')).toBeInTheDocument();
  });
});

describe('notes in the register', { timeout: 30_000 }, () => {
  const credit = fixtureCreditNote({ _id: 'note-c', number: 'CN/2026-27/0007' });
  const debit = fixtureCreditNote({
    _id: 'note-d',
    number: 'DN/2026-27/0002',
    kind: 'debit',
    dueDate: '2026-12-10',
    totalAmount: 525,
    paidAmount: 125,
    balance: 400,
    status: 'partly_paid',
  });
  let noteQueries: URLSearchParams[] = [];

  beforeEach(() => {
    noteQueries = [];
    server.use(
      http.get('/api/bill-notes', ({ request }) => {
        const params = new URL(request.url).searchParams;
        noteQueries.push(params);
        const data: BillNote[] = [credit, debit].filter((note) => note.kind === params.get('kind'));
        return ok(onePage(data));
      }),
    );
  });

  it('shows credit and debit notes on their own tabs, each number opening its print page', async () => {
    const { user } = renderPage();
    await screen.findByText('Showing 1–3 of 3');
    await user.click(screen.getByRole('radio', { name: 'Credit notes' }));
    await waitFor(() => expect(location()).toBe('/billing?kind=credit'));
    const table = await screen.findByRole('table', { name: 'Credit notes' });
    const creditRow = within(
      within(table).getByRole('link', { name: 'CN/2026-27/0007' }).closest('tr') as HTMLElement,
    );
    expect(creditRow.getByRole('link', { name: credit.billNumber })).toHaveAttribute(
      'href',
      `/billing/${credit.billId}/print`,
    );
    expect(creditRow.getByText('Issued')).toBeInTheDocument();
    expect(noteQueries.at(-1)?.get('kind')).toBe('credit');
    expect(within(table).queryByRole('columnheader', { name: 'Balance' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Debit notes' }));
    const debits = await screen.findByRole('table', { name: 'Debit notes' });
    const debitRow = within(
      within(debits).getByRole('link', { name: 'DN/2026-27/0002' }).closest('tr') as HTMLElement,
    );
    expect(debitRow.getByText('₹400.00')).toBeInTheDocument();
    expect(debitRow.getByText('Partly paid')).toBeInTheDocument();
    expect(noteQueries.at(-1)?.get('kind')).toBe('debit');

    await user.click(within(debits).getByRole('link', { name: 'DN/2026-27/0002' }));
    expect(await screen.findByText('Note print page')).toBeInTheDocument();
    expect(location()).toBe('/billing/notes/note-d/print');
  });

  it('goes back to the bills, whose list never carries the tab', async () => {
    const { user } = renderPage('/billing?kind=debit');
    await screen.findByRole('table', { name: 'Debit notes' });
    await user.click(screen.getByRole('radio', { name: 'Bills' }));
    await screen.findByText('Showing 1–3 of 3');
    expect(location()).toBe('/billing');
    expect(listQueries().every((query) => !query.has('kind'))).toBe(true);
  });
});

describe('exportCsvHref', () => {
  it('keeps the filters and drops paging and sorting', () => {
    expect(
      exportCsvHref({ page: 2, limit: 50, sort: '-billDate', number: 'INV/2026', startDate: '' }),
    ).toBe('/api/bills/export.csv?number=INV%2F2026');
    expect(exportCsvHref({})).toBe('/api/bills/export.csv');
  });
});
