import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope } from '../../../contract/common.ts';
import { duesReport, statement, type DuesReport } from '../../../contract/dues.ts';
import { payment, type PaymentInput } from '../../../contract/payments.ts';
import { queryRows } from '../../db/database.ts';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app.ts';
import { createMerchant, insertBill, orgOf } from '../payments/payment-test-rows.ts';

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;

async function pay(user: TestUser, body: PaymentInput) {
  const response = await t.send(user, 'POST', '/api/payments', body);
  expect(response.statusCode, response.body).toBe(201);
  return envelope(payment).parse(response.json()).data;
}

/** A seeded generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
/** `1234.50` -> 123450n: exact, whatever the float of the API's number. */
const paise = (text: string) => {
  const [whole = '0', fraction = ''] = text.split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
};
const apiPaise = (value: number) => BigInt(Math.round(value * 100));

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.registerUser();
  stranger = await t.registerUser();
});
afterAll(() => t.close());

describe('dues report', () => {
  it('matches a sum over the raw rows for several merchants and dates', async () => {
    const next = random(20_260_401);
    const start = dayNumber('2026-01-01');
    const merchantIds: string[] = [];
    for (const name of ['Alpha Looms', 'Beta Prints', 'Gamma Silk', 'Delta Weaves', 'Epsilon']) {
      merchantIds.push(await createMerchant(t, owner, name));
    }
    // A merchant with a bill in another organization only: never a row here.
    const foreign = await createMerchant(t, stranger, 'Foreign');
    await insertBill(t, stranger, foreign, {
      billDate: '2026-02-01',
      dueDate: '2026-02-10',
      total: '500.00',
    });
    // Epsilon has nothing; Delta only payments (an advance).
    for (const merchantId of merchantIds.slice(0, 3)) {
      for (let index = 0; index < 7; index += 1) {
        const billDay = start + Math.floor(next() * 200);
        await insertBill(t, owner, merchantId, {
          billDate: dateOf(billDay),
          dueDate: dateOf(billDay + Math.floor(next() * 40)),
          total: (100 + Math.floor(next() * 5_000_000) / 100).toFixed(2),
          status: next() < 0.15 ? 'cancelled' : 'unpaid',
        });
      }
    }
    for (let index = 0; index < 14; index += 1) {
      const merchantId = merchantIds[index % 4] as string;
      const amount = Math.floor(next() * 3_000_000) / 100 + 1;
      const tdsAmount = next() < 0.3 ? Math.floor(next() * 50_000) / 100 : 0;
      const body: PaymentInput = {
        merchantId,
        paymentDate: dateOf(start + Math.floor(next() * 220)),
        amount,
        tdsAmount,
        method: 'bank_transfer',
      };
      if (next() < 0.3) {
        const open = await t.send(
          owner,
          'GET',
          `/api/payments/open-bills?merchantId=${merchantId}`,
        );
        const newest = open.json<{ data: { data: { _id: string; balance: number }[] } }>().data
          .data;
        const target = newest.at(-1);
        if (target) {
          body.allocations = [
            { billId: target._id, amount: Math.min(target.balance, amount + tdsAmount) },
          ];
        }
      }
      await pay(owner, body);
    }

    const org = orgOf(owner);
    const billRows = await queryRows<{
      id: string;
      merchant_id: string;
      number: string;
      bill_date: string;
      due_date: string;
      total: string;
      status: string;
    }>(
      t.database.handle.db,
      sql`select id, merchant_id, number, to_char(bill_date, 'YYYY-MM-DD') as bill_date,
            to_char(due_date, 'YYYY-MM-DD') as due_date, total_amount::text as total, status
          from bills where organization_id = ${org}`,
    );
    const paymentRows = await queryRows<{
      id: string;
      merchant_id: string;
      payment_date: string;
      amount: string;
      tds: string;
    }>(
      t.database.handle.db,
      sql`select id, merchant_id, to_char(payment_date, 'YYYY-MM-DD') as payment_date,
            amount::text as amount, tds_amount::text as tds
          from payments where organization_id = ${org}`,
    );
    const allocationRows = await queryRows<{ payment_id: string; bill_id: string; amount: string }>(
      t.database.handle.db,
      sql`select payment_id, bill_id, amount::text as amount from payment_allocations
          where organization_id = ${org}`,
    );
    const paymentDate = new Map(paymentRows.map((row) => [row.id, row.payment_date]));
    const names = new Map<string, string>(
      (
        await queryRows<{ id: string; name: string }>(
          t.database.handle.db,
          sql`select id, name from merchants where organization_id = ${org}`,
        )
      ).map((row) => [row.id, row.name]),
    );
    // Part of what was paid went to bills dated after the payment, so the dates below see money
    // that is an advance at one date and settles a bill at a later one.
    expect(allocationRows.length).toBeGreaterThan(5);

    function expected(asOf: string) {
      const asOfDay = dayNumber(asOf);
      const rows = new Map<
        string,
        Record<string, bigint> & { oldest?: { due: string; days: number } }
      >();
      const zero = () =>
        ({
          billed: 0n,
          received: 0n,
          settled: 0n,
          outstanding: 0n,
          overdue: 0n,
          days0to15: 0n,
          days16to45: 0n,
          days46to90: 0n,
          days90plus: 0n,
        }) as Record<string, bigint>;
      const rowOf = (merchantId: string) => {
        const row = rows.get(merchantId) ?? zero();
        rows.set(merchantId, row);
        return row;
      };
      const live = billRows
        .filter((row) => row.status !== 'cancelled' && row.bill_date <= asOf)
        .sort(
          (a, b) =>
            a.bill_date.localeCompare(b.bill_date) ||
            a.number.localeCompare(b.number) ||
            a.id.localeCompare(b.id),
        );
      const oldest = new Map<string, { due: string; days: number }>();
      for (const bill of live) {
        const settled = allocationRows
          .filter(
            (row) => row.bill_id === bill.id && (paymentDate.get(row.payment_id) ?? '') <= asOf,
          )
          .reduce((sum, row) => sum + paise(row.amount), 0n);
        const balance = paise(bill.total) - settled;
        const days = asOfDay - dayNumber(bill.bill_date);
        const row = rowOf(bill.merchant_id);
        row.billed = (row.billed ?? 0n) + paise(bill.total);
        row.settled = (row.settled ?? 0n) + settled;
        row.outstanding = (row.outstanding ?? 0n) + balance;
        if (bill.due_date < asOf) row.overdue = (row.overdue ?? 0n) + balance;
        const bucket =
          days <= 15
            ? 'days0to15'
            : days <= 45
              ? 'days16to45'
              : days <= 90
                ? 'days46to90'
                : 'days90plus';
        row[bucket] = (row[bucket] ?? 0n) + balance;
        if (balance > 0n && !oldest.has(bill.merchant_id)) {
          oldest.set(bill.merchant_id, { due: bill.due_date, days });
        }
      }
      for (const paid of paymentRows.filter((row) => row.payment_date <= asOf)) {
        const row = rowOf(paid.merchant_id);
        row.received = (row.received ?? 0n) + paise(paid.amount) + paise(paid.tds);
      }
      return { rows, oldest };
    }

    const dates = [
      '2025-12-31',
      '2026-01-20',
      '2026-03-15',
      '2026-05-01',
      '2026-07-19',
      '2027-01-01',
    ];
    for (const asOf of dates) {
      const response = await t.send(owner, 'GET', `/api/reports/dues?asOf=${asOf}`);
      expect(response.statusCode, response.body).toBe(200);
      const report: DuesReport = envelope(duesReport).parse(response.json()).data;
      const { rows, oldest } = expected(asOf);
      expect(report.asOf).toBe(asOf);
      expect(report.rows.map((row) => row.merchantId).sort(), asOf).toEqual(
        [...rows.keys()].sort(),
      );
      const outstanding = report.rows.map((row) => apiPaise(row.outstandingAmount));
      expect(
        outstanding.every((value, index) => index === 0 || (outstanding[index - 1] ?? 0n) >= value),
        `${asOf}: largest outstanding first`,
      ).toBe(true);
      const totals: Record<string, bigint> = {};
      for (const row of report.rows) {
        const want = rows.get(row.merchantId) as Record<string, bigint>;
        const got = {
          billed: apiPaise(row.billedAmount),
          received: apiPaise(row.receivedAmount),
          advance: apiPaise(row.advanceAmount),
          outstanding: apiPaise(row.outstandingAmount),
          overdue: apiPaise(row.overdueAmount),
          days0to15: apiPaise(row.ageing.days0to15),
          days16to45: apiPaise(row.ageing.days16to45),
          days46to90: apiPaise(row.ageing.days46to90),
          days90plus: apiPaise(row.ageing.days90plus),
        };
        expect(got, `${asOf} ${row.merchantName}`).toEqual({
          billed: want.billed,
          received: want.received,
          advance: (want.received ?? 0n) - (want.settled ?? 0n),
          outstanding: want.outstanding,
          overdue: want.overdue,
          days0to15: want.days0to15,
          days16to45: want.days16to45,
          days46to90: want.days46to90,
          days90plus: want.days90plus,
        });
        expect(row.merchantName).toBe(names.get(row.merchantId));
        const first = oldest.get(row.merchantId);
        expect([row.oldestDueDate, row.oldestBillDays], `${asOf} ${row.merchantName}`).toEqual([
          first?.due ?? null,
          first?.days ?? null,
        ]);
        for (const [key, value] of Object.entries(got)) totals[key] = (totals[key] ?? 0n) + value;
      }
      expect({
        billed: apiPaise(report.totals.billedAmount),
        received: apiPaise(report.totals.receivedAmount),
        advance: apiPaise(report.totals.advanceAmount),
        outstanding: apiPaise(report.totals.outstandingAmount),
        overdue: apiPaise(report.totals.overdueAmount),
        days0to15: apiPaise(report.totals.ageing.days0to15),
        days16to45: apiPaise(report.totals.ageing.days16to45),
        days46to90: apiPaise(report.totals.ageing.days46to90),
        days90plus: apiPaise(report.totals.ageing.days90plus),
      }).toEqual({
        billed: totals.billed ?? 0n,
        received: totals.received ?? 0n,
        advance: totals.advance ?? 0n,
        outstanding: totals.outstanding ?? 0n,
        overdue: totals.overdue ?? 0n,
        days0to15: totals.days0to15 ?? 0n,
        days16to45: totals.days16to45 ?? 0n,
        days46to90: totals.days46to90 ?? 0n,
        days90plus: totals.days90plus ?? 0n,
      });
    }
    // Before anything happened the book is empty; the last date sees every merchant with a bill
    // or a payment, Epsilon excluded.
    const empty = envelope(duesReport).parse(
      (await t.send(owner, 'GET', '/api/reports/dues?asOf=2025-12-31')).json(),
    ).data;
    expect(empty.rows).toEqual([]);
    expect(empty.totals.outstandingAmount).toBe(0);
    const late = expected('2027-01-01');
    expect([...late.rows.keys()].sort()).toEqual(merchantIds.slice(0, 4).sort());
  });

  it('defaults to today and refuses a date that is not one', async () => {
    const today = await t.send(owner, 'GET', '/api/reports/dues');
    expect(today.statusCode, today.body).toBe(200);
    const [row] = await queryRows<{ today: string }>(
      t.database.handle.db,
      sql`select to_char(current_date, 'YYYY-MM-DD') as today`,
    );
    expect(today.json()).toMatchObject({ data: { asOf: row?.today } });
    expect((await t.send(owner, 'GET', '/api/reports/dues?asOf=2026-02-30')).statusCode).toBe(400);
    expect((await t.send(owner, 'GET', '/api/reports/dues?as=2026-02-01')).statusCode).toBe(400);
  });
});

