import { readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billNote, type BillNote } from '../../../contract/bill-notes.ts';
import { bill, type Bill } from '../../../contract/bills.ts';
import { envelope, paged } from '../../../contract/common.ts';
import { duesReport, statement } from '../../../contract/dues.ts';
import { auditLog, organizations } from '../../db/platform-tables.ts';
import {
  billingFixture,
  type BillingFixture,
  type ErrorBody,
  GUJARAT,
  MAHARASHTRA,
  moveOrder,
  signUpRolesWith,
} from '../bills/bill-test-fixture.ts';
import { createTestApp, type TestApp, type TestBody, type TestUser } from '../../test/test-app.ts';

let t: TestApp;
let owner: TestUser;
let admin: TestUser;
let staff: TestUser;
let stranger: TestUser;

type Fixture = BillingFixture;

const fixture = (user: TestUser) =>
  billingFixture(t, user, {
    settings: { paymentTermsDays: 15 },
    localName: 'Surat Silk',
    design: { name: 'Buta', code: 'BUT' },
  });

let sequence = 0;
/** A bill of one completed order of 10 × 100 (taxable 1,000.00), dated 10 June 2026. */
async function billOf(user: TestUser, merchantId: string, fx: Fixture): Promise<Bill> {
  sequence += 1;
  const created = await t.send(user, 'POST', '/api/orders', {
    merchantId,
    poNumber: `PO-N${sequence}`,
    orderDate: '2026-06-01',
    designs: [{ designId: fx.design, quantity: 10, rate: 100 }],
  });
  expect(created.statusCode, created.body).toBe(201);
  const orderId = created.json<TestBody>().data._id;
  await moveOrder(t, user, orderId, 'completed');
  const response = await t.send(user, 'POST', '/api/bills', {
    merchantId,
    orderIds: [orderId],
    billDate: '2026-06-10',
  });
  expect(response.statusCode, response.body).toBe(201);
  return envelope(bill).parse(response.json()).data;
}

