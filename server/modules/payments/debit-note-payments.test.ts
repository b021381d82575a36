import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelope, paged } from '../../../contract/common.ts';
import { duesReport } from '../../../contract/dues.ts';
import { openBill, payment, type Payment, type PaymentInput } from '../../../contract/payments.ts';
import { billNotes } from '../bill-notes/schema.ts';
import type { ErrorBody } from '../bills/bill-test-fixture.ts';
import { bills } from '../bills/schema.ts';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app.ts';
import {
  createMerchant as createMerchantRow,
  expectOneAllocationWins,
  insertBill as insertBillRow,
  insertNote as insertNoteRow,
  orgOf,
  paymentOf,
  racingPayments,
} from './payment-test-rows.ts';

let t: TestApp, owner: TestUser;

const createMerchant = (name: string) => createMerchantRow(t, owner, name);

const insertBill = async (merchantId: string, billDate: string, dueDate: string, total: number) =>
  (await insertBillRow(t, owner, merchantId, { billDate, dueDate, total })).id;

const insertNote = (
  billId: string,
  merchantId: string,
  kind: 'credit' | 'debit',
  noteDate: string,
  dueDate: string | null,
  total: number,
) => insertNoteRow(t, owner, { billId, merchantId }, { kind, noteDate, dueDate, total });

async function noteRow(id: string) {
  const [row] = await t.database.handle.db
    .select({ paidAmount: billNotes.paidAmount, status: billNotes.status })
    .from(billNotes)
    .where(and(eq(billNotes.organizationId, orgOf(owner)), eq(billNotes.id, id)));
  return row;
}

async function billRow(id: string) {
  const [row] = await t.database.handle.db
    .select({ paidAmount: bills.paidAmount, status: bills.status })
    .from(bills)
    .where(and(eq(bills.organizationId, orgOf(owner)), eq(bills.id, id)));
  return row;
}

const settled = (made: Payment) =>
  made.allocations.map((row) => [row.billId, row.kind, row.amount]);

async function pay(body: PaymentInput): Promise<Payment> {
  const response = await t.send(owner, 'POST', '/api/payments', body);
  expect(response.statusCode, response.body).toBe(201);
  return envelope(payment).parse(response.json()).data;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.registerUser();
});
afterAll(() => t.close());

