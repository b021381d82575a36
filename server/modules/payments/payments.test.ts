import { readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bill } from '../../../contract/bills.ts';
import { envelope, paged } from '../../../contract/common.ts';
import { order } from '../../../contract/orders.ts';
import {
  openBill,
  payment,
  paymentTotals,
  type Payment,
  type PaymentInput,
} from '../../../contract/payments.ts';
import { queryRows } from '../../db/database.ts';
import { auditLog, organizations } from '../../db/platform-tables.ts';
import { signUpRoles, type ErrorBody } from '../bills/bill-test-fixture.ts';
import { bills } from '../bills/schema.ts';
import { designs } from '../designs/schema.ts';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app.ts';
import { allocationViolation } from './allocations.ts';
import {
  createMerchant,
  expectOneAllocationWins,
  insertBill,
  orgOf,
  paymentOf,
  racingPayments,
} from './payment-test-rows.ts';

let t: TestApp;
let owner: TestUser;
let admin: TestUser;
let staff: TestUser;
let stranger: TestUser;

async function readBillRow(user: TestUser, id: string) {
  const [row] = await t.database.handle.db
    .select({ paidAmount: bills.paidAmount, status: bills.status, totalAmount: bills.totalAmount })
    .from(bills)
    .where(and(eq(bills.organizationId, orgOf(user)), eq(bills.id, id)));
  return row;
}

const paymentEnvelope = envelope(payment);

async function pay(user: TestUser, body: PaymentInput): Promise<Payment> {
  const response = await t.send(user, 'POST', '/api/payments', body);
  expect(response.statusCode, response.body).toBe(201);
  return paymentEnvelope.parse(response.json()).data;
}

async function readPayment(user: TestUser, id: string) {
  const response = await t.send(user, 'GET', `/api/payments/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return paymentEnvelope.parse(response.json()).data;
}

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, admin, staff, stranger } = await signUpRoles(t));
});
afterAll(() => t.close());

describe('automatic allocation', () => {
  it('settles the oldest bills first and keeps the rest as an advance', async () => {
    const merchant = await createMerchant(t, owner, 'Oldest First Mills');
    // Inserted out of order: same date, so the number decides between the first two.
    const later = await insertBill(t, owner, merchant, { billDate: '2026-05-10', total: 500 });
    const sameDayA = await insertBill(t, owner, merchant, { billDate: '2026-04-01', total: 300 });
    const sameDayB = await insertBill(t, owner, merchant, { billDate: '2026-04-01', total: 200 });
    const cancelled = await insertBill(t, owner, merchant, {
      billDate: '2026-03-01',
      total: 999,
      status: 'cancelled',
    });

    const first = await pay(owner, paymentOf(merchant, 400));
    expect(first.allocations).toEqual([
      { billId: sameDayA.id, billNumber: sameDayA.number, kind: 'bill', amount: 300 },
      { billId: sameDayB.id, billNumber: sameDayB.number, kind: 'bill', amount: 100 },
    ]);
    expect(first.allocatedAmount).toBe(400);
    expect(first.unallocatedAmount).toBe(0);
    expect(first.merchant).toEqual({ _id: merchant, name: 'Oldest First Mills' });
    expect(await readBillRow(owner, sameDayA.id)).toMatchObject({
      paidAmount: 300,
      status: 'paid',
    });
    expect(await readBillRow(owner, sameDayB.id)).toMatchObject({
      paidAmount: 100,
      status: 'partly_paid',
    });

    // 700.50 + 20.25 TDS: 100 to the second bill, 500 to the last, 120.75 left over.
    const second = await pay(
      owner,
      paymentOf(merchant, 700.5, { tdsAmount: 20.25, method: 'cash' }),
    );
    expect(second.allocations.map((row) => [row.billId, row.amount])).toEqual([
      [sameDayB.id, 100],
      [later.id, 500],
    ]);
    expect(second.tdsAmount).toBe(20.25);
    expect(second.allocatedAmount).toBe(600);
    expect(second.unallocatedAmount).toBe(120.75);
    expect(await readBillRow(owner, later.id)).toMatchObject({ paidAmount: 500, status: 'paid' });
    expect(await readBillRow(owner, cancelled.id)).toMatchObject({ paidAmount: 0 });

    // Nothing open: all of it is an advance.
    const third = await pay(owner, paymentOf(merchant, 50));
    expect(third.allocations).toEqual([]);
    expect(third.unallocatedAmount).toBe(50);
  });

  it('marks the orders of a bill it pays in full as paid', async () => {
    await t.database.handle.db
      .update(organizations)
      .set({ state: '24', billPrefix: 'INV', defaultSac: '998821', defaultGstRate: 5 })
      .where(eq(organizations.id, orgOf(owner)));
    const merchant = await createMerchant(t, owner, 'Order Flag Silk');
    const designId = uuidv7();
    await t.database.handle.db.insert(designs).values({
      organizationId: orgOf(owner),
      id: designId,
      name: 'Buta',
      designCode: 'BUTA-1',
      rate: 10,
    });
    const created = await t.send(owner, 'POST', '/api/orders', {
      merchantId: merchant,
      poNumber: 'PO-PAY-1',
      orderDate: '2026-05-01',
      designs: [{ designId, quantity: 10, rate: 100 }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const orderId = created.json<{ data: { _id: string } }>().data._id;
    for (const status of ['in_progress', 'completed']) {
      const moved = await t.send(owner, 'PUT', `/api/orders/${orderId}/status`, {
        status,
        ...(status === 'completed' ? { force: true } : {}),
      });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const billed = await t.send(owner, 'POST', '/api/bills', {
      merchantId: merchant,
      orderIds: [orderId],
      billDate: '2026-06-10',
    });
    expect(billed.statusCode, billed.body).toBe(201);
    const madeBill = envelope(bill).parse(billed.json()).data;
    const readOrder = async () =>
      envelope(order).parse((await t.send(owner, 'GET', `/api/orders/${orderId}`)).json()).data;

    const part = await pay(owner, paymentOf(merchant, 100));
    expect((await readOrder()).isPaid).toBe(false);
    const rest = await pay(owner, paymentOf(merchant, madeBill.totalAmount - 100));
    expect(rest.unallocatedAmount).toBe(0);
    expect((await readOrder()).isPaid).toBe(true);
    const billNow = envelope(bill).parse(
      (await t.send(owner, 'GET', `/api/bills/${madeBill._id}`)).json(),
    ).data;
    expect(billNow).toMatchObject({ status: 'paid', balance: 0 });

    const removed = await t.send(owner, 'DELETE', `/api/payments/${rest._id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await readOrder()).isPaid).toBe(false);
    expect(await readBillRow(owner, madeBill._id)).toMatchObject({
      paidAmount: 100,
      status: 'partly_paid',
    });
    expect(part.allocations).toHaveLength(1);
  });
});

