import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Merchant } from '../../../../contract/merchants.ts';
import { ok } from '@/test/msw/envelope';
import {
  openBill,
  PAYMENT_MERCHANTS,
  paymentsProfile,
  profileHandler,
  statementOf,
} from '@/test/msw/payments';
import { setupMswServer } from '@/test/msw/server';
import { signInTestUser } from '@/test/msw/session';
import { renderWithProviders } from '@/test/render';
import StatementPage from './statement-page';

const server = setupMswServer();
const asha = PAYMENT_MERCHANTS[0] as Merchant;
const statementQueries: URLSearchParams[] = [];

function serve(profile = paymentsProfile()) {
  server.use(
    http.get('*/api/merchants/:id/statement', ({ request }) => {
      const search = new URL(request.url).searchParams;
      statementQueries.push(search);
      return ok(
        statementOf(asha, {
          startDate: search.get('startDate') ?? '',
          endDate: search.get('endDate') ?? '',
          openingBalance: 1500,
          entries: [
            {
              date: '2026-04-05',
              kind: 'bill',
              id: 'bill-1',
              reference: 'INV/2026-27/0001',
              debit: 2000.5,
              credit: 0,
              balance: 3500.5,
              dueDate: '2026-04-20',
            },
            {
              date: '2026-04-10',
              kind: 'payment',
              id: 'payment-1',
              reference: 'upi UTR123',
              debit: 0,
              credit: 3000,
              balance: 500.5,
              dueDate: null,
            },
          ],
          closingBalance: 500.5,
        }),
      );
    }),
    http.get('*/api/payments/open-bills', () =>
      ok({ data: [openBill(1, { totalAmount: 2000.5, paidAmount: 1500 })] }),
    ),
    profileHandler(profile),
  );
}

beforeEach(() => {
  statementQueries.length = 0;
  signInTestUser();
});

function renderPage(route = `/customers/${asha._id}?startDate=2026-04-01&endDate=2026-06-30`) {
  return renderWithProviders(<StatementPage />, { path: '/customers/:merchantId', route });
}

describe("a merchant's statement", () => {
  it('runs the balance from the opening balance through bills and payments to the closing', async () => {
    serve();
    renderPage();
    const table = await screen.findByRole('table', { name: 'Entries of the statement' });
    expect(statementQueries[0]?.get('startDate')).toBe('2026-04-01');
    expect(statementQueries[0]?.get('endDate')).toBe('2026-06-30');
    const rows = within(table).getAllByRole('row').slice(1);
    const text = rows.map((row) =>
      Array.from(row.querySelectorAll('td, th')).map((cell) => cell.textContent),
    );
    expect(text).toEqual([
      ['01 Apr 2026', 'Opening balance', '', '', '₹1,500.00'],
      ['05 Apr 2026', 'Bill INV/2026-27/0001', '₹2,000.50', '', '₹3,500.50'],
      ['10 Apr 2026', 'Payment UPI UTR123', '', '₹3,000.00', '₹500.50'],
      ['30 Jun 2026', 'Closing balance', '', '', '₹500.50'],
    ]);
    expect(screen.getByRole('button', { name: 'Print' })).toBeEnabled();
  });

  it('shares on WhatsApp to the merchant phone, unless the business turned sharing off', async () => {
    serve(paymentsProfile({ upiId: 'asha@okaxis' }));
    const { unmount } = renderPage();
    const share = await screen.findByRole('link', { name: 'Share on WhatsApp' });
    const href = new URL(share.getAttribute('href') ?? '');
    expect(href.origin + href.pathname).toBe('https://wa.me/919825012345');
    expect(href.searchParams.get('text')).toContain('₹500.50 outstanding');
    expect(href.searchParams.get('text')).toContain('am=500.50&cu=INR');
    unmount();

    serve(paymentsProfile({ whatsappSharing: false }));
    renderPage();
    await screen.findByRole('table', { name: 'Entries of the statement' });
    expect(screen.queryByRole('link', { name: 'Share on WhatsApp' })).not.toBeInTheDocument();
  });

  it('starts on this financial year when no period is chosen', async () => {
    serve();
    renderPage(`/customers/${asha._id}`);
    await screen.findByRole('table', { name: 'Entries of the statement' });
    const start = statementQueries[0]?.get('startDate') ?? '';
    expect(start).toMatch(/^\d{4}-04-01$/);
    expect(statementQueries[0]?.get('endDate')).toBe(`${Number(start.slice(0, 4)) + 1}-03-31`);
  });

  it('marks bills still open past 45 days only for a Udyam-registered business', async () => {
    serve(paymentsProfile({ udyamNumber: 'UDYAM-GJ-22-0012345' }));
    server.use(
      http.get('*/api/payments/open-bills', () =>
        ok({ data: [{ ...openBill(1), _id: 'bill-1', billDate: '2020-01-01' }] }),
      ),
    );
    const { unmount } = renderPage();
    expect(await screen.findByText(/Bill past 45 days/)).toBeInTheDocument();
    unmount();

    serve(paymentsProfile({ udyamNumber: null }));
    server.use(
      http.get('*/api/payments/open-bills', () =>
        ok({ data: [{ ...openBill(1), _id: 'bill-1', billDate: '2020-01-01' }] }),
      ),
    );
    renderPage();
    await screen.findByRole('table', { name: 'Entries of the statement' });
    expect(screen.queryByText(/Bill past 45 days/)).not.toBeInTheDocument();
  });
});
