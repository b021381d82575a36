import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope } from '../../../contract/common.ts';
import {
  orderAnalytics,
  TIME_GROUPS,
  type OrderAnalytics,
  type OrderAnalyticsGroupBy,
} from '../../../contract/order-analytics.ts';
import { ORDER_STATUSES, type Order } from '../../../contract/orders.ts';
import { queryRows } from '../../db/client.ts';
import { designs } from '../designs/schema.ts';
import { createTestApp, type TestApp, type TestBody, type TestUser } from '../../test/test-app.ts';

let t: TestApp;

interface Business {
  user: TestUser;
  organizationId: string;
  merchantId: string;
  designIds: [string, string];
}

async function api(
  user: TestUser,
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  const response = await t.app.inject({ method, url, headers: user.bearer, payload });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.json<{ data: Order }>().data;
}

async function openBusiness(): Promise<Business> {
  const user = await t.registerUser();
  const organizationId = user.auth.organization._id;
  const merchant = await api(user, 'POST', '/api/merchants', { name: 'Surat Silk' });
  const designIds: [string, string] = [uuidv7(), uuidv7()];
  await t.database.handle.db.insert(designs).values([
    { organizationId, id: designIds[0], name: 'Paisley', designCode: 'PAI-01', rate: 12.5 },
    { organizationId, id: designIds[1], name: 'Zari', designCode: 'ZAR-02', rate: 40 },
  ]);
  return { user, organizationId, merchantId: merchant._id, designIds };
}

function createOrder(
  business: Business,
  orderDate: string,
  lines: [number, number][],
  isPaid = false,
): Promise<Order> {
  return api(business.user, 'POST', '/api/orders', {
    merchantId: business.merchantId,
    poNumber: `PO-${orderDate}`,
    orderDate,
    isPaid,
    designs: lines.map(([quantity, rate], index) => ({
      designId: business.designIds[index % 2],
      quantity,
      rate,
    })),
  });
}

/**
 * Edits the order as a client does: from the version it has read, and when someone else saved
 * first, once more over their version (the user chose to keep their change).
 */
async function update(business: Business, id: string, changes: object) {
  const url = `/api/orders/${id}`;
  const headers = business.user.bearer;
  const read = await t.app.inject({ method: 'GET', url, headers });
  const { version } = read.json<{ data: Order }>().data;
  const first = await t.app.inject({
    method: 'PUT',
    url,
    headers,
    payload: { ...changes, version },
  });
  if (first.statusCode !== 409) {
    expect(first.statusCode, `PUT ${url}: ${first.body}`).toBeLessThan(300);
    return first.json<{ data: Order }>().data;
  }
  const current = first.json<{ code: string; data: Order }>();
  expect(current.code).toBe('stale_version');
  return api(business.user, 'PUT', url, { ...changes, version: current.data.version });
}
const move = (business: Business, id: string, status: string) =>
  api(business.user, 'PUT', `/api/orders/${id}/status`, {
    status,
    ...(status === 'completed' ? { force: true } : {}),
  });
const remove = (business: Business, id: string) =>
  api(business.user, 'DELETE', `/api/orders/${id}`);

/**
 * Rows where the kept totals (per day, and per merchant over all time) and a fresh grouping of
 * the orders disagree, compared as exact text; a kept row with no orders behind it (a zero row)
 * shows up as `unexpected`.
 */
async function drift() {
  const byTable = [
    { table: 'order_daily_totals', key: 'order_date' },
    { table: 'order_merchant_totals', key: 'merchant_id' },
  ].map(({ table, key }) =>
    queryRows<Record<string, unknown>>(
      t.database.handle.db,
      sql`with expected as (
            select organization_id, ${sql.raw(key)}::text as key, status, is_paid,
                   count(*)::int as order_count, sum(total_quantity)::text as total_quantity,
                   sum(total_amount)::numeric(18,2)::text as total_amount
            from orders group by organization_id, ${sql.raw(key)}, status, is_paid
          ), kept as (
            select organization_id, ${sql.raw(key)}::text as key, status, is_paid,
                   order_count, total_quantity::text, total_amount::text
            from ${sql.raw(table)}
          )
          select ${table} as kept_in, 'missing' as problem, *
          from (select * from expected except all select * from kept) m
          union all
          select ${table}, 'unexpected', *
          from (select * from kept except all select * from expected) u`,
    ),
  );
  return (await Promise.all(byTable)).flat();
}