describe('payments settling debit notes', () => {
  it('settles bills and debit notes together, oldest first by date', async () => {
    const merchant = await createMerchant('Due First Mills');
    const first = await insertBill(merchant, '2026-04-01', '2026-04-30', 300);
    const note = await insertNote(first, merchant, 'debit', '2026-04-05', '2026-04-20', 100);
    const second = await insertBill(merchant, '2026-04-10', '2026-05-10', 500);

    const made = await pay(paymentOf(merchant, 350));

    // The note falls due before the first bill but was issued after it: dates decide, not due dates.
    expect(settled(made)).toEqual([
      [first, 'bill', 300],
      [note, 'debit_note', 50],
    ]);
    expect(made.unallocatedAmount).toBe(0);
    expect(await noteRow(note)).toEqual({ paidAmount: 50, status: 'partly_paid' });
    expect(await billRow(first)).toEqual({ paidAmount: 300, status: 'paid' });
    expect(await billRow(second)).toEqual({ paidAmount: 0, status: 'unpaid' });

    const removed = await t.send(owner, 'DELETE', `/api/payments/${made._id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await noteRow(note)).toEqual({ paidAmount: 0, status: 'unpaid' });
  });

  it('lists open debit notes among the open bills, marked as such, in settling order', async () => {
    const merchant = await createMerchant('Open List Mills');
    const bill = await insertBill(merchant, '2026-04-01', '2026-04-30', 300);
    const debit = await insertNote(bill, merchant, 'debit', '2026-04-05', '2026-04-20', 100);
    await insertNote(bill, merchant, 'credit', '2026-04-06', null, 50);
    const paidNote = await insertNote(bill, merchant, 'debit', '2026-04-07', '2026-04-22', 40);
    await pay(paymentOf(merchant, 40, { allocations: [{ billId: paidNote, amount: 40 }] }));

    const response = await t.send(owner, 'GET', `/api/payments/open-bills?merchantId=${merchant}`);
    expect(response.statusCode, response.body).toBe(200);
    const rows = envelope(z.object({ data: z.array(openBill) })).parse(response.json()).data.data;
    expect(rows.map((row) => [row._id, row.kind, row.balance, row.dueDate])).toEqual([
      [bill, 'bill', 300, '2026-04-30'],
      [debit, 'debit_note', 100, '2026-04-20'],
    ]);
  });

  it('takes named allocations to a debit note and refuses what breaks a rule', async () => {
    const merchant = await createMerchant('Named Note Mills');
    const bill = await insertBill(merchant, '2026-04-01', '2026-04-30', 300);
    const debit = await insertNote(bill, merchant, 'debit', '2026-04-05', '2026-04-20', 100);
    const credit = await insertNote(bill, merchant, 'credit', '2026-04-06', null, 50);

    const refused = await t.send(
      owner,
      'POST',
      '/api/payments',
      paymentOf(merchant, 500, {
        allocations: [
          { billId: debit, amount: 150 },
          { billId: credit, amount: 10 },
        ],
      }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ErrorBody>().errors).toEqual([
      expect.objectContaining({
        path: 'allocations.0.amount',
        params: { rule: 'allocation_above_balance', balance: 100 },
      }),
      expect.objectContaining({ path: 'allocations.1.billId', params: { rule: 'bill_not_open' } }),
    ]);

    const made = await pay(
      paymentOf(merchant, 60, { allocations: [{ billId: debit, amount: 60 }] }),
    );
    expect(settled(made)).toEqual([[debit, 'debit_note', 60]]);
    expect(await noteRow(debit)).toEqual({ paidAmount: 60, status: 'partly_paid' });
    const listed = await t.send(owner, 'GET', `/api/payments?billId=${debit}`);
    const page = envelope(paged(payment)).parse(listed.json()).data;
    expect(page.data.map((row) => row._id)).toEqual([made._id]);
  });

  it('keeps a debit note with a payment allocated from being cancelled (409)', async () => {
    const merchant = await createMerchant('Cancel Note Mills');
    const bill = await insertBill(merchant, '2026-04-01', '2026-04-30', 300);
    const debit = await insertNote(bill, merchant, 'debit', '2026-04-05', '2026-04-20', 100);
    const made = await pay(
      paymentOf(merchant, 30, { allocations: [{ billId: debit, amount: 30 }] }),
    );

    const refused = await t.send(owner, 'POST', `/api/bill-notes/${debit}/cancel`, {
      reason: 'Wrong',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ErrorBody>().code).toBe('bill_has_payments');

    await t.send(owner, 'DELETE', `/api/payments/${made._id}`);
    const cancelled = await t.send(owner, 'POST', `/api/bill-notes/${debit}/cancel`, {
      reason: 'Wrong',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const again = await t.send(
      owner,
      'POST',
      '/api/payments',
      paymentOf(merchant, 30, { allocations: [{ billId: debit, amount: 30 }] }),
    );
    expect(again.json<ErrorBody>().errors?.[0]).toMatchObject({
      path: 'allocations.0.billId',
      params: { rule: 'bill_not_open' },
    });
  });

  it("counts debit notes in dues' oldest bill and in what was owed before a later payment", async () => {
    const merchant = await createMerchant('Oldest Note Mills');
    const settled = await insertBill(merchant, '2026-04-01', '2026-04-16', 200);
    await pay(paymentOf(merchant, 200, { paymentDate: '2026-04-02' }));
    const debit = await insertNote(settled, merchant, 'debit', '2026-04-10', '2026-04-25', 100);
    await insertBill(merchant, '2026-05-01', '2026-05-16', 500);
    // Settles the note after the day the report is asked for.
    await pay(
      paymentOf(merchant, 100, {
        paymentDate: '2026-06-01',
        allocations: [{ billId: debit, amount: 100 }],
      }),
    );

    const dues = async (asOf: string) => {
      const response = await t.send(owner, 'GET', `/api/reports/dues?asOf=${asOf}`);
      expect(response.statusCode, response.body).toBe(200);
      return envelope(duesReport)
        .parse(response.json())
        .data.rows.find((row) => row.merchantId === merchant);
    };
    expect(await dues('2026-05-20')).toMatchObject({
      outstandingAmount: 600,
      oldestDueDate: '2026-04-25',
      oldestBillDays: 40,
    });
    expect(await dues('2026-06-10')).toMatchObject({
      outstandingAmount: 500,
      oldestDueDate: '2026-05-16',
    });
  });
});

describe('debit note payments at the same moment', () => {
  // As for bills: the requests queue behind a held lock on the note and then contend at once.
  const race = racingPayments(() => ({ app: t, user: owner }));

  it.each([2, 10])(
    '%i payments naming the same debit note never take it past its total',
    async (count) => {
      const merchant = await createMerchant(`Note race ${count}`);
      const bill = await insertBill(merchant, '2026-04-01', '2026-04-30', 300);
      const debit = await insertNote(bill, merchant, 'debit', '2026-04-05', '2026-04-20', 1000);
      const responses = await race.whileLocked('bill_notes', debit, () =>
        Array.from({ length: count }, () =>
          race.post(paymentOf(merchant, 600, { allocations: [{ billId: debit, amount: 600 }] })),
        ),
      );
      await expectOneAllocationWins(responses, 400);
      expect(await noteRow(debit)).toEqual({ paidAmount: 600, status: 'partly_paid' });
    },
  );

  it('settles a debit note exactly once when automatic payments arrive together', async () => {
    const merchant = await createMerchant('Note race automatic');
    const bill = await insertBill(merchant, '2026-04-01', '2026-04-30', 300);
    await t.database.handle.db.execute(sql`
      update bills set paid_amount = 300, status = 'paid'
      where organization_id = ${orgOf(owner)} and id = ${bill}`);
    const debit = await insertNote(bill, merchant, 'debit', '2026-04-05', '2026-04-20', 1000);
    const responses = await race.whileLocked('bill_notes', debit, () =>
      Array.from({ length: 5 }, () => race.post(paymentOf(merchant, 300))),
    );
    expect(responses.map((response) => response.status)).toEqual([201, 201, 201, 201, 201]);
    const made = (await Promise.all(responses.map((r) => r.json()))) as { data: Payment }[];
    const allocated = made.reduce((sum, body) => sum + body.data.allocatedAmount, 0);
    expect(allocated).toBe(1000);
    expect(await noteRow(debit)).toEqual({ paidAmount: 1000, status: 'paid' });
  });
});
