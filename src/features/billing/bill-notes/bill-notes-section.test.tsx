import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BillNote } from '../../../../contract/bill-notes.ts';
import { makeBill } from '@/test/msw/bills';
import { copiedFromBill } from '../print/note-fixture';
import { fail, ok } from '@/test/msw/envelope';
import { onePage } from '@/test/msw/paging';
import { setupMswServer } from '@/test/msw/server';
import { signInTestUser, signInTestUserAs } from '@/test/msw/session';
import { renderWithProviders } from '@/test/render';
import { BillNotesSection } from './bill-notes-section';

const server = setupMswServer();
// A bill of 2,000 at 5 % inside Gujarat: its notes split the tax into CGST and SGST.
const bill = makeBill(2, { gstRate: 5, billDate: '2026-05-02' });

function makeNote(fields: Partial<BillNote> = {}): BillNote {
  return {
    ...copiedFromBill(bill),
    _id: 'note-1',
    version: 1,
    createdAt: '2026-05-10T10:00:00.000Z',
    updatedAt: '2026-05-10T10:00:00.000Z',
    number: 'CN/2026-27/0004',
    kind: 'credit',
    noteDate: '2026-05-10',
    dueDate: null,
    reason: 'sales_return',
    gstRate: 5,
    sac: '998821',
    placeOfSupply: '24',
    taxableAmount: 200,
    cgstAmount: 5,
    sgstAmount: 5,
    igstAmount: 0,
    roundOff: 0,
    totalAmount: 210,
    appliedAmount: 210,
    paidAmount: 0,
    balance: 0,
    status: 'issued',
    isOverdue: false,
    notes: null,
    cancelledAt: null,
    cancelReason: null,
    ...fields,
  };
}


let posted: unknown[] = [];
let listedFor: (string | null)[] = [];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-06-15T06:30:00.000Z'));
  posted = [];
  listedFor = [];
  server.use(
    http.get('*/api/bill-notes', ({ request }) => {
      listedFor.push(new URL(request.url).searchParams.get('billId'));
      return ok(onePage([
        makeNote(),
        makeNote({
          _id: 'note-2',
          number: 'DN/2026-27/0001',
          kind: 'debit',
          reason: 'correction_in_invoice',
          noteDate: '2026-05-12',
          totalAmount: 525,
          status: 'unpaid',
        }),
      ]));
    }),
    http.get('*/api/bill-notes/next-number', ({ request }) => {
      const kind = new URL(request.url).searchParams.get('kind');
      return ok({
        number: kind === 'credit' ? 'CN/2026-27/0005' : 'DN/2026-27/0002',
        financialYear: '2026-27',
        sequence: 5,
      });
    }),
  );
});

afterEach(() => {
  vi.useRealTimers();
});

async function openCreditNote() {
  signInTestUser();
  const view = renderWithProviders(<BillNotesSection bill={bill} />);
  const section = await screen.findByRole('region', { name: 'Credit and debit notes' });
  await view.user.click(within(section).getByRole('button', { name: 'Credit note' }));
  const dialog = await screen.findByRole('dialog', { name: `Credit note against ${bill.number}` });
  const amount = within(dialog).getByRole('textbox', { name: /Taxable value/ });
  await view.user.type(amount, '1000');
  return { ...view, dialog, amount };
}