async function readBill(user: TestUser, id: string) {
  const response = await t.send(user, 'GET', `/api/bills/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return envelope(bill).parse(response.json()).data;
}

async function issue(user: TestUser, payload: Record<string, unknown>): Promise<BillNote> {
  const response = await t.send(user, 'POST', '/api/bill-notes', {
    kind: 'credit',
    noteDate: '2026-06-20',
    reason: 'post_sale_discount',
    ...payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return envelope(billNote).parse(response.json()).data;
}

async function pay(user: TestUser, merchantId: string, amount: number, paymentDate = '2026-06-15') {
  const response = await t.send(user, 'POST', '/api/payments', {
    merchantId,
    paymentDate,
    amount,
    method: 'upi',
  });
  expect(response.statusCode, response.body).toBe(201);
}

async function duesOf(user: TestUser, merchantId: string, asOf = '2026-06-30') {
  const response = await t.send(user, 'GET', `/api/reports/dues?asOf=${asOf}`);
  expect(response.statusCode, response.body).toBe(200);
  return envelope(duesReport)
    .parse(response.json())
    .data.rows.find((row) => row.merchantId === merchantId);
}

let mine: Fixture, theirs: Fixture;

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, admin, staff, stranger, mine, theirs } = await signUpRolesWith(t, fixture));
});
afterAll(() => t.close());

describe('issuing a note', () => {
  it("taxes a credit note at the bill's rate and split and settles the bill with it", async () => {
    const user = await t.registerUser();
    const fx = await fixture(user);
    const original = await billOf(user, fx.localMerchant, fx);
    expect(original.totalAmount).toBe(1050);

    const note = await issue(user, { billId: original._id, taxableAmount: 100.1 });
    expect(note).toMatchObject({
      number: 'CN/2026-27/0001',
      kind: 'credit',
      billNumber: original.number,
      billDate: '2026-06-10',
      dueDate: null,
      gstRate: 5,
      placeOfSupply: GUJARAT,
      taxableAmount: 100.1,
      cgstAmount: 2.5,
      sgstAmount: 2.5,
      igstAmount: 0,
      roundOff: -0.1,
      totalAmount: 105,
      appliedAmount: 105,
      balance: 0,
      status: 'issued',
      merchant: { name: 'Surat Silk' },
      seller: original.seller,
    });

    const after = await readBill(user, original._id);
    expect(after).toMatchObject({
      paidAmount: 0,
      creditedAmount: 105,
      debitedAmount: 0,
      balance: 945,
      status: 'partly_paid',
    });
  });

  it('charges IGST on a note of an inter-state bill', async () => {
    const original = await billOf(owner, mine.outOfStateMerchant, mine);
    const note = await issue(owner, { billId: original._id, kind: 'debit', taxableAmount: 33.33 });
    expect(note).toMatchObject({
      kind: 'debit',
      placeOfSupply: MAHARASHTRA,
      cgstAmount: 0,
      sgstAmount: 0,
      igstAmount: 1.67,
      roundOff: 0,
      totalAmount: 35,
    });
  });

  it('owes a debit note like a bill, with its own due date and balance', async () => {
    const user = await t.registerUser();
    const fx = await fixture(user);
    const original = await billOf(user, fx.localMerchant, fx);
    const note = await issue(user, {
      billId: original._id,
      kind: 'debit',
      reason: 'correction_in_invoice',
      taxableAmount: 200,
    });
    expect(note).toMatchObject({
      number: 'DN/2026-27/0001',
      dueDate: '2026-07-05',
      totalAmount: 210,
      paidAmount: 0,
      balance: 210,
      status: 'unpaid',
    });
    expect(await readBill(user, original._id)).toMatchObject({
      debitedAmount: 210,
      balance: 1050,
    });
    expect(await duesOf(user, fx.localMerchant)).toMatchObject({
      billedAmount: 1260,
      outstandingAmount: 1260,
      advanceAmount: 0,
    });
  });

  it("turns what exceeds a paid bill's balance into the merchant's advance", async () => {
    const user = await t.registerUser();
    const fx = await fixture(user);
    const original = await billOf(user, fx.localMerchant, fx);
    await pay(user, fx.localMerchant, 1000);
    expect((await readBill(user, original._id)).balance).toBe(50);

    const note = await issue(user, {
      billId: original._id,
      reason: 'sales_return',
      taxableAmount: 300,
    });
    expect(note).toMatchObject({ totalAmount: 315, appliedAmount: 50 });
    expect(await readBill(user, original._id)).toMatchObject({
      paidAmount: 1000,
      creditedAmount: 315,
      balance: 0,
      status: 'paid',
    });
    expect(await duesOf(user, fx.localMerchant)).toMatchObject({
      billedAmount: 1050,
      receivedAmount: 1315,
      outstandingAmount: 0,
      advanceAmount: 265,
    });
    // Before the note was dated, the bill still owed what the payment left.
    expect(await duesOf(user, fx.localMerchant, '2026-06-16')).toMatchObject({
      receivedAmount: 1000,
      outstandingAmount: 50,
      advanceAmount: 0,
    });
  });

  it("lists notes on the merchant's statement as debits and credits", async () => {
    const user = await t.registerUser();
    const fx = await fixture(user);
    const original = await billOf(user, fx.localMerchant, fx);
    await issue(user, { billId: original._id, taxableAmount: 100 });
    await issue(user, {
      billId: original._id,
      kind: 'debit',
      noteDate: '2026-06-25',
      taxableAmount: 20,
    });
    const response = await t.send(
      user,
      'GET',
      `/api/merchants/${fx.localMerchant}/statement?startDate=2026-06-01&endDate=2026-06-30`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const { entries, closingBalance } = envelope(statement).parse(response.json()).data;
    expect(
      entries.map(({ kind, reference, debit, credit, balance }) => ({
        kind,
        reference,
        debit,
        credit,
        balance,
      })),
    ).toEqual([
      { kind: 'bill', reference: original.number, debit: 1050, credit: 0, balance: 1050 },
      { kind: 'credit_note', reference: 'CN/2026-27/0001', debit: 0, credit: 105, balance: 945 },
      { kind: 'debit_note', reference: 'DN/2026-27/0001', debit: 21, credit: 0, balance: 966 },
    ]);
    expect(closingBalance).toBe(966);
  });
});

describe('register', () => {
  it('lists notes in the CSV register after their bill, naming the original invoice', async () => {
    const user = await t.registerUser();
    const fx = await fixture(user);
    const original = await billOf(user, fx.localMerchant, fx);
    await issue(user, { billId: original._id, taxableAmount: 100 });
    await issue(user, { billId: original._id, kind: 'debit', taxableAmount: 20 });
    const response = await t.send(user, 'GET', '/api/bills/export.csv');
    expect(response.statusCode, response.body).toBe(200);
    const lines = response.rawPayload.subarray(3).toString('utf8').trim().split('\n');
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 5).join(','))).toEqual([
      `${original.number},2026-06-10,Invoice,,`,
      `CN/2026-27/0001,2026-06-20,Credit note,${original.number},2026-06-10`,
      `DN/2026-27/0001,2026-06-20,Debit note,${original.number},2026-06-10`,
    ]);
    expect(lines[2]).toContain(',100.00,2.50,2.50,0.00,0.00,105.00,issued');
    // A filter only bills have leaves the notes out.
    const unpaid = await t.send(user, 'GET', '/api/bills/export.csv?status=partly_paid');
    expect(unpaid.body.trim().split('\n')).toHaveLength(2);
  });
});

describe('guards', () => {
  it("never takes the bill's taxable amount below 0, counting live credit notes only", async () => {
    const original = await billOf(owner, mine.localMerchant, mine);
    const first = await issue(owner, { billId: original._id, taxableAmount: 600 });
    const refused = await t.send(owner, 'POST', '/api/bill-notes', {
      billId: original._id,
      kind: 'credit',
      noteDate: '2026-06-21',
      reason: 'sales_return',
      taxableAmount: 400.01,
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json<ErrorBody>().errors).toEqual([
      expect.objectContaining({ path: 'taxableAmount', code: 'too_big', params: { maximum: 400 } }),
    ]);
    // A debit note is not a credit: it does not count.
    await issue(owner, { billId: original._id, kind: 'debit', taxableAmount: 5000 });
    await issue(owner, { billId: original._id, taxableAmount: 400 });

    const cancelled = await t.send(owner, 'POST', `/api/bill-notes/${first._id}/cancel`, {
      reason: 'Discount withdrawn',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await issue(owner, { billId: original._id, taxableAmount: 600 });
  });

  it('refuses a cancelled bill, a date before the bill, and an unknown bill', async () => {
    const original = await billOf(owner, mine.localMerchant, mine);
    const cancelled = await t.send(owner, 'POST', `/api/bills/${original._id}/cancel`, {
      reason: 'Wrong merchant',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const onCancelled = await t.send(owner, 'POST', '/api/bill-notes', {
      billId: original._id,
      kind: 'credit',
      noteDate: '2026-06-20',
      reason: 'others',
      taxableAmount: 10,
    });
    expect(onCancelled.statusCode).toBe(409);
    expect(onCancelled.json<ErrorBody>().code).toBe('bill_cancelled');

    const live = await billOf(owner, mine.localMerchant, mine);
    const early = await t.send(owner, 'POST', '/api/bill-notes', {
      billId: live._id,
      kind: 'debit',
      noteDate: '2026-06-09',
      reason: 'others',
      taxableAmount: 10,
    });
    expect(early.statusCode).toBe(400);
    expect(early.json<ErrorBody>().errors?.[0]).toMatchObject({ path: 'noteDate' });

    const unknown = await t.send(owner, 'POST', '/api/bill-notes', {
      billId: uuidv7(),
      kind: 'debit',
      noteDate: '2026-06-20',
      reason: 'others',
      taxableAmount: 10,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<ErrorBody>().errors?.[0]).toMatchObject({
      path: 'billId',
      code: 'not_found',
    });
  });
});

describe('cancelling a note', () => {
  it('keeps the number, gives the bill its balance back and refuses a second cancel', async () => {
    const original = await billOf(owner, mine.localMerchant, mine);
    const note = await issue(owner, { billId: original._id, taxableAmount: 100 });
    expect((await readBill(owner, original._id)).balance).toBe(945);

    const refusedBill = await t.send(owner, 'POST', `/api/bills/${original._id}/cancel`, {
      reason: 'Wrong rate',
    });
    expect(refusedBill.statusCode).toBe(409);
    expect(refusedBill.json<ErrorBody>().code).toBe('bill_has_notes');

    const response = await t.send(owner, 'POST', `/api/bill-notes/${note._id}/cancel`, {
      reason: 'Issued twice',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(envelope(billNote).parse(response.json()).data).toMatchObject({
      number: note.number,
      status: 'cancelled',
      cancelReason: 'Issued twice',
    });
    expect(await readBill(owner, original._id)).toMatchObject({
      creditedAmount: 0,
      balance: 1050,
      status: 'unpaid',
    });
    const again = await t.send(owner, 'POST', `/api/bill-notes/${note._id}/cancel`, {
      reason: 'Again',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorBody>().code).toBe('invalid_transition');

    const entries = await t.database.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'billNote'), eq(auditLog.entityId, note._id)));
    expect(entries.map((entry) => entry.action).sort()).toEqual(['cancel', 'create']);
    // The trail shows a note's fields with the bills' labels, in each language.
    const fields = new Set(
      entries.flatMap((entry) => Object.keys(entry.changes as Record<string, unknown>)),
    );
    for (const language of ['en', 'gu', 'hi']) {
      const file = new URL(`../../../public/locales/${language}/bills.json`, import.meta.url);
      const labels = (JSON.parse(readFileSync(file, 'utf8')) as { fields: Record<string, string> })
        .fields;
      expect(
        [...fields].filter((field) => !labels[field]?.trim()),
        language,
      ).toEqual([]);
    }
  });

  it('refuses to cancel a debit note with payments allocated', async () => {
    const original = await billOf(owner, mine.localMerchant, mine);
    const note = await issue(owner, { billId: original._id, kind: 'debit', taxableAmount: 100 });
    await t.database.handle.db.execute(
      sql`update bill_notes set paid_amount = 10, status = 'partly_paid'
          where organization_id = ${owner.auth.organization._id} and id = ${note._id}`,
    );
    const response = await t.send(owner, 'POST', `/api/bill-notes/${note._id}/cancel`, {
      reason: 'Wrong',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json<ErrorBody>().code).toBe('bill_has_payments');
  });
});

describe('numbering', () => {
  it('gives notes made at once consecutive numbers per kind and year, with no gap after a failure', async () => {
    const user = await t.registerUser();
    const fx = await fixture(user);
    const bills = await Promise.all(
      Array.from({ length: 5 }, () => billOf(user, fx.localMerchant, fx)),
    );
    const made = await Promise.all([
      ...bills.flatMap((one) => [
        issue(user, { billId: one._id, taxableAmount: 10 }),
        issue(user, { billId: one._id, taxableAmount: 20 }),
      ]),
      ...bills.map((one) => issue(user, { billId: one._id, kind: 'debit', taxableAmount: 5 })),
    ]);
    const numbers = (kind: string) =>
      made
        .filter((one) => one.kind === kind)
        .map((one) => one.number)
        .sort();
    const series = (prefix: string, count: number) =>
      Array.from(
        { length: count },
        (_, index) => `${prefix}/2026-27/${String(index + 1).padStart(4, '0')}`,
      );
    expect(numbers('credit')).toEqual(series('CN', 10));
    expect(numbers('debit')).toEqual(series('DN', 5));

    // Past numeric(14,2) with its tax: the note fails after it took its number.
    const failed = await t.send(user, 'POST', '/api/bill-notes', {
      billId: bills[0]?._id,
      kind: 'debit',
      noteDate: '2026-06-20',
      reason: 'others',
      taxableAmount: 999_999_999_999.99,
    });
    expect(failed.statusCode, failed.body).toBe(400);
    expect(failed.json<ErrorBody>().errors?.[0]).toMatchObject({ path: 'taxableAmount' });

    await t.database.handle.db
      .update(organizations)
      .set({ debitNotePrefix: 'KDN' })
      .where(eq(organizations.id, user.auth.organization._id));
    const next = await issue(user, { billId: bills[0]?._id, kind: 'debit', taxableAmount: 1 });
    expect(next.number).toBe('KDN/2026-27/0006');
    const nextYear = await issue(user, {
      billId: bills[0]?._id,
      noteDate: '2027-04-01',
      taxableAmount: 1,
    });
    expect(nextYear.number).toBe('CN/2027-28/0001');
  });

  it('forecasts the next number of a kind and date without taking it', async () => {
    const user = await t.registerUser();
    const fx = await fixture(user);
    const one = await billOf(user, fx.localMerchant, fx);
    const forecast = async (kind: string, noteDate: string) => {
      const response = await t.send(
        user,
        'GET',
        `/api/bill-notes/next-number?kind=${kind}&noteDate=${noteDate}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ data: { number: string } }>().data.number;
    };
    expect(await forecast('credit', '2026-06-20')).toBe('CN/2026-27/0001');
    expect(await forecast('credit', '2026-06-20')).toBe('CN/2026-27/0001');
    await issue(user, { billId: one._id, taxableAmount: 10 });
    expect(await forecast('credit', '2026-06-20')).toBe('CN/2026-27/0002');
    expect(await forecast('debit', '2026-06-20')).toBe('DN/2026-27/0001');
    expect(await forecast('credit', '2027-04-01')).toBe('CN/2027-28/0001');
    const staffAsks = await t.send(
      staff,
      'GET',
      '/api/bill-notes/next-number?kind=credit&noteDate=2026-06-20',
    );
    expect(staffAsks.statusCode).toBe(403);
  });
});