describe('merchant statement', () => {
  it('runs the balance from the opening balance, bills before payments on a day', async () => {
    const merchantId = await createMerchant(t, owner, 'Statement Traders');
    const before = await insertBill(t, owner, merchantId, {
      billDate: '2026-03-10',
      dueDate: '2026-03-25',
      total: '1000.00',
    });
    await insertBill(t, owner, merchantId, {
      billDate: '2026-04-05',
      dueDate: '2026-04-20',
      total: '777.00',
      status: 'cancelled',
    });
    const early = await pay(owner, {
      merchantId,
      paymentDate: '2026-03-20',
      amount: 300,
      tdsAmount: 10.5,
      method: 'cash',
    });
    const sameDay = await insertBill(t, owner, merchantId, {
      billDate: '2026-04-10',
      dueDate: '2026-04-25',
      total: '500.25',
    });
    const onDay = await pay(owner, {
      merchantId,
      paymentDate: '2026-04-10',
      amount: 200,
      method: 'upi',
      reference: 'UTR998877',
    });
    const laterBill = await insertBill(t, owner, merchantId, {
      billDate: '2026-04-30',
      dueDate: '2026-05-15',
      total: '99.99',
    });
    await pay(owner, { merchantId, paymentDate: '2026-05-02', amount: 5, method: 'cheque' });

    const response = await t.send(
      owner,
      'GET',
      `/api/merchants/${merchantId}/statement?startDate=2026-04-01&endDate=2026-04-30`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const result = envelope(statement).parse(response.json()).data;
    expect(result.merchant).toMatchObject({ _id: merchantId, name: 'Statement Traders' });
    // 1000 billed, 300 + 10.50 TDS received before 1 April.
    expect(result.openingBalance).toBe(689.5);
    expect(result.entries).toEqual([
      {
        date: '2026-04-10',
        kind: 'bill',
        id: sameDay.id,
        reference: sameDay.number,
        debit: 500.25,
        credit: 0,
        balance: 1189.75,
        dueDate: '2026-04-25',
      },
      {
        date: '2026-04-10',
        kind: 'payment',
        id: onDay._id,
        reference: 'upi UTR998877',
        debit: 0,
        credit: 200,
        balance: 989.75,
        dueDate: null,
      },
      {
        date: '2026-04-30',
        kind: 'bill',
        id: laterBill.id,
        reference: laterBill.number,
        debit: 99.99,
        credit: 0,
        balance: 1089.74,
        dueDate: '2026-05-15',
      },
    ]);
    expect(result.closingBalance).toBe(1089.74);
    expect(result).toMatchObject({ startDate: '2026-04-01', endDate: '2026-04-30' });

    const whole = envelope(statement).parse(
      (
        await t.send(
          owner,
          'GET',
          `/api/merchants/${merchantId}/statement?startDate=2026-01-01&endDate=2026-12-31`,
        )
      ).json(),
    ).data;
    expect(whole.openingBalance).toBe(0);
    expect(whole.entries.map((entry) => entry.id)).toEqual([
      before.id,
      early._id,
      sameDay.id,
      onDay._id,
      laterBill.id,
      expect.any(String),
    ]);
    expect(whole.entries[1]).toMatchObject({ credit: 310.5, reference: 'cash' });
    // 1000 + 500.25 + 99.99 - 310.50 - 200 - 5
    expect(whole.closingBalance).toBe(1084.74);

    const quiet = envelope(statement).parse(
      (
        await t.send(
          owner,
          'GET',
          `/api/merchants/${merchantId}/statement?startDate=2026-06-01&endDate=2026-06-30`,
        )
      ).json(),
    ).data;
    expect(quiet).toMatchObject({ openingBalance: 1084.74, entries: [], closingBalance: 1084.74 });
  });

  it('is 404 for an unknown or foreign merchant and 400 for a reversed range', async () => {
    const foreign = await createMerchant(t, stranger, 'Foreign Statement');
    const query = '?startDate=2026-01-01&endDate=2026-12-31';
    for (const id of [uuidv7(), foreign]) {
      const response = await t.send(owner, 'GET', `/api/merchants/${id}/statement${query}`);
      expect(response.statusCode).toBe(404);
    }
    const reversed = await t.send(
      owner,
      'GET',
      `/api/merchants/${foreign}/statement?startDate=2026-12-31&endDate=2026-01-01`,
    );
    expect(reversed.statusCode).toBe(400);
    const missing = await t.send(owner, 'GET', `/api/merchants/${foreign}/statement`);
    expect(missing.statusCode).toBe(400);
  });
});
