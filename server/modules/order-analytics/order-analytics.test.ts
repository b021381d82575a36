import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope } from '../../../contract/common.ts';
import {
  ORDER_ANALYTICS_GROUPS,
  orderAnalytics,
  type OrderAnalytics,
} from '../../../contract/order-analytics.ts';
import type { Order, OrderStatus } from '../../../contract/orders.ts';
import { designs } from '../designs/schema.ts';
import { createTestApp, type TestApp, type TestBody, type TestUser } from '../../test/test-app.ts';

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
const placed: Order[] = [];
let merchantIds: string[] = [];
let designIds: string[] = [];

async function createMerchant(user: TestUser, name: string) {
  const response = await t.send(user, 'POST', '/api/merchants', { name });
  return response.json<TestBody>().data._id;
}

async function createDesign(user: TestUser, code: string, name: string) {
  const id = uuidv7();
  await t.database.handle.db
    .insert(designs)
    .values({ organizationId: user.auth.organization._id, id, name, designCode: code, rate: 10 });
  return id;
}

async function place(
  user: TestUser,
  spec: {
    merchantId: string;
    orderDate: string;
    isPaid: boolean;
    lines: [string, number, number][];
    statusPath?: OrderStatus[];
  },
) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: user.bearer,
    payload: {
      merchantId: spec.merchantId,
      poNumber: `PO-${spec.orderDate}`,
      orderDate: spec.orderDate,
      isPaid: spec.isPaid,
      designs: spec.lines.map(([designId, quantity, rate]) => ({ designId, quantity, rate })),
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  let current = response.json<{ data: Order }>().data;
  for (const status of spec.statusPath ?? []) {
    const moved = await t.send(user, 'PUT', `/api/orders/${current._id}/status`, {
      status,
      ...(status === 'completed' ? { force: true } : {}),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    current = moved.json<{ data: Order }>().data;
  }
  return current;
}

async function report(user: TestUser, query: string): Promise<OrderAnalytics> {
  const response = await t.send(user, 'GET', `/api/reports/orders${query}`);
  expect(response.statusCode, response.body).toBe(200);
  const body = envelope(orderAnalytics).parse(response.json<TestBody>());
  return body.data;
}

const cents = (value: number) => Math.round(value * 100);

function expectedTotals(orders: Order[]) {
  return {
    orderCount: orders.length,
    totalQuantity: orders.reduce((sum, o) => sum + o.totalQuantity, 0),
    totalAmount: orders.reduce((sum, o) => sum + cents(o.totalAmount), 0) / 100,
    paidAmount: orders.filter((o) => o.isPaid).reduce((s, o) => s + cents(o.totalAmount), 0) / 100,
    unpaidAmount:
      orders.filter((o) => !o.isPaid).reduce((s, o) => s + cents(o.totalAmount), 0) / 100,
  };
}

function sumRows(result: OrderAnalytics) {
  const add = (pick: (row: OrderAnalytics['rows'][number]) => number) =>
    result.rows.reduce((sum, row) => sum + cents(pick(row)), 0) / 100;
  return {
    totalQuantity: result.rows.reduce((sum, row) => sum + row.totalQuantity, 0),
    totalAmount: add((row) => row.totalAmount),
    paidAmount: add((row) => row.paidAmount),
    unpaidAmount: add((row) => row.unpaidAmount),
  };
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.registerUser();
  stranger = await t.registerUser();
  merchantIds = [await createMerchant(owner, 'Alpha Traders'), await createMerchant(owner, 'Beta')];
  designIds = [
    await createDesign(owner, 'PAI-01', 'Paisley'),
    await createDesign(owner, 'ZAR-02', 'Zari'),
  ];
  const [alpha, beta] = merchantIds as [string, string];
  const [paisley, zari] = designIds as [string, string];
  const specs = [
    // Monday 30 Dec 2024 belongs to ISO week 2025-W01.
    { merchantId: alpha, orderDate: '2024-12-30', isPaid: true, lines: [[paisley, 10, 12.5]] },
    {
      merchantId: alpha,
      orderDate: '2025-01-31',
      isPaid: false,
      lines: [
        [paisley, 2, 12.5],
        [zari, 3, 40.1],
      ],
    },
    {
      merchantId: beta,
      orderDate: '2025-01-31',
      isPaid: true,
      lines: [
        [zari, 1, 99.99],
        [zari, 4, 0.01],
      ],
      statusPath: ['in_progress'],
    },
    {
      merchantId: beta,
      orderDate: '2025-02-03',
      isPaid: false,
      lines: [[paisley, 7, 3.33]],
      statusPath: ['in_progress', 'completed', 'delivered'],
    },
    {
      merchantId: alpha,
      orderDate: '2025-06-15',
      isPaid: true,
      lines: [[zari, 5, 40]],
      statusPath: ['in_progress', 'completed'],
    },
    {
      merchantId: beta,
      orderDate: '2025-06-16',
      isPaid: false,
      lines: [[paisley, 100, 1]],
      statusPath: ['cancelled'],
    },
  ] as const;
  for (const spec of specs) {
    placed.push(
      await place(owner, {
        ...spec,
        lines: spec.lines.map((line) => [...line]),
        statusPath: 'statusPath' in spec ? [...spec.statusPath] : [],
      }),
    );
  }
  // Another organization's business must never leak into the owner's figures.
  const theirMerchant = await createMerchant(stranger, 'Alpha Traders');
  const theirDesign = await createDesign(stranger, 'PAI-01', 'Paisley');
  await place(stranger, {
    merchantId: theirMerchant,
    orderDate: '2025-01-31',
    isPaid: true,
    lines: [[theirDesign, 1000, 1000]],
  });
});
afterAll(() => t.close());

describe('order analytics', () => {
  const notCancelled = () => placed.filter((o) => o.status !== 'cancelled');

  for (const groupBy of ORDER_ANALYTICS_GROUPS) {
    it(`totals equal the matching orders and the rows add up when grouped by ${groupBy}`, async () => {
      const result = await report(owner, `?groupBy=${groupBy}`);
      expect(result.groupBy).toBe(groupBy);
      expect(result.totals).toEqual(expectedTotals(notCancelled()));
      expect(sumRows(result)).toEqual({
        totalQuantity: result.totals.totalQuantity,
        totalAmount: result.totals.totalAmount,
        paidAmount: result.totals.paidAmount,
        unpaidAmount: result.totals.unpaidAmount,
      });
      for (const row of result.rows) {
        expect(cents(row.paidAmount) + cents(row.unpaidAmount)).toBe(cents(row.totalAmount));
      }
    });
  }

  it('keys and orders time groups ascending', async () => {
    expect((await report(owner, '?groupBy=day')).rows.map((r) => [r.key, r.orderCount])).toEqual([
      ['2024-12-30', 1],
      ['2025-01-31', 2],
      ['2025-02-03', 1],
      ['2025-06-15', 1],
    ]);
    const weeks = await report(owner, '?groupBy=week');
    expect(weeks.rows.map((r) => r.key)).toEqual(['2025-W01', '2025-W05', '2025-W06', '2025-W24']);
    expect(weeks.rows.every((r) => r.label === r.key)).toBe(true);
    const months = await report(owner, '');
    expect(months.groupBy).toBe('month');
    expect(months.rows.map((r) => [r.key, r.totalAmount])).toEqual([
      ['2024-12', 125],
      ['2025-01', 25 + 120.3 + 99.99 + 0.04],
      ['2025-02', 23.31],
      ['2025-06', 200],
    ]);
    expect((await report(owner, '?groupBy=year')).rows.map((r) => r.key)).toEqual(['2024', '2025']);
  });

  it('labels merchants and designs by name and orders them by amount', async () => {
    const [alpha, beta] = merchantIds as [string, string];
    const byMerchant = await report(owner, '?groupBy=merchant');
    expect(byMerchant.rows.map((r) => [r.key, r.label, r.orderCount])).toEqual([
      [alpha, 'Alpha Traders', 3],
      [beta, 'Beta', 2],
    ]);
    const [paisley, zari] = designIds as [string, string];
    const byDesign = await report(owner, '?groupBy=design');
    expect(byDesign.rows).toEqual([
      {
        key: zari,
        label: 'ZAR-02 — Zari',
        orderCount: 3,
        totalQuantity: 13,
        totalAmount: 120.3 + 99.99 + 0.04 + 200,
        paidAmount: 99.99 + 0.04 + 200,
        unpaidAmount: 120.3,
      },
      {
        key: paisley,
        label: 'PAI-01 — Paisley',
        orderCount: 3,
        totalQuantity: 19,
        totalAmount: 125 + 25 + 23.31,
        paidAmount: 125,
        unpaidAmount: 25 + 23.31,
      },
    ]);
    const byStatus = await report(owner, '?groupBy=status');
    expect(byStatus.rows.map((r) => [r.key, r.label])).toEqual([
      ['pending', 'pending'],
      ['completed', 'completed'],
      ['in_progress', 'in_progress'],
      ['delivered', 'delivered'],
    ]);
  });

  it('applies every filter, counting cancelled orders only when asked for', async () => {
    const [alpha, beta] = merchantIds as [string, string];
    const check = async (query: string, matching: Order[]) => {
      for (const groupBy of ORDER_ANALYTICS_GROUPS) {
        const result = await report(owner, `${query}&groupBy=${groupBy}`);
        expect(result.totals, `${query} ${groupBy}`).toEqual(expectedTotals(matching));
        expect(sumRows(result).totalAmount, `${query} ${groupBy}`).toBe(result.totals.totalAmount);
      }
    };
    await check(
      '?startDate=2025-01-01&endDate=2025-02-03',
      notCancelled().filter((o) => o.orderDate >= '2025-01-01' && o.orderDate <= '2025-02-03'),
    );
    await check(
      `?merchantId=${beta}`,
      notCancelled().filter((o) => o.merchantId === beta),
    );
    await check(
      '?status=cancelled',
      placed.filter((o) => o.status === 'cancelled'),
    );
    await check(
      '?status=in_progress',
      placed.filter((o) => o.status === 'in_progress'),
    );
    await check(
      `?merchantId=${alpha}&status=pending&startDate=2024-12-01`,
      placed.filter((o) => o.merchantId === alpha && o.status === 'pending'),
    );
  });

  it('answers an empty range with no rows and zero totals', async () => {
    const result = await report(owner, '?startDate=2030-01-01&groupBy=design');
    expect(result).toEqual({
      groupBy: 'design',
      rows: [],
      totals: { orderCount: 0, totalQuantity: 0, totalAmount: 0, paidAmount: 0, unpaidAmount: 0 },
    });
  });

  it("counts only the caller's own organization", async () => {
    const theirs = await report(stranger, '?groupBy=merchant');
    expect(theirs.totals).toMatchObject({ orderCount: 1, totalAmount: 1_000_000 });
    const ownFromTheirMerchantId = await report(owner, `?merchantId=${theirs.rows[0]?.key ?? ''}`);
    expect(ownFromTheirMerchantId.totals.orderCount).toBe(0);
  });

  it('rejects bad query values with 400', async () => {
    for (const [query, path] of [
      ['?groupBy=quarter', 'groupBy'],
      ['?status=shipped', 'status'],
      ['?merchantId=abc', 'merchantId'],
      ['?startDate=2025-02-30', 'startDate'],
      ['?startDate=2025-03-01&endDate=2025-02-01', 'startDate'],
      ['?page=1', 'page'],
    ] as const) {
      const response = await t.send(owner, 'GET', `/api/reports/orders${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<TestBody>().errors[0]?.path, query).toBe(path);
    }
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/reports/orders' });
    expect(anonymous.statusCode).toBe(401);
  });
});