describe('named allocations', () => {
  it('stores them as given and refuses what breaks a rule, per allocation', async () => {
    const merchant = await createMerchant(t, owner, 'Named Allocations');
    const other = await createMerchant(t, owner, 'Someone Else');
    const a = await insertBill(t, owner, merchant, { billDate: '2026-04-01', total: 1000 });
    const b = await insertBill(t, owner, merchant, { billDate: '2026-04-05', total: 250.5 });
    const cancelled = await insertBill(t, owner, merchant, {
      billDate: '2026-04-06',
      total: 10,
      status: 'cancelled',
    });
    const theirs = await insertBill(t, owner, other, { billDate: '2026-04-02', total: 100 });
    const strangerMerchant = await createMerchant(t, stranger, 'Foreign');
    const foreign = await insertBill(t, stranger, strangerMerchant, {
      billDate: '2026-04-02',
      total: 100,
    });

    const stored = await pay(
      owner,
      paymentOf(merchant, 300, {
        allocations: [
          { billId: b.id, amount: 50.5 },
          { billId: a.id, amount: 200 },
        ],
      }),
    );
    // Ordered by bill date, not as sent.
    expect(stored.allocations).toEqual([
      { billId: a.id, billNumber: a.number, kind: 'bill', amount: 200 },
      { billId: b.id, billNumber: b.number, kind: 'bill', amount: 50.5 },
    ]);
    expect(stored.unallocatedAmount).toBe(49.5);

    const refused = await t.send(
      owner,
      'POST',
      '/api/payments',
      paymentOf(merchant, 5000, {
        allocations: [
          { billId: a.id, amount: 800.01 },
          { billId: theirs.id, amount: 10 },
          { billId: cancelled.id, amount: 5 },
          { billId: foreign.id, amount: 5 },
          { billId: b.id, amount: 200 },
        ],
      }),
    );
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json<ErrorBody>().errors).toEqual([
      expect.objectContaining({
        path: 'allocations.0.amount',
        code: 'invalid_value',
        params: { rule: 'allocation_above_balance', balance: 800 },
      }),
      expect.objectContaining({
        path: 'allocations.1.billId',
        code: 'invalid_value',
        params: { rule: 'bill_other_merchant' },
      }),
      expect.objectContaining({
        path: 'allocations.2.billId',
        code: 'invalid_value',
        params: { rule: 'bill_not_open' },
      }),
      // Another organization's bill does not exist as far as this one can tell.
      expect.objectContaining({ path: 'allocations.3.billId', code: 'not_found' }),
    ]);
    // Nothing of the refused payment was kept.
    expect(await readBillRow(owner, a.id)).toMatchObject({ paidAmount: 200 });
    expect(await readBillRow(owner, b.id)).toMatchObject({ paidAmount: 50.5 });

    const tooMuch = await t.send(
      owner,
      'POST',
      '/api/payments',
      paymentOf(merchant, 100, { tdsAmount: 10, allocations: [{ billId: a.id, amount: 110.01 }] }),
    );
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json<ErrorBody>().errors).toEqual([
      expect.objectContaining({
        path: 'allocations',
        params: { rule: 'allocations_exceed_payment' },
      }),
    ]);

    // An empty list is "settle nothing", unlike an absent one.
    const advance = await pay(owner, paymentOf(merchant, 75, { allocations: [] }));
    expect(advance.allocations).toEqual([]);
    expect(advance.unallocatedAmount).toBe(75);
  });

  it('refuses an unknown merchant and another organization’s merchant', async () => {
    const foreign = await createMerchant(t, stranger, 'Not Yours');
    for (const merchantId of [uuidv7(), foreign]) {
      const response = await t.send(owner, 'POST', '/api/payments', paymentOf(merchantId, 10));
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorBody>().errors?.[0]).toMatchObject({
        path: 'merchantId',
        code: 'not_found',
      });
    }
  });
});

