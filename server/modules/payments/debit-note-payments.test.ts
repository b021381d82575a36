import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelope, paged } from '../../../contract/common.ts';
import { duesReport } from '../../../contract/dues.ts';
import { openBill, payment, type Payment, type PaymentInput } from '../../../contract/payments.ts';
import { billNotes } from '../bill-notes/schema.ts';
import { bills } from '../bills/schema.ts';
import { merchants } from '../merchants/schema.ts';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app.ts';

let t: TestApp;
let owner: TestUser;

interface ErrorBody {
  code: string;
  errors?: { path: string; code: string; params?: Record<string, unknown> }[];
}

const orgOf = (user: TestUser) => user.auth.organization._id;

async function createMerchant(name: string) {
  const id = uuidv7();
  await t.database.handle.db.insert(merchants).values({ organizationId: orgOf(owner), id, name });
  return id;
}

let sequence = 0;
const nextNumber = (prefix: string) => {
  sequence += 1;
  return `${prefix}/2026-27/${String(sequence).padStart(5, '0')}`;
};

/** Rows written straight to the tables: payments care only for dates, totals and status. */
async function insertBill(merchantId: string, billDate: string, dueDate: string, total: number) {
  const id = uuidv7();
  await t.database.handle.db.execute(sql`
    insert into bills (organization_id, id, number, merchant_id, bill_date, due_date, bill_type,
      gst_rate, place_of_supply, taxable_amount, cgst_amount, sgst_amount, igst_amount, round_off,
      total_amount, status, seller, merchant)
    values (${orgOf(owner)}, ${id}, ${nextNumber('T')}, ${merchantId}, ${billDate}::date,
      ${dueDate}::date, 'bill_of_supply', 0, '24', ${String(total)}::numeric, 0, 0, 0, 0,
      ${String(total)}::numeric, 'unpaid', '{}'::jsonb, '{}'::jsonb)`);
  return id;
}

async function insertNote(
  billId: string,
  merchantId: string,
  kind: 'credit' | 'debit',
  noteDate: string,
  dueDate: string | null,
  total: number,
) {
  const id = uuidv7();
  await t.database.handle.db.execute(sql`
    insert into bill_notes (organization_id, id, number, kind, bill_id, merchant_id, note_date,
      due_date, reason, gst_rate, place_of_supply, taxable_amount, cgst_amount, sgst_amount,
      igst_amount, round_off, total_amount, status, seller, merchant)
    values (${orgOf(owner)}, ${id}, ${nextNumber(kind === 'credit' ? 'TC' : 'TD')}, ${kind},
      ${billId}, ${merchantId}, ${noteDate}::date, ${dueDate}::date, 'others', 0, '24',
      ${String(total)}::numeric, 0, 0, 0, 0, ${String(total)}::numeric,
      ${kind === 'credit' ? 'issued' : 'unpaid'}, '{}'::jsonb, '{}'::jsonb)`);
  return id;
}

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

const base = (
  merchantId: string,
  amount: number,
  extra: Partial<PaymentInput> = {},
): PaymentInput => ({ merchantId, paymentDate: '2026-06-20', amount, method: 'upi', ...extra });

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

    const made = await pay(base(merchant, 350));

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
    await pay(base(merchant, 40, { allocations: [{ billId: paidNote, amount: 40 }] }));

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
      base(merchant, 500, {
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

    const made = await pay(base(merchant, 60, { allocations: [{ billId: debit, amount: 60 }] }));
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
    const made = await pay(base(merchant, 30, { allocations: [{ billId: debit, amount: 30 }] }));

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
      base(merchant, 30, { allocations: [{ billId: debit, amount: 30 }] }),
    );
    expect(again.json<ErrorBody>().errors?.[0]).toMatchObject({
      path: 'allocations.0.billId',
      params: { rule: 'bill_not_open' },
    });
  });

  it("counts debit notes in dues' oldest bill and in what was owed before a later payment", async () => {
    const merchant = await createMerchant('Oldest Note Mills');
    const settled = await insertBill(merchant, '2026-04-01', '2026-04-16', 200);
    await pay(base(merchant, 200, { paymentDate: '2026-04-02' }));
    const debit = await insertNote(settled, merchant, 'debit', '2026-04-10', '2026-04-25', 100);
    await insertBill(merchant, '2026-05-01', '2026-05-16', 500);
    // Settles the note after the day the report is asked for.
    await pay(
      base(merchant, 100, {
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
  let baseUrl: string;
  beforeAll(async () => {
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  const post = (body: PaymentInput) =>
    fetch(`${baseUrl}/api/payments`, {
      method: 'POST',
      headers: { ...owner.bearer, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  /** As for bills: the requests queue behind a held lock on the note and then contend at once. */
  async function sentWhileNoteLocked(noteId: string, requests: () => Promise<Response>[]) {
    const blocker = new pg.Client({ connectionString: t.database.url });
    await blocker.connect();
    try {
      await blocker.query('begin');
      await blocker.query(
        'select id from bill_notes where organization_id = $1 and id = $2 for update',
        [orgOf(owner), noteId],
      );
      const pending = requests();
      await new Promise((resolve) => setTimeout(resolve, 500));
      await blocker.query('commit');
      return await Promise.all(pending);
    } finally {
      await blocker.end();
    }
  }

  it.each([2, 10])(
    '%i payments naming the same debit note never take it past its total',
    async (count) => {
      const merchant = await createMerchant(`Note race ${count}`);
      const bill = await insertBill(merchant, '2026-04-01', '2026-04-30', 300);
      const debit = await insertNote(bill, merchant, 'debit', '2026-04-05', '2026-04-20', 1000);
      const responses = await sentWhileNoteLocked(debit, () =>
        Array.from({ length: count }, () =>
          post(base(merchant, 600, { allocations: [{ billId: debit, amount: 600 }] })),
        ),
      );
      const statuses = responses.map((response) => response.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      expect(statuses.every((status) => status === 201 || status === 400)).toBe(true);
      const refusal = (await responses.find((r) => r.status === 400)?.json()) as ErrorBody;
      expect(refusal.errors?.[0]).toMatchObject({
        path: 'allocations.0.amount',
        params: { rule: 'allocation_above_balance', balance: 400 },
      });
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
    const responses = await sentWhileNoteLocked(debit, () =>
      Array.from({ length: 5 }, () => post(base(merchant, 300))),
    );
    expect(responses.map((response) => response.status)).toEqual([201, 201, 201, 201, 201]);
    const made = (await Promise.all(responses.map((r) => r.json()))) as { data: Payment }[];
    const allocated = made.reduce((sum, body) => sum + body.data.allocatedAmount, 0);
    expect(allocated).toBe(1000);
    expect(await noteRow(debit)).toEqual({ paidAmount: 1000, status: 'paid' });
  });
});
