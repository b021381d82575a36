import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { ok } from '@/test/msw/envelope';
import { makeBill } from '@/test/msw/bills';
import { setupMswServer } from '@/test/msw/server';
import { signInTestUser, signInTestUserAs } from '@/test/msw/session';
import { renderWithProviders } from '@/test/render';
import { BillPayments } from './bill-payments';

const server = setupMswServer();
const bill = makeBill(3, { paidAmount: 1200, balance: 1800, status: 'partly_paid' });
const asked: (string | null)[] = [];

beforeEach(() => {
  asked.length = 0;
  server.use(
    http.get('*/api/payments', ({ request }) => {
      asked.push(new URL(request.url).searchParams.get('billId'));
      return ok({
        data: [
          {
            _id: 'p1',
            paymentDate: '2026-04-20',
            method: 'cheque',
            reference: '004512',
            allocations: [
              { billId: 'other', billNumber: 'INV/2026-27/0001', amount: 300 },
              { billId: bill._id, billNumber: bill.number, amount: 1200 },
            ],
          },
        ],
        totalCount: 1,
        totalPages: 1,
        currentPage: 1,
        hasNextPage: false,
        hasPrevPage: false,
      });
    }),
  );
});

describe("a bill's payments", () => {
  it('lists what each payment put on this bill and links to record the next one', async () => {
    signInTestUser();
    renderWithProviders(<BillPayments bill={bill} />);
    const section = await screen.findByRole('region', { name: 'Payments against this bill' });
    expect(
      await within(section).findByText('20 Apr 2026 · Cheque · ₹1,200.00 · 004512'),
    ).toBeInTheDocument();
    expect(asked).toEqual([bill._id]);
    expect(within(section).getByRole('link', { name: 'Record payment' })).toHaveAttribute(
      'href',
      `/payments?record=${bill._id}`,
    );
  });

  it('offers no shortcut on a paid bill and shows nothing to staff', async () => {
    signInTestUser();
    const { unmount } = renderWithProviders(
      <BillPayments bill={{ ...bill, balance: 0, paidAmount: 3000, status: 'paid' }} />,
    );
    await screen.findByText(/Cheque/);
    expect(screen.queryByRole('link', { name: 'Record payment' })).not.toBeInTheDocument();
    unmount();

    signInTestUserAs('staff');
    asked.length = 0;
    renderWithProviders(<BillPayments bill={bill} />);
    expect(
      screen.queryByRole('region', { name: 'Payments against this bill' }),
    ).not.toBeInTheDocument();
    expect(asked).toEqual([]);
  });
});