describe('update and delete', () => {
  it('replaces the allocations, checks the version and gives the money back on delete', async () => {
    const merchant = await createMerchant(t, owner, 'Edited Payments');
    const a = await insertBill(t, owner, merchant, { billDate: '2026-04-01', total: 100 });
    const b = await insertBill(t, owner, merchant, { billDate: '2026-04-02', total: 100 });
    const created = await pay(owner, paymentOf(merchant, 150));
    expect(await readBillRow(owner, a.id)).toMatchObject({ paidAmount: 100, status: 'paid' });

    const moved = await t.send(owner, 'PUT', `/api/payments/${created._id}`, {
      ...created,
      amount: 120,
      notes: 'Only the second bill',
      allocations: [{ billId: b.id, amount: 100 }],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const updated = paymentEnvelope.parse(moved.json()).data;
    expect(updated.version).toBe(created.version + 1);
    expect(updated.allocations).toEqual([
      { billId: b.id, billNumber: b.number, kind: 'bill', amount: 100 },
    ]);
    expect(updated.unallocatedAmount).toBe(20);
    expect(await readBillRow(owner, a.id)).toMatchObject({ paidAmount: 0, status: 'unpaid' });
    expect(await readBillRow(owner, b.id)).toMatchObject({ paidAmount: 100, status: 'paid' });

    const stale = await t.send(owner, 'PUT', `/api/payments/${created._id}`, {
      ...created,
      amount: 200,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<ErrorBody & { data: Payment }>()).toMatchObject({
      code: 'stale_version',
      data: { _id: created._id, version: updated.version, amount: 120 },
    });

    // Without allocations it goes back to automatic, oldest first.
    const automatic = await t.send(owner, 'PUT', `/api/payments/${created._id}`, {
      ...updated,
      allocations: undefined,
    });
    expect(automatic.statusCode, automatic.body).toBe(200);
    expect(paymentEnvelope.parse(automatic.json()).data.allocations).toEqual([
      { billId: a.id, billNumber: a.number, kind: 'bill', amount: 100 },
      { billId: b.id, billNumber: b.number, kind: 'bill', amount: 20 },
    ]);

    const removed = await t.send(owner, 'DELETE', `/api/payments/${created._id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ data: { _id: created._id } });
    expect(await readBillRow(owner, a.id)).toMatchObject({ paidAmount: 0, status: 'unpaid' });
    expect(await readBillRow(owner, b.id)).toMatchObject({ paidAmount: 0, status: 'unpaid' });
    expect((await t.send(owner, 'GET', `/api/payments/${created._id}`)).statusCode).toBe(404);
    expect((await t.send(owner, 'DELETE', `/api/payments/${created._id}`)).statusCode).toBe(404);
  });

  it('keeps a bill with payments from being cancelled, and its merchant from being deleted', async () => {
    const merchant = await createMerchant(t, owner, 'Held By Payments');
    const held = await insertBill(t, owner, merchant, { billDate: '2026-04-01', total: 100 });
    const created = await pay(owner, paymentOf(merchant, 10));
    const cancel = await t.send(owner, 'POST', `/api/bills/${held.id}/cancel`, {
      reason: 'Wrong rate',
    });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json<ErrorBody>().code).toBe('bill_has_payments');

    // Even a payment that settles nothing keeps its merchant.
    const onlyAdvance = await createMerchant(t, owner, 'Advance Only');
    await pay(owner, paymentOf(onlyAdvance, 10));
    const deleteMerchant = await t.send(owner, 'DELETE', `/api/merchants/${onlyAdvance}`);
    expect(deleteMerchant.statusCode).toBe(409);
    expect(deleteMerchant.json<ErrorBody>().code).toBe('still_referenced');

    expect((await t.send(owner, 'DELETE', `/api/payments/${created._id}`)).statusCode).toBe(200);
    const cancelled = await t.send(owner, 'POST', `/api/bills/${held.id}/cancel`, {
      reason: 'Wrong rate',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
  });

  it('writes create, update and delete to the audit trail in words a reader knows', async () => {
    const merchant = await createMerchant(t, owner, 'Audited Traders');
    const a = await insertBill(t, owner, merchant, { billDate: '2026-04-01', total: 100 });
    const created = await pay(owner, paymentOf(merchant, 60));
    const updated = await t.send(owner, 'PUT', `/api/payments/${created._id}`, {
      ...created,
      amount: 80,
      allocations: undefined,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    await t.send(owner, 'DELETE', `/api/payments/${created._id}`);
    const entries = await t.database.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'payment'), eq(auditLog.entityId, created._id)))
      .orderBy(auditLog.at, auditLog.id);
    expect(entries.map((entry) => entry.action)).toEqual(['create', 'update', 'delete']);
    expect(entries[0]?.changes).toMatchObject({
      merchant: [null, 'Audited Traders'],
      amount: [null, 60],
      allocations: [null, [{ billNumber: a.number, amount: 60 }]],
    });
    expect(entries[1]?.changes).toMatchObject({
      amount: [60, 80],
      allocations: [[{ billNumber: a.number, amount: 60 }], [{ billNumber: a.number, amount: 80 }]],
    });
    expect(entries[2]?.changes).toMatchObject({ amount: [80, null] });
    expect(entries.every((entry) => entry.userId === owner.auth.user._id)).toBe(true);
  });

  it("records in each bill's own history what a payment did to it, and leaves untouched bills out", async () => {
    const merchant = await createMerchant(t, owner, 'Settled Traders');
    const older = await insertBill(t, owner, merchant, { billDate: '2026-04-01', total: 100 });
    const newer = await insertBill(t, owner, merchant, { billDate: '2026-04-02', total: 50 });
    const created = await pay(owner, paymentOf(merchant, 120));
    const updated = await t.send(owner, 'PUT', `/api/payments/${created._id}`, {
      ...created,
      amount: 100,
      allocations: undefined,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    await t.send(owner, 'DELETE', `/api/payments/${created._id}`);
    const historyOf = (billId: string) =>
      t.database.handle.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'bill'), eq(auditLog.entityId, billId)))
        .orderBy(auditLog.at, auditLog.id);
    // 120 goes oldest first (100 + 20); lowered to 100 the older bill keeps its 100, so only the
    // newer one changes; the delete gives the older one its 100 back.
    const olderHistory = await historyOf(older.id);
    expect(olderHistory.map((entry) => entry.changes)).toEqual([
      { paidAmount: [0, 100], status: ['unpaid', 'paid'] },
      { paidAmount: [100, 0], status: ['paid', 'unpaid'] },
    ]);
    const newerHistory = await historyOf(newer.id);
    expect(newerHistory.map((entry) => entry.changes)).toEqual([
      { paidAmount: [0, 20], status: ['unpaid', 'partly_paid'] },
      { paidAmount: [20, 0], status: ['partly_paid', 'unpaid'] },
    ]);
    expect(olderHistory.every((entry) => entry.action === 'update')).toBe(true);
    expect(olderHistory.every((entry) => entry.userId === owner.auth.user._id)).toBe(true);
  });
});

describe('reading', () => {
  it('filters, sorts, pages and totals the list, and lists open bills oldest first', async () => {
    // Dates years in the past, so "overdue" holds whichever day the suite runs (due 2099 never is).
    const merchant = await createMerchant(t, owner, 'Listed Payments');
    const other = await createMerchant(t, owner, 'Listed Others');
    const a = await insertBill(t, owner, merchant, {
      billDate: '2023-05-01',
      dueDate: '2099-12-31',
      total: 500,
    });
    const b = await insertBill(t, owner, merchant, {
      billDate: '2023-04-01',
      dueDate: '2023-04-15',
      total: 300,
    });
    const paid = await insertBill(t, owner, merchant, { billDate: '2023-03-01', total: 10 });
    await insertBill(t, owner, merchant, {
      billDate: '2023-03-01',
      total: 10,
      status: 'cancelled',
    });
    const p1 = await pay(
      owner,
      paymentOf(merchant, 110, { paymentDate: '2023-05-02', method: 'cash' }),
    );
    const p2 = await pay(
      owner,
      paymentOf(merchant, 40, { paymentDate: '2023-05-20', tdsAmount: 4, allocations: [] }),
    );
    const p3 = await pay(
      owner,
      paymentOf(other, 25, { paymentDate: '2023-06-01', method: 'cheque' }),
    );

    const list = async (query: string) => {
      const response = await t.send(owner, 'GET', `/api/payments?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return envelope(paged(payment)).parse(response.json()).data;
    };
    expect((await list(`merchantId=${merchant}`)).data.map((row) => row._id)).toEqual([
      p2._id,
      p1._id,
    ]);
    expect((await list(`merchantId=${merchant}&sort=amount`)).data.map((row) => row._id)).toEqual([
      p2._id,
      p1._id,
    ]);
    expect((await list(`billId=${b.id}`)).data.map((row) => row._id)).toEqual([p1._id]);
    expect((await list(`method=cheque&merchantId=${other}`)).data.map((r) => r._id)).toEqual([
      p3._id,
    ]);
    const paging = await list(`merchantId=${merchant}&limit=1&page=2&sort=paymentDate`);
    expect(paging).toMatchObject({ totalCount: 2, totalPages: 2, currentPage: 2 });
    expect(paging.data.map((row) => row._id)).toEqual([p2._id]);
    const ranged = await list(`startDate=2023-05-10&endDate=2023-05-31&merchantId=${merchant}`);
    expect(ranged.data.map((row) => row._id)).toEqual([p2._id]);
    expect((await t.send(owner, 'GET', '/api/payments?sort=merchant')).statusCode).toBe(400);

    const totals = await t.send(owner, 'GET', `/api/payments/totals?merchantId=${merchant}`);
    expect(totals.statusCode, totals.body).toBe(200);
    expect(envelope(paymentTotals).parse(totals.json()).data).toEqual({
      count: 2,
      amount: 150,
      tdsAmount: 4,
      unallocatedAmount: 44,
    });

    const open = await t.send(owner, 'GET', `/api/payments/open-bills?merchantId=${merchant}`);
    expect(open.statusCode, open.body).toBe(200);
    const openBills = envelope(z.object({ data: z.array(openBill) })).parse(open.json()).data.data;
    expect(openBills).toEqual([
      {
        _id: b.id,
        kind: 'bill',
        number: b.number,
        billDate: '2023-04-01',
        dueDate: '2023-04-15',
        totalAmount: 300,
        paidAmount: 100,
        balance: 200,
        isOverdue: true,
      },
      {
        _id: a.id,
        kind: 'bill',
        number: a.number,
        billDate: '2023-05-01',
        dueDate: '2099-12-31',
        totalAmount: 500,
        paidAmount: 0,
        balance: 500,
        isOverdue: false,
      },
    ]);
    expect(openBills.some((row) => row._id === paid.id)).toBe(false);
    expect(
      (await t.send(owner, 'GET', '/api/payments/open-bills')).statusCode,
      'merchantId is required',
    ).toBe(400);
  });
});

const paymentsLocale = (language: string) =>
  JSON.parse(
    readFileSync(
      new URL(`../../../public/locales/${language}/payments.json`, import.meta.url),
      'utf8',
    ),
  ) as Record<string, Record<string, string>>;

function parseCsv(body: string) {
  expect(body.charCodeAt(0), 'a BOM, so Excel reads Gujarati and Hindi').toBe(0xfeff);
  const [headers, ...rows] = Papa.parse<string[]>(body.slice(1), { skipEmptyLines: true }).data;
  return { headers: headers ?? [], rows };
}

describe('GET /api/payments/export.csv', () => {
  it('holds the filtered list, every page, with translated headers and plain cells', async () => {
    const merchant = await createMerchant(t, owner, 'Exported Payments');
    const other = await createMerchant(t, owner, 'Not Exported');
    const first = await insertBill(t, owner, merchant, { billDate: '2026-02-01', total: 1000 });
    const second = await insertBill(t, owner, merchant, { billDate: '2026-02-05', total: 250.5 });
    const settling = await pay(
      owner,
      paymentOf(merchant, 1200.5, {
        paymentDate: '2026-03-03',
        method: 'bank_transfer',
        reference: 'UTR, "quoted"',
        tdsAmount: 100,
        notes: 'Settles February',
      }),
    );
    expect(settling.allocations.map((allocation) => allocation.amount)).toEqual([1000, 250.5]);
    await pay(owner, paymentOf(other, 75, { paymentDate: '2026-03-04', method: 'cash' }));
    // More than one page of the list, so the file is shown to hold every page.
    await t.database.handle.db.execute(sql`insert into payments
        (organization_id, id, merchant_id, payment_date, amount, method, tds_amount)
        select ${orgOf(owner)}, gen_random_uuid(), ${merchant},
               date '2026-01-01' + (n % 40), 10 + n, 'upi', 0
        from generate_series(1, 120) as n`);

    const query = `merchantId=${merchant}&sort=-paymentDate`;
    const listed: Payment[] = [];
    for (let pageNumber = 1; ; pageNumber += 1) {
      const response = await t.send(
        owner,
        'GET',
        `/api/payments?${query}&limit=50&page=${pageNumber}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      const page = envelope(paged(payment)).parse(response.json()).data;
      listed.push(...page.data);
      if (!page.hasNextPage) break;
    }
    expect(listed).toHaveLength(121);

    const english = await t.send(owner, 'GET', `/api/payments/export.csv?${query}&lang=en`);
    expect(english.statusCode, english.body).toBe(200);
    expect(english.headers['content-type']).toMatch(/^text\/csv/);
    expect(english.headers['content-disposition']).toMatch(/payments-\d{4}-\d{2}-\d{2}\.csv/);
    const en = parseCsv(english.body);
    const texts = paymentsLocale('en');
    expect(en.headers).toEqual([
      texts.fields!.paymentDate,
      texts.columns!.merchant,
      texts.fields!.amount,
      texts.fields!.method,
      texts.fields!.reference,
      texts.fields!.tdsAmount,
      texts.split!.applied,
      texts.columns!.unallocatedAmount,
      texts.fields!.allocations,
      texts.fields!.notes,
    ]);
    expect(en.headers).toEqual([
      'Payment date',
      'Merchant',
      'Amount received',
      'Method',
      'Reference',
      'TDS deducted',
      'Applied to bills',
      'Advance left',
      'Bills settled',
      'Notes',
    ]);
    expect(en.rows.map((row) => row[0])).toEqual(listed.map((row) => row.paymentDate));
    expect(en.rows.map((row) => Number(row[2]))).toEqual(listed.map((row) => row.amount));
    const settlingRow = en.rows[listed.findIndex((row) => row._id === settling._id)];
    expect(settlingRow).toEqual([
      '2026-03-03',
      'Exported Payments',
      '1200.5',
      'Bank transfer',
      'UTR, "quoted"',
      '100',
      '1250.5',
      '50',
      `${first.number}: 1000; ${second.number}: 250.5`,
      'Settles February',
    ]);
    const unapplied = en.rows.find((row) => row[2] === '12');
    expect(unapplied?.slice(0, 9)).toEqual([
      '2026-01-03',
      'Exported Payments',
      '12',
      'UPI',
      '',
      '0',
      '0',
      '12',
      '',
    ]);

    const gujarati = parseCsv(
      (await t.send(owner, 'GET', `/api/payments/export.csv?${query}&lang=gu`)).body,
    );
    const gu = paymentsLocale('gu');
    expect(gujarati.headers.slice(0, 4)).toEqual([
      gu.fields!.paymentDate,
      gu.columns!.merchant,
      gu.fields!.amount,
      gu.fields!.method,
    ]);
    expect(gujarati.headers[0]).not.toBe(en.headers[0]);
    expect(gujarati.rows[listed.findIndex((row) => row._id === settling._id)]?.[3]).toBe(
      gu.methods!.bank_transfer,
    );

    const admins = await t.send(admin, 'GET', `/api/payments/export.csv?${query}`);
    expect(admins.statusCode).toBe(200);
    expect(parseCsv(admins.body).rows).toHaveLength(121);
    const staffs = await t.send(staff, 'GET', `/api/payments/export.csv?${query}`);
    expect(staffs.statusCode).toBe(403);
    const strangers = await t.send(stranger, 'GET', `/api/payments/export.csv?${query}`);
    expect(parseCsv(strangers.body).rows).toEqual([]);
    expect((await t.send(owner, 'GET', '/api/payments/export.csv?sort=merchant')).statusCode).toBe(
      400,
    );
  });
});

describe('access', () => {
  it('lets owner and admin in and keeps staff out', async () => {
    const merchant = await createMerchant(t, owner, 'Access Check');
    const made = await pay(admin, paymentOf(merchant, 5));
    expect((await t.send(owner, 'GET', `/api/payments/${made._id}`)).statusCode).toBe(200);
    for (const [method, url] of [
      ['GET', '/api/payments'],
      ['GET', `/api/payments/${made._id}`],
      ['POST', '/api/payments'],
      ['DELETE', `/api/payments/${made._id}`],
      ['GET', '/api/reports/dues'],
      ['GET', `/api/merchants/${merchant}/statement?startDate=2026-01-01&endDate=2026-12-31`],
    ] as const) {
      const response = await t.send(staff, method, url, method === 'POST' ? {} : undefined);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('keeps each organization to its own payments', async () => {
    const merchant = await createMerchant(t, owner, 'Private Payments');
    const mine = await pay(owner, paymentOf(merchant, 5));
    expect((await t.send(stranger, 'GET', `/api/payments/${mine._id}`)).statusCode).toBe(404);
    expect(
      (
        await t.send(stranger, 'PUT', `/api/payments/${mine._id}`, {
          ...mine,
          organizationId: undefined,
          amount: 1,
        })
      ).statusCode,
    ).toBe(404);
    expect((await t.send(stranger, 'DELETE', `/api/payments/${mine._id}`)).statusCode).toBe(404);
    const theirList = await t.send(stranger, 'GET', `/api/payments?merchantId=${merchant}`);
    expect(theirList.json()).toMatchObject({ data: { totalCount: 0 } });
    const totals = await t.send(stranger, 'GET', '/api/payments/totals');
    expect(totals.json()).toMatchObject({ data: { count: 0, amount: 0 } });
    const open = await t.send(stranger, 'GET', `/api/payments/open-bills?merchantId=${merchant}`);
    expect(open.json()).toMatchObject({ data: { data: [] } });
    const statement = await t.send(
      stranger,
      'GET',
      `/api/merchants/${merchant}/statement?startDate=2026-01-01&endDate=2026-12-31`,
    );
    expect(statement.statusCode).toBe(404);
    expect(await readPayment(owner, mine._id)).toMatchObject({ amount: 5 });
  });

  it('replays a POST with the same idempotency key instead of paying twice', async () => {
    const merchant = await createMerchant(t, owner, 'Replayed');
    const held = await insertBill(t, owner, merchant, { billDate: '2026-04-01', total: 100 });
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments',
        headers: { ...owner.bearer, 'idempotency-key': `payment-${held.id}` },
        payload: paymentOf(merchant, 30),
      });
    const first = await send();
    const second = await send();
    expect(first.statusCode, first.body).toBe(201);
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json<{ data: { _id: string } }>().data._id).toBe(
      first.json<{ data: { _id: string } }>().data._id,
    );
    expect(await readBillRow(owner, held.id)).toMatchObject({ paidAmount: 30 });
  });
});

describe('payments at the same moment', () => {
  const race = racingPayments(() => ({ app: t, user: owner }));

  it.each([2, 10])(
    '%i payments naming the same bill never take it past its total',
    async (count) => {
      const merchant = await createMerchant(t, owner, `Race ${count}`);
      const target = await insertBill(t, owner, merchant, { billDate: '2026-04-01', total: 1000 });
      const responses = await race.whileLocked('bills', target.id, () =>
        Array.from({ length: count }, () =>
          race.post(
            paymentOf(merchant, 600, { allocations: [{ billId: target.id, amount: 600 }] }),
          ),
        ),
      );
      await expectOneAllocationWins(responses, 400);
      expect(await readBillRow(owner, target.id)).toMatchObject({
        paidAmount: 600,
        status: 'partly_paid',
      });
    },
  );

  it('lets exactly one of two edits from the same read win', async () => {
    const merchant = await createMerchant(t, owner, 'Edit race');
    const target = await insertBill(t, owner, merchant, { billDate: '2026-04-01', total: 1000 });
    const made = await pay(owner, paymentOf(merchant, 100));
    const edits = [300, 700].map((amount) =>
      fetch(`${race.url()}/api/payments/${made._id}`, {
        method: 'PUT',
        headers: { ...owner.bearer, 'content-type': 'application/json' },
        body: JSON.stringify({ ...made, amount, allocations: undefined }),
      }),
    );
    const responses = await Promise.all(edits);
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([200, 409]);
    const loser = (await responses.find((r) => r.status === 409)?.json()) as ErrorBody;
    expect(loser.code).toBe('stale_version');
    const stored = await readPayment(owner, made._id);
    expect(stored.version).toBe(made.version + 1);
    expect(await readBillRow(owner, target.id)).toMatchObject({ paidAmount: stored.amount });
  });

  it.each([2, 10])(
    '%i automatic payments share the open bills without over-paying any',
    async (count) => {
      const merchant = await createMerchant(t, owner, `Auto race ${count}`);
      const first = await insertBill(t, owner, merchant, { billDate: '2026-04-01', total: 700 });
      const second = await insertBill(t, owner, merchant, { billDate: '2026-04-02', total: 300 });
      const responses = await race.whileLocked('bills', first.id, () =>
        Array.from({ length: count }, () => race.post(paymentOf(merchant, 450))),
      );
      expect(responses.map((response) => response.status)).toEqual(
        Array.from({ length: count }, () => 201),
      );
      const [allocated] = await queryRows<{ sum: string; advance: string }>(
        t.database.handle.db,
        sql`select sum(allocated_amount)::text as sum,
              sum(amount + tds_amount - allocated_amount)::text as advance
            from payments where organization_id = ${orgOf(owner)} and merchant_id = ${merchant}`,
      );
      const settled = Math.min(count * 450, 1000);
      expect(allocated).toEqual({
        sum: settled.toFixed(2),
        advance: (count * 450 - settled).toFixed(2),
      });
      expect(await readBillRow(owner, first.id)).toMatchObject({ paidAmount: 700, status: 'paid' });
      expect(await readBillRow(owner, second.id)).toMatchObject({
        paidAmount: settled - 700,
        status: settled === 1000 ? 'paid' : 'partly_paid',
      });
    },
  );
});

describe('allocationViolation', () => {
  const violation = (constraint: string) => ({
    cause: { code: '23514', constraint, message: 'check' },
  });

  it('turns a bill paid past its total into a 409 and other checks into 400s', () => {
    expect(allocationViolation(violation('bills_paid_amount_check'))).toMatchObject({
      statusCode: 409,
      code: 'conflict',
    });
    expect(allocationViolation(violation('payments_allocated_amount_check'))).toMatchObject({
      statusCode: 400,
      errors: [{ path: 'allocations', params: { rule: 'allocations_exceed_payment' } }],
    });
    expect(allocationViolation(violation('payment_allocations_bill_open'))).toMatchObject({
      statusCode: 400,
      errors: [{ path: 'allocations', params: { rule: 'bill_not_open' } }],
    });
    expect(allocationViolation(violation('orders_something_check'))).toBeUndefined();
    expect(allocationViolation(new Error('plain'))).toBeUndefined();
  });
});
