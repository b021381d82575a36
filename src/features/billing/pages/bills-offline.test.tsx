import { onlineManager } from '@tanstack/react-query';
import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { payments } from '@/features/payments/resource';
import { keyShapedTexts, switchLanguage } from '@/test/languages';
import { BILL_MERCHANTS, createBillsFake, makeBill } from '@/test/msw/bills';
import { ok } from '@/test/msw/envelope';
import { setupMswServer } from '@/test/msw/server';
import { setupChecklistHandler } from '@/test/msw/setup-checklist';
import { signInTestUser } from '@/test/msw/session';
import { createTestWrapper, renderWithProviders } from '@/test/render';
import BillsPage from './bills-page';

const server = setupMswServer(setupChecklistHandler());
// Bill 3 is the second merchant's, 1,000 of 3,000 paid; bill 2 the first merchant's, unpaid.
const partlyPaid = makeBill(3, { paidAmount: 1000, balance: 2000, status: 'partly_paid' });
const unpaid = makeBill(2, { balance: 2000 });

beforeEach(() => {
  signInTestUser();
  server.use(
    ...createBillsFake({ orders: [], bills: [partlyPaid, unpaid] }).handlers,
    // Sent when the network returns after the test; what it answers is not looked at here.
    http.post('*/api/payments', () => ok({}, 'Created', 201)),
  );
});

afterEach(async () => {
  onlineManager.setOnline(true);
  await switchLanguage('en');
});

const rowOf = (number: string) => screen.getByText(number).closest('tr') as HTMLElement;

describe('a payment made offline', { timeout: 30_000 }, () => {
  it('lowers the balances of the bills it settles in the register, marked as not sent', async () => {
    const { queryClient } = renderWithProviders(<BillsPage />, { path: '/billing' });
    await screen.findByText('Showing 1–2 of 2');
    onlineManager.setOnline(false);
    const { wrapper } = createTestWrapper({ queryClient });
    const create = renderHook(() => payments.useCreate(), { wrapper }).result;
    const payment = {
      paymentDate: '2026-05-04',
      method: 'cash' as const,
      reference: null,
      notes: null,
    };

    // Left automatic: the server settles the merchant's oldest open bill first.
    act(() =>
      create.current.mutate({
        ...payment,
        merchantId: BILL_MERCHANTS[1]!._id,
        amount: 400,
        allocations: undefined,
      }),
    );
    await waitFor(() =>
      expect(within(rowOf(partlyPaid.number)).getByText('₹1,600.00')).toBeInTheDocument(),
    );
    expect(within(rowOf(partlyPaid.number)).getByText('Not sent yet')).toBeInTheDocument();

    // Split by hand.
    act(() =>
      create.current.mutate({
        ...payment,
        merchantId: BILL_MERCHANTS[0]!._id,
        amount: 800,
        allocations: [{ billId: unpaid._id, amount: 800 }],
      }),
    );
    await waitFor(() =>
      expect(within(rowOf(unpaid.number)).getByText('₹1,200.00')).toBeInTheDocument(),
    );
    expect(within(rowOf(unpaid.number)).getByText('Not sent yet')).toBeInTheDocument();
    for (const language of ['gu', 'hi'] as const) {
      await switchLanguage(language);
      expect(keyShapedTexts(rowOf(unpaid.number))).toEqual([]);
    }
  });
});