describe("a bill's credit and debit notes", () => {
  it('lists the notes with number, kind, date, reason, total and status', async () => {
    signInTestUser();
    renderWithProviders(<BillNotesSection bill={bill} />);
    const table = await screen.findByRole('table', { name: 'Credit and debit notes' });
    await within(table).findByText('CN/2026-27/0004');
    const rows = within(table).getAllByRole('row');
    expect(rows.slice(1).map((row) => row.textContent)).toEqual([
      'CN/2026-27/0004Credit note10 May 2026Sales return₹210.00IssuedCancel',
      'DN/2026-27/0001Debit note12 May 2026Correction in invoice₹525.00UnpaidCancel',
    ]);
    expect(listedFor).toEqual([bill._id]);
    expect(within(table).getByRole('link', { name: 'CN/2026-27/0004' })).toHaveAttribute(
      'href',
      '/billing/notes/note-1/print',
    );
  });

  it('reviews the figures and the number, and sends nothing until "Issue note"', async () => {
    server.use(
      http.post('*/api/bill-notes', async ({ request }) => {
        posted.push(await request.json());
        return ok(makeNote({ number: 'CN/2026-27/0005' }), 'Note created', 201);
      }),
    );
    const { user, dialog } = await openCreditNote();
    await user.click(within(dialog).getByRole('button', { name: 'Review note' }));

    const review = await screen.findByRole('dialog', { name: 'Review the credit note' });
    const figures = within(review).getByRole('group', { name: 'Note figures' });
    expect(figures).toHaveTextContent(
      'Taxable value₹1,000.00CGST 2.5 %₹25.00SGST 2.5 %₹25.00Round-off₹0.00Total₹1,050.00',
    );
    expect(review).toHaveTextContent(`Against invoice: ${bill.number} · 02 May 2026`);
    expect(review).toHaveTextContent('Note date: 15 Jun 2026');
    expect(
      await within(review).findByText('Will be numbered about CN/2026-27/0005'),
    ).toBeInTheDocument();
    expect(posted).toEqual([]);

    await user.click(within(review).getByRole('button', { name: 'Back to edit' }));
    expect(posted).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Review note' }));
    const again = await screen.findByRole('dialog', { name: 'Review the credit note' });
    await user.click(within(again).getByRole('button', { name: 'Issue note' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      billId: bill._id,
      kind: 'credit',
      noteDate: '2026-06-15',
      reason: 'post_sale_discount',
      taxableAmount: 1000,
      notes: null,
    });
    await waitFor(() =>
      expect(
        screen.queryByRole('dialog', { name: `Credit note against ${bill.number}` }),
      ).not.toBeInTheDocument(),
    );
  });

  it("keeps the form with the server's reason on the amount when the note is refused", async () => {
    server.use(
      http.post('*/api/bill-notes', async ({ request }) => {
        posted.push(await request.json());
        return fail(
          400,
          'Validation failed',
          [
            {
              path: 'taxableAmount',
              code: 'too_big',
              params: { maximum: 800 },
              message: "Credit notes can take the bill's taxable amount down by 800.00 more at most",
            },
          ],
          'validation_failed',
        );
      }),
    );
    const { user, dialog, amount } = await openCreditNote();
    await user.click(within(dialog).getByRole('button', { name: 'Review note' }));
    const review = await screen.findByRole('dialog', { name: 'Review the credit note' });
    await user.click(within(review).getByRole('button', { name: 'Issue note' }));

    expect(await within(dialog).findByText('Must be at most 800')).toBeVisible();
    expect(posted).toHaveLength(1);
    expect(amount).toHaveValue('1,000');
    expect(
      screen.queryByRole('dialog', { name: 'Review the credit note' }),
    ).not.toBeInTheDocument();
  });

  it('names what cancelling undoes, and offers nothing to write on a cancelled bill', async () => {
    signInTestUser();
    const { user, unmount } = renderWithProviders(<BillNotesSection bill={bill} />);
    await user.click(await screen.findByRole('button', { name: 'Cancel note CN/2026-27/0004' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel note CN/2026-27/0004' });
    expect(dialog).toHaveTextContent(`Bill ${bill.number} owes ₹210.00 again.`);
    unmount();

    renderWithProviders(<BillNotesSection bill={{ ...bill, status: 'cancelled' }} />);
    await screen.findByRole('table', { name: 'Credit and debit notes' });
    expect(screen.queryByRole('button', { name: 'Credit note' })).not.toBeInTheDocument();
  });

  it('shows nothing to staff', () => {
    signInTestUserAs('staff');
    renderWithProviders(<BillNotesSection bill={bill} />);
    expect(
      screen.queryByRole('region', { name: 'Credit and debit notes' }),
    ).not.toBeInTheDocument();
    expect(listedFor).toEqual([]);
  });
});