describe('reading, tenancy and roles', () => {
  it('lists newest first with the filters', async () => {
    const user = await t.registerUser();
    const fx = await fixture(user);
    const first = await billOf(user, fx.localMerchant, fx);
    const second = await billOf(user, fx.outOfStateMerchant, fx);
    await issue(user, { billId: first._id, noteDate: '2026-06-11', taxableAmount: 1 });
    await issue(user, {
      billId: first._id,
      kind: 'debit',
      noteDate: '2026-06-12',
      taxableAmount: 1,
    });
    await issue(user, { billId: second._id, noteDate: '2026-06-13', taxableAmount: 1 });
    const list = async (query = '') => {
      const response = await t.send(user, 'GET', `/api/bill-notes${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return envelope(paged(billNote))
        .parse(response.json())
        .data.data.map((one) => one.noteDate);
    };
    expect(await list()).toEqual(['2026-06-13', '2026-06-12', '2026-06-11']);
    expect(await list(`?billId=${first._id}`)).toEqual(['2026-06-12', '2026-06-11']);
    expect(await list(`?merchantId=${fx.outOfStateMerchant}`)).toEqual(['2026-06-13']);
    expect(await list('?kind=debit')).toEqual(['2026-06-12']);
    expect(await list('?startDate=2026-06-12&endDate=2026-06-12')).toEqual(['2026-06-12']);
  });

  it("keeps each organization's notes to itself", async () => {
    const original = await billOf(owner, mine.localMerchant, mine);
    const note = await issue(owner, { billId: original._id, taxableAmount: 10 });
    expect((await t.send(stranger, 'GET', `/api/bill-notes/${note._id}`)).statusCode).toBe(404);
    const theirList = await t.send(stranger, 'GET', '/api/bill-notes');
    expect(theirList.json<TestBody>().data.data).toEqual([]);
    const onMine = await t.send(stranger, 'POST', '/api/bill-notes', {
      billId: original._id,
      kind: 'credit',
      noteDate: '2026-06-20',
      reason: 'others',
      taxableAmount: 10,
    });
    expect(onMine.statusCode).toBe(400);
    expect(
      (await t.send(stranger, 'POST', `/api/bill-notes/${note._id}/cancel`, { reason: 'x' }))
        .statusCode,
    ).toBe(404);
    const theirBill = await billOf(stranger, theirs.localMerchant, theirs);
    expect((await issue(stranger, { billId: theirBill._id, taxableAmount: 1 })).number).toBe(
      'CN/2026-27/0001',
    );
  });

  it('lets owners and admins in and keeps staff out', async () => {
    const original = await billOf(owner, mine.localMerchant, mine);
    const byAdmin = await issue(admin, { billId: original._id, kind: 'debit', taxableAmount: 1 });
    expect((await t.send(admin, 'GET', `/api/bill-notes/${byAdmin._id}`)).statusCode).toBe(200);
    expect((await t.send(staff, 'GET', '/api/bill-notes')).statusCode).toBe(403);
    expect((await t.send(staff, 'GET', `/api/bill-notes/${byAdmin._id}`)).statusCode).toBe(403);
    const refused = await t.send(staff, 'POST', '/api/bill-notes', {
      billId: original._id,
      kind: 'credit',
      noteDate: '2026-06-20',
      reason: 'others',
      taxableAmount: 1,
    });
    expect(refused.statusCode).toBe(403);
    expect(
      (await t.send(staff, 'POST', `/api/bill-notes/${byAdmin._id}/cancel`, { reason: 'x' }))
        .statusCode,
    ).toBe(403);
  });
});