async function keptRows(organizationId: string) {
  const rows = await queryRows<{ count: number }>(
    t.database.handle.db,
    sql`select count(*)::int as count from order_daily_totals
        where organization_id = ${organizationId}`,
  );
  return Number(rows[0]?.count ?? 0);
}

async function keptKey(organizationId: string, day: string) {
  return queryRows<{ status: string; isPaid: boolean; orderCount: number }>(
    t.database.handle.db,
    sql`select status, is_paid as "isPaid", order_count as "orderCount"
        from order_daily_totals
        where organization_id = ${organizationId} and order_date = ${day}
        order by status, is_paid`,
  );
}

async function report(user: TestUser, query: string): Promise<OrderAnalytics> {
  const response = await t.send(user, 'GET', `/api/reports/orders?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return envelope(orderAnalytics).parse(response.json<TestBody>()).data;
}

const KEY_OF: Record<string, string> = {
  day: `to_char(order_date, 'YYYY-MM-DD')`,
  week: `to_char(order_date, 'IYYY-"W"IW')`,
  month: `to_char(order_date, 'YYYY-MM')`,
  year: `to_char(order_date, 'YYYY')`,
  status: 'status',
  merchant: 'merchant_id::text',
};

/** Groups named other than by their key: a merchant by its name. */
const LABEL_OF: Record<string, string> = {
  merchant: `(select name from merchants m
              where m.organization_id = orders.organization_id and m.id = orders.merchant_id)`,
};

interface Filters {
  startDate?: string;
  endDate?: string;
  status?: string;
  merchantId?: string;
}

/** The report as the orders themselves give it, written independently of the repository. */
async function reportFromOrders(
  organizationId: string,
  groupBy: OrderAnalyticsGroupBy,
  filters: Filters,
): Promise<OrderAnalytics> {
  const where = [sql`organization_id = ${organizationId}`];
  if (filters.startDate) where.push(sql`order_date >= ${filters.startDate}`);
  if (filters.endDate) where.push(sql`order_date <= ${filters.endDate}`);
  if (filters.merchantId) where.push(sql`merchant_id = ${filters.merchantId}`);
  where.push(filters.status ? sql`status = ${filters.status}` : sql`status <> 'cancelled'`);
  const figures = sql`count(*)::int as "orderCount",
    coalesce(sum(total_quantity), 0)::float8 as "totalQuantity",
    coalesce(sum(total_amount), 0)::float8 as "totalAmount",
    coalesce(sum(total_amount) filter (where is_paid), 0)::float8 as "paidAmount",
    coalesce(sum(total_amount) filter (where not is_paid), 0)::float8 as "unpaidAmount"`;
  const condition = sql.join(where, sql` and `);
  const key = sql.raw(KEY_OF[groupBy] ?? 'null');
  const label = sql.raw(LABEL_OF[groupBy] ?? KEY_OF[groupBy] ?? 'null');
  const order = TIME_GROUPS.includes(groupBy) ? sql`key` : sql`"totalAmount" desc, key`;
  const rows = await queryRows<OrderAnalytics['rows'][number]>(
    t.database.handle.db,
    sql`select key, min(label) as label, ${figures}
        from (select *, ${key} as key, ${label} as label from orders where ${condition}) orders
        group by key order by ${order}`,
  );
  const [totals] = await queryRows<OrderAnalytics['totals']>(
    t.database.handle.db,
    sql`select ${figures} from orders where ${condition}`,
  );
  return { groupBy, rows, totals: totals as OrderAnalytics['totals'] };
}

let first: Business;
let second: Business;

beforeAll(async () => {
  t = await createTestApp();
  first = await openBusiness();
  second = await openBusiness();
});
afterAll(() => t.close());

describe('order daily totals', () => {
  it('stay equal to the orders through creates, edits, moves and deletes in two organizations', async () => {
    const a1 = await createOrder(first, '2025-03-03', [[10, 12.5]]);
    const a2 = await createOrder(
      first,
      '2025-03-03',
      [
        [3, 40.1],
        [2, 0.01],
      ],
      true,
    );
    const a3 = await createOrder(first, '2025-03-04', [[7, 3.33]]);
    const b1 = await createOrder(second, '2025-03-03', [[100, 99.99]]);
    const b2 = await createOrder(second, '2025-03-05', [[1, 1]]);
    expect(await drift()).toEqual([]);
    expect(await keptRows(first.organizationId)).toBe(3);
    expect(await keptRows(second.organizationId)).toBe(2);

    // New lines change the totals after the order row was written.
    await update(first, a1._id, {
      designs: [{ designId: first.designIds[1], quantity: 4, rate: 40 }],
    });
    await update(second, b1._id, {
      designs: [
        { designId: second.designIds[0], quantity: 1, rate: 0.05 },
        { designId: second.designIds[1], quantity: 2, rate: 7.25 },
      ],
    });
    expect(await drift()).toEqual([]);

    await update(first, a1._id, { isPaid: true });
    await update(first, a2._id, { isPaid: false });
    await move(first, a3._id, 'in_progress');
    await move(second, b2._id, 'cancelled');
    expect(await drift()).toEqual([]);

    // A date change together with new lines moves the order and its new figures in one update.
    await update(first, a2._id, {
      orderDate: '2025-04-01',
      designs: [{ designId: first.designIds[0], quantity: 9, rate: 1.11 }],
    });
    await update(second, b1._id, { orderDate: '2025-03-05', isPaid: true });
    expect(await drift()).toEqual([]);

    // Notes and delivery dates leave the figures as they were.
    const before = await keptKey(first.organizationId, '2025-03-03');
    await update(first, a1._id, { notes: 'Pack in dozens', deliveryDate: '2025-03-20' });
    expect(await keptKey(first.organizationId, '2025-03-03')).toEqual(before);

    // The last order of a key takes the key's row with it.
    expect(await keptKey(second.organizationId, '2025-03-03')).toEqual([]);
    await remove(first, a1._id);
    expect(await keptKey(first.organizationId, '2025-03-03')).toEqual([]);
    await remove(first, a3._id);
    await remove(second, b2._id);
    expect(await drift()).toEqual([]);
    expect(await keptKey(first.organizationId, '2025-04-01')).toEqual([
      { status: 'pending', isPaid: false, orderCount: 1 },
    ]);
    expect(await keptRows(first.organizationId)).toBe(1);
    expect(await keptRows(second.organizationId)).toBe(1);
  });

  it('stay exact under concurrent creates and updates on the same day', async () => {
    const day = '2025-05-10';
    const otherDay = '2025-05-11';
    const existing = await Promise.all(
      Array.from({ length: 9 }, (_, index) =>
        createOrder(first, index % 2 === 0 ? day : otherDay, [[index + 1, 2.5]]),
      ),
    );
    const writes = [
      ...Array.from({ length: 10 }, (_, index) =>
        createOrder(
          first,
          day,
          [
            [index + 1, 1.75],
            [2, 3],
          ],
          index % 2 === 0,
        ),
      ),
      ...existing.slice(0, 8).map((placed, index) => {
        switch (index % 4) {
          case 0:
            // Orders move between the two days in both directions at once.
            return update(first, placed._id, {
              orderDate: placed.orderDate === day ? otherDay : day,
            });
          case 1:
            return update(first, placed._id, { isPaid: true });
          case 2:
            return move(first, placed._id, 'in_progress');
          default:
            return update(first, placed._id, {
              designs: [{ designId: first.designIds[1], quantity: 5, rate: 9.99 }],
            });
        }
      }),
      // A second writer on the same order at once: a status move names no version, so both
      // land (two edits from the same read would rightly refuse one of them).
      move(first, existing[0]?._id ?? '', 'cancelled'),
      remove(first, existing[8]?._id ?? ''),
    ];
    const results = await Promise.allSettled(writes);
    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    expect(await drift()).toEqual([]);
  });

  it('give the same reports as the orders for every time, status and merchant grouping', async () => {
    const otherMerchant = await api(second.user, 'POST', '/api/merchants', { name: 'Agra Zari' });
    // A bulk insert is summed by the same statement-level path as the API's single orders.
    await t.database.handle.db.execute(sql`
      insert into orders (organization_id, id, merchant_id, po_number, order_date, is_paid,
                          status, total_quantity, total_amount)
      select ${second.organizationId}::uuid, gen_random_uuid(),
             case when i % 4 = 0 then ${otherMerchant._id}::uuid else ${second.merchantId}::uuid end,
             'PO-' || i,
             date '2023-11-20' + (i * 7 % 900), i % 3 = 0,
             (array['pending', 'in_progress', 'completed', 'delivered', 'cancelled'])[1 + i % 5],
             1 + i % 40, (i * 137 % 100000) / 100.0
      from generate_series(1, 600) as i`);
    await createOrder(second, '2024-12-30', [[5, 10]], true);
    expect(await drift()).toEqual([]);

    const filterSets: Filters[] = [
      {},
      { startDate: '2024-01-01', endDate: '2024-12-31' },
      { startDate: '2024-12-30' },
      { endDate: '2024-06-15' },
      ...ORDER_STATUSES.map((status) => ({ status })),
      { status: 'cancelled', startDate: '2024-03-01', endDate: '2025-02-28' },
      { status: 'delivered', endDate: '2024-02-29' },
      { startDate: '2030-01-01' },
      { merchantId: otherMerchant._id },
      { merchantId: second.merchantId, startDate: '2024-01-01', endDate: '2024-12-31' },
      { merchantId: otherMerchant._id, status: 'delivered' },
    ];
    for (const groupBy of [...TIME_GROUPS, 'status', 'merchant'] as const) {
      for (const filters of filterSets) {
        const query = new URLSearchParams({ groupBy, ...filters }).toString();
        const expected = await reportFromOrders(second.organizationId, groupBy, filters);
        expect(await report(second.user, query), query).toEqual(expected);
      }
    }
    expect((await reportFromOrders(second.organizationId, 'week', {})).rows.length).toBeGreaterThan(
      50,
    );
  });

  it('serve time and status groups without a merchant filter, merchant groups over all time, the rest from the orders', async () => {
    const business = await openBusiness();
    await createOrder(business, '2025-02-14', [[2, 50]]);
    const honest = await report(business.user, 'groupBy=month');
    // Skewing the kept totals shows which reports read them.
    await t.database.handle.db.execute(sql`
      update order_daily_totals set total_amount = total_amount + 1000
      where organization_id = ${business.organizationId}`);
    await t.database.handle.db.execute(sql`
      update order_merchant_totals set total_amount = total_amount + 100
      where organization_id = ${business.organizationId}`);
    try {
      expect((await report(business.user, 'groupBy=month')).totals.totalAmount).toBe(
        honest.totals.totalAmount + 1000,
      );
      expect((await report(business.user, 'groupBy=status')).totals.totalAmount).toBe(
        honest.totals.totalAmount + 1000,
      );
      const byMerchant = await report(
        business.user,
        `groupBy=month&merchantId=${business.merchantId}`,
      );
      expect(byMerchant.totals).toEqual(honest.totals);
      expect((await report(business.user, 'groupBy=merchant')).totals.totalAmount).toBe(
        honest.totals.totalAmount + 100,
      );
      expect((await report(business.user, 'groupBy=merchant&startDate=2025-01-01')).totals).toEqual(
        honest.totals,
      );
      expect((await report(business.user, 'groupBy=design')).totals).toEqual(honest.totals);
    } finally {
      await t.database.handle.db.execute(sql`
        update order_daily_totals set total_amount = total_amount - 1000
        where organization_id = ${business.organizationId}`);
      await t.database.handle.db.execute(sql`
        update order_merchant_totals set total_amount = total_amount - 100
        where organization_id = ${business.organizationId}`);
    }
    expect(await drift()).toEqual([]);
  });

  it('go away with their organization', async () => {
    const business = await openBusiness();
    await createOrder(business, '2025-01-01', [[1, 1]]);
    await createOrder(business, '2025-01-02', [[1, 1]]);
    expect(await keptRows(business.organizationId)).toBe(2);
    await t.database.handle.db.execute(
      sql`delete from organizations where id = ${business.organizationId}`,
    );
    expect(await keptRows(business.organizationId)).toBe(0);
    expect(await drift()).toEqual([]);
  });
});
