import { eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bill, type Bill } from '../../../contract/bills.ts';
import { envelope } from '../../../contract/common.ts';
import { payment, type Payment, type PaymentInput } from '../../../contract/payments.ts';
import { queryRows } from '../../db/database.ts';
import { organizations } from '../../db/platform-tables.ts';
import { moveOrder } from '../bills/bill-test-fixture.ts';
import { designs } from '../designs/schema.ts';
import { merchants } from '../merchants/schema.ts';
import { createTestApp, type TestApp, type TestBody, type TestUser } from '../../test/test-app.ts';

let t: TestApp;

const orgOf = (user: TestUser) => user.auth.organization._id;

/** A seeded generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

async function openBusiness(merchantCount: number) {
  const user = await t.registerUser();
  await t.database.handle.db
    .update(organizations)
    .set({ state: '24', billPrefix: 'INV', defaultSac: '998821', defaultGstRate: 5 })
    .where(eq(organizations.id, orgOf(user)));
  const merchantIds: string[] = [];
  for (let index = 0; index < merchantCount; index += 1) {
    const id = uuidv7();
    await t.database.handle.db
      .insert(merchants)
      .values({ organizationId: orgOf(user), id, name: `Merchant ${index + 1}`, state: '24' });
    merchantIds.push(id);
  }
  const designId = uuidv7();
  await t.database.handle.db.insert(designs).values({
    organizationId: orgOf(user),
    id: designId,
    name: 'Paisley',
    designCode: `PAI-${designId.slice(-6)}`,
    rate: 10,
  });
  return { user, merchantIds, designId };
}

let poSequence = 0;
/** A completed order ready to bill, made through the API. */
async function completedOrder(user: TestUser, merchantId: string, designId: string, rate: number) {
  poSequence += 1;
  const created = await t.send(user, 'POST', '/api/orders', {
    merchantId,
    poNumber: `PO-MB-${poSequence}`,
    orderDate: '2026-05-01',
    designs: [{ designId, quantity: 1 + (poSequence % 7), rate }],
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json<TestBody>().data._id;
  await moveOrder(t, user, id, 'completed');
  return id;
}

async function createBill(user: TestUser, merchantId: string, orderId: string, billDate: string) {
  const response = await t.send(user, 'POST', '/api/bills', {
    merchantId,
    orderIds: [orderId],
    billDate,
  });
  expect(response.statusCode, response.body).toBe(201);
  return envelope(bill).parse(response.json()).data;
}

async function pay(user: TestUser, body: PaymentInput): Promise<Payment> {
  const response = await t.send(user, 'POST', '/api/payments', body);
  expect(response.statusCode, response.body).toBe(201);
  return envelope(payment).parse(response.json()).data;
}

/**
 * Where the kept balances and a fresh sum over the raw bills and payments disagree, compared as
 * exact text; a kept row of zeros (a merchant whose last bill or payment went) is not a problem.
 */
function drift(organizationId: string) {
  return queryRows<Record<string, unknown>>(
    t.database.handle.db,
    sql`with expected as (
          select merchant_id, sum(bill_count)::int as bill_count,
            sum(billed)::numeric(18,2)::text as billed, sum(payment_count)::int as payment_count,
            sum(received)::numeric(18,2)::text as received
          from (
            select merchant_id, count(*) as bill_count, sum(total_amount) as billed,
              0 as payment_count, 0 as received
            from bills where organization_id = ${organizationId} and status <> 'cancelled'
            group by merchant_id
            union all
            select merchant_id, 0, 0, count(*), sum(amount + tds_amount)
            from payments where organization_id = ${organizationId}
            group by merchant_id
          ) as raw
          group by merchant_id
        ), kept as (
          select merchant_id, bill_count, billed_amount::text as billed, payment_count,
            received_amount::text as received
          from merchant_balances
          where organization_id = ${organizationId}
            and (bill_count <> 0 or payment_count <> 0 or billed_amount <> 0 or received_amount <> 0)
        )
        select 'missing' as problem, * from (select * from expected except all select * from kept) m
        union all
        select 'unexpected', * from (select * from kept except all select * from expected) u`,
  );
}

/** Bills that no payment settled yet, cancelled ones too when asked. */
async function unpaidBills(organizationId: string, includeCancelled = false) {
  const rows = await queryRows<{ id: string }>(
    t.database.handle.db,
    sql`select id from bills
        where organization_id = ${organizationId} and paid_amount = 0
          and (${includeCancelled} or status <> 'cancelled')
        order by id`,
  );
  return rows.map((row) => row.id);
}

async function keptRows(organizationId: string) {
  const [row] = await queryRows<{ count: number }>(
    t.database.handle.db,
    sql`select count(*)::int as count from merchant_balances
        where organization_id = ${organizationId}
          and (bill_count <> 0 or payment_count <> 0)`,
  );
  return row?.count ?? 0;
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('merchant balances', () => {
  it('equal a sum over the raw rows after a random mix of bill and payment writes', async () => {
    const next = random(20_261_125);
    const { user, merchantIds, designId } = await openBusiness(4);
    const org = orgOf(user);
    const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)] as T;
    const bills: Bill[] = [];
    const payments: Payment[] = [];
    let deletedBills = 0;
    const day = () => `2026-0${1 + Math.floor(next() * 9)}-1${Math.floor(next() * 9)}`;

    for (let step = 0; step < 60; step += 1) {
      const roll = next();
      if (roll < 0.3 || bills.length === 0) {
        const merchantId = pick(merchantIds);
        const orderId = await completedOrder(
          user,
          merchantId,
          designId,
          (5_000 + Math.floor(next() * 90_000)) / 100,
        );
        bills.push(await createBill(user, merchantId, orderId, day()));
      } else if (roll < 0.38) {
        // No screen edits a bill's money or merchant; the database must still follow such a write.
        const target = pick(bills);
        await t.database.handle.db.execute(sql`
          update bills
          set total_amount = greatest(paid_amount, total_amount + ${Math.floor(next() * 500) - 200}),
              merchant_id = ${pick(merchantIds)}
          where organization_id = ${org} and id = ${target._id}`);
      } else if (roll < 0.45) {
        // Only a bill without payments can be cancelled.
        const open = await unpaidBills(org);
        if (open.length === 0) continue;
        const cancelled = await t.send(user, 'POST', `/api/bills/${pick(open)}/cancel`, {
          reason: 'Entered twice',
        });
        expect(cancelled.statusCode, cancelled.body).toBe(200);
      } else if (roll < 0.5) {
        // No screen deletes a bill; one that took no payment can still go in the database.
        const open = await unpaidBills(org, true);
        if (open.length === 0) continue;
        const id = pick(open);
        for (const statement of [
          sql`update orders set bill_id = null
              where organization_id = ${org} and bill_id = ${id}`,
          sql`delete from bill_orders where organization_id = ${org} and bill_id = ${id}`,
          sql`delete from bill_lines where organization_id = ${org} and bill_id = ${id}`,
          sql`delete from bills where organization_id = ${org} and id = ${id}`,
        ]) {
          await t.database.handle.db.execute(statement);
        }
        bills.splice(
          bills.findIndex((candidate) => candidate._id === id),
          1,
        );
        deletedBills += 1;
      } else if (roll < 0.75 || payments.length === 0) {
        payments.push(
          await pay(user, {
            merchantId: pick(merchantIds),
            paymentDate: day(),
            amount: Math.floor(next() * 80_000) / 100 + 1,
            tdsAmount: next() < 0.3 ? Math.floor(next() * 2_000) / 100 : 0,
            method: 'upi',
          }),
        );
      } else if (roll < 0.9) {
        const index = Math.floor(next() * payments.length);
        const target = payments[index] as Payment;
        const current = await t.send(user, 'GET', `/api/payments/${target._id}`);
        if (current.statusCode !== 200) continue;
        const stored = envelope(payment).parse(current.json()).data;
        const response = await t.send(user, 'PUT', `/api/payments/${target._id}`, {
          merchantId: pick(merchantIds),
          paymentDate: stored.paymentDate,
          amount: Math.floor(next() * 60_000) / 100 + 1,
          tdsAmount: next() < 0.5 ? 12.5 : 0,
          method: stored.method,
          version: stored.version,
        });
        expect(response.statusCode, response.body).toBe(200);
        payments[index] = envelope(payment).parse(response.json()).data;
      } else {
        const index = Math.floor(next() * payments.length);
        const target = payments[index] as Payment;
        const response = await t.send(user, 'DELETE', `/api/payments/${target._id}`);
        expect([200, 204, 404], response.body).toContain(response.statusCode);
        payments.splice(index, 1);
      }
      expect(await drift(org), `after step ${step}`).toEqual([]);
    }
    expect(await keptRows(org)).toBeGreaterThan(1);
    // The mix did what it says: some bills were cancelled or deleted and payments were moved.
    const [counts] = await queryRows<{ cancelled: number; live: number; paid: number }>(
      t.database.handle.db,
      sql`select count(*) filter (where status = 'cancelled')::int as cancelled,
            count(*) filter (where status <> 'cancelled')::int as live,
            count(*) filter (where paid_amount > 0)::int as paid
          from bills where organization_id = ${org}`,
    );
    expect(counts?.cancelled).toBeGreaterThan(0);
    expect(deletedBills).toBeGreaterThan(0);
    expect(counts?.paid).toBeGreaterThan(0);
  });

  it('stay exact when bills and payments of one merchant are written at once', async () => {
    const { user, merchantIds, designId } = await openBusiness(1);
    const org = orgOf(user);
    const merchantId = merchantIds[0] as string;
    const orderIds: string[] = [];
    for (let index = 0; index < 10; index += 1) {
      orderIds.push(await completedOrder(user, merchantId, designId, 100 + index * 37.5));
    }
    await createBill(user, merchantId, orderIds.pop() as string, '2026-04-01');
    const writes = [
      ...orderIds.map((orderId) => () => createBill(user, merchantId, orderId, '2026-04-15')),
      ...Array.from(
        { length: 10 },
        (_, index) => () =>
          pay(user, {
            merchantId,
            paymentDate: '2026-05-01',
            amount: 150 + index * 11.25,
            tdsAmount: index % 3 === 0 ? 4.5 : 0,
            method: 'cash',
          }),
      ),
    ];
    await Promise.all(writes.map((write) => write()));
    expect(await drift(org)).toEqual([]);
    const [kept] = await queryRows<{ bill_count: number; payment_count: number }>(
      t.database.handle.db,
      sql`select bill_count, payment_count from merchant_balances
          where organization_id = ${org} and merchant_id = ${merchantId}`,
    );
    expect(kept).toEqual({ bill_count: 10, payment_count: 10 });
  });

  it('are gone with their organization, and a merchant without bills or payments can go', async () => {
    const { user, merchantIds, designId } = await openBusiness(2);
    const org = orgOf(user);
    const [first, second] = merchantIds as [string, string];
    const orderId = await completedOrder(user, first, designId, 120);
    await createBill(user, first, orderId, '2026-03-01');
    const advance = await pay(user, {
      merchantId: second,
      paymentDate: '2026-03-02',
      amount: 500,
      method: 'cash',
    });
    expect(await keptRows(org)).toBe(2);
    const removed = await t.send(user, 'DELETE', `/api/payments/${advance._id}`);
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    const merchantGone = await t.send(user, 'DELETE', `/api/merchants/${second}`);
    expect(merchantGone.statusCode, merchantGone.body).toBeLessThan(300);
    expect(await drift(org)).toEqual([]);

    await t.database.handle.db.delete(organizations).where(eq(organizations.id, org));
    const left = await queryRows<{ count: number }>(
      t.database.handle.db,
      sql`select count(*)::int as count from merchant_balances where organization_id = ${org}`,
    );
    expect(left[0]?.count).toBe(0);
  });
});
