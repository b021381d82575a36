import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope, paged } from '../../../contract/common.ts';
import { ORDER_STATUSES, order, type Order, type OrderStatus } from '../../../contract/orders.ts';
import { designs } from '../designs/schema.ts';
import { orderLines, orders } from './schema.ts';
import { createTestApp, type TestApp, type TestBody, type TestUser } from '../../test/test-app.ts';

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;

interface Fixture {
  merchantIds: string[];
  designIds: string[];
}

async function createMerchant(user: TestUser, name: string) {
  const response = await t.send(user, 'POST', '/api/merchants', { name });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TestBody>().data._id;
}

async function createDesign(user: TestUser, code: string, name: string, rate: number) {
  const id = uuidv7();
  await t.database.handle.db.insert(designs).values({
    organizationId: user.auth.organization._id,
    id,
    name,
    designCode: code,
    rate,
  });
  return id;
}

async function fixture(user: TestUser): Promise<Fixture> {
  return {
    merchantIds: [await createMerchant(user, 'Surat Silk'), await createMerchant(user, 'Lakshmi')],
    designIds: [
      await createDesign(user, 'PAI-01', 'Paisley Border', 12.5),
      await createDesign(user, 'ZAR-02', 'Zari Buta', 40),
    ],
  };
}

async function postOrder(user: TestUser, payload: Record<string, unknown>) {
  return t.send(user, 'POST', '/api/orders', payload);
}

async function createOrder(user: TestUser, payload: Record<string, unknown>): Promise<Order> {
  const response = await postOrder(user, payload);
  expect(response.statusCode, response.body).toBe(201);
  return envelope(order).parse(response.json<TestBody>()).data;
}

/** Completing skips the open job cards check: these tests are about the order alone. */
async function setStatus(user: TestUser, id: string, status: string) {
  return t.send(user, 'PUT', `/api/orders/${id}/status`, {
    status,
    ...(status === 'completed' ? { force: true } : {}),
  });
}

const pagedOrders = envelope(paged(order));
async function listOrders(user: TestUser, query: string) {
  const response = await t.send(user, 'GET', `/api/orders${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return pagedOrders.parse(response.json<TestBody>()).data;
}

let mine: Fixture;
let theirs: Fixture;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.registerUser();
  stranger = await t.registerUser();
  mine = await fixture(owner);
  theirs = await fixture(stranger);
});
afterAll(() => t.close());

describe('create and read', () => {
  it('computes line amounts and totals and embeds merchant and designs', async () => {
    const [merchantId] = mine.merchantIds as [string];
    const [paisley, zari] = mine.designIds as [string, string];
    const response = await postOrder(owner, {
      merchantId,
      poNumber: '  PO-1001 ',
      orderDate: '2025-03-04',
      deliveryDate: '',
      notes: 'Rush',
      organizationId: owner.auth.organization._id,
      totalAmount: 1,
      designs: [
        { designId: paisley, quantity: 3, rate: 0.1 },
        { designId: zari, quantity: 250, rate: 40.25, amount: 5, _id: 'x', design: {} },
        { designId: paisley, quantity: 7, rate: 12.5 },
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    const body = envelope(order).parse(response.json<TestBody>());
    expect(body.message).toBe('Order created successfully');
    expect(body.data).toMatchObject({
      merchantId,
      merchant: { _id: merchantId, name: 'Surat Silk' },
      poNumber: 'PO-1001',
      orderDate: '2025-03-04',
      deliveryDate: null,
      isPaid: false,
      status: 'pending',
      notes: 'Rush',
      totalQuantity: 260,
      totalAmount: 10150.3,
      organizationId: owner.auth.organization._id,
    });
    expect(
      body.data.designs.map(({ designId, quantity, rate, amount, design }) => ({
        designId,
        quantity,
        rate,
        amount,
        code: design.designCode,
      })),
    ).toEqual([
      { designId: paisley, quantity: 3, rate: 0.1, amount: 0.3, code: 'PAI-01' },
      { designId: zari, quantity: 250, rate: 40.25, amount: 10062.5, code: 'ZAR-02' },
      { designId: paisley, quantity: 7, rate: 12.5, amount: 87.5, code: 'PAI-01' },
    ]);
    expect(new Set(body.data.designs.map((line) => line._id)).size).toBe(3);
    expect(new Date(body.data.createdAt).toISOString()).toBe(body.data.createdAt);

    const fetched = await t.send(owner, 'GET', `/api/orders/${body.data._id}`);
    expect(fetched.statusCode).toBe(200);
    expect(fetched.json<TestBody>().message).toBe('Order fetched successfully');
    expect(envelope(order).parse(fetched.json<TestBody>()).data).toEqual(body.data);
  });

  it('refuses a status key, bad lines and unknown keys with 400 naming the field', async () => {
    const [merchantId] = mine.merchantIds as [string];
    const [designId] = mine.designIds as [string];
    const cases: [Record<string, unknown>, string][] = [
      [{ status: 'delivered' }, 'status'],
      [{ designs: [] }, 'designs'],
      [{ designs: [{ designId, quantity: 0, rate: 1 }] }, 'designs.0.quantity'],
      [{ designs: [{ designId, quantity: 1.5, rate: 1 }] }, 'designs.0.quantity'],
      [{ designs: [{ designId, quantity: 1, rate: 1.234 }] }, 'designs.0.rate'],
      [{ designs: [{ designId, quantity: 1, rate: '12' }] }, 'designs.0.rate'],
      [{ designs: [{ designId, quantity: 1_000_000, rate: 999_999_999 }] }, 'designs.0.rate'],
      [{ orderDate: '2025-13-45' }, 'orderDate'],
      [{ poNumber: '' }, 'poNumber'],
      [{ colour: 'red' }, 'colour'],
    ];
    for (const [override, path] of cases) {
      const response = await postOrder(owner, {
        merchantId,
        poNumber: 'PO-BAD',
        orderDate: '2025-03-04',
        designs: [{ designId, quantity: 1, rate: 1 }],
        ...override,
      });
      expect(response.statusCode, path).toBe(400);
      expect(
        response.json<TestBody>().errors.map((e) => e.path),
        path,
      ).toContain(path);
    }
  });

  it("rejects another organization's merchant and designs with 400 naming the field", async () => {
    const response = await postOrder(owner, {
      merchantId: theirs.merchantIds[0],
      poNumber: 'PO-X',
      orderDate: '2025-03-04',
      designs: [
        { designId: mine.designIds[0], quantity: 1, rate: 1 },
        { designId: theirs.designIds[0], quantity: 1, rate: 1 },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<TestBody>().errors).toEqual([
      { path: 'merchantId', code: 'not_found', message: 'Merchant not found' },
      { path: 'designs.1.designId', code: 'not_found', message: 'Design not found' },
    ]);
    expect((await listOrders(owner, '?poNumber=PO-X')).totalCount).toBe(0);
  });
});

describe('update and delete', () => {
  it('merges fields, replaces lines when given and recomputes totals', async () => {
    const [first, second] = mine.merchantIds as [string, string];
    const [paisley, zari] = mine.designIds as [string, string];
    const created = await createOrder(owner, {
      merchantId: first,
      poNumber: 'PO-EDIT',
      orderDate: '2025-04-01',
      notes: 'keep me',
      designs: [{ designId: paisley, quantity: 10, rate: 12.5 }],
    });

    const partial = await t.send(owner, 'PUT', `/api/orders/${created._id}`, {
      isPaid: true,
      deliveryDate: '2025-04-20',
      version: created.version,
    });
    expect(partial.statusCode, partial.body).toBe(200);
    const merged = envelope(order).parse(partial.json<TestBody>()).data;
    expect(merged).toMatchObject({
      isPaid: true,
      deliveryDate: '2025-04-20',
      notes: 'keep me',
      totalAmount: 125,
      designs: [{ _id: created.designs[0]?._id }],
    });

    // Sending back what was read (minus the read-only status) with changed lines.
    const { status: _status, ...readBack } = merged;
    const replaced = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${created._id}`,
      headers: owner.bearer,
      payload: {
        ...readBack,
        merchantId: second,
        notes: null,
        designs: [
          { ...merged.designs[0], quantity: 2 },
          { designId: zari, quantity: 5, rate: 40 },
        ],
      },
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const body = envelope(order).parse(replaced.json<TestBody>());
    expect(body.message).toBe('Order updated successfully');
    expect(body.data).toMatchObject({
      merchant: { _id: second, name: 'Lakshmi' },
      notes: null,
      isPaid: true,
      totalQuantity: 7,
      totalAmount: 225,
      status: 'pending',
    });
    expect(body.data.designs.map((line) => [line.designId, line.amount])).toEqual([
      [paisley, 25],
      [zari, 200],
    ]);

    const foreign = await t.send(owner, 'PUT', `/api/orders/${created._id}`, {
      designs: [{ designId: theirs.designIds[1], quantity: 1, rate: 1 }],
      version: body.data.version,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json<TestBody>().errors[0]?.path).toBe('designs.0.designId');
    const unchanged = await t.send(owner, 'GET', `/api/orders/${created._id}`);
    expect(unchanged.json<TestBody>().data).toMatchObject({ totalAmount: 225 });

    const withStatus = await t.send(owner, 'PUT', `/api/orders/${created._id}`, {
      status: 'completed',
      version: body.data.version,
    });
    expect(withStatus.statusCode).toBe(400);

    const removed = await t.send(owner, 'DELETE', `/api/orders/${created._id}`);
    expect(removed.json<TestBody>()).toEqual({
      success: true,
      data: { _id: created._id },
      message: 'Order deleted successfully',
    });
    const gone = await t.send(owner, 'GET', `/api/orders/${created._id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json<TestBody>().message).toBe('Order not found');
  });

  it("cannot move another organization's order along", async () => {
    const secret = await createOrder(stranger, {
      merchantId: theirs.merchantIds[0],
      poNumber: 'SECRET-1',
      orderDate: '2025-01-10',
      designs: [{ designId: theirs.designIds[0], quantity: 1, rate: 1 }],
    });
    const response = await setStatus(owner, secret._id, 'in_progress');
    expect(response.statusCode).toBe(404);
    const unchanged = await t.send(stranger, 'GET', `/api/orders/${secret._id}`);
    expect(unchanged.json<TestBody>()).toMatchObject({ data: { status: 'pending' } });
  });

  it('refuses to delete a merchant or design that orders reference', async () => {
    const [merchantId] = mine.merchantIds as [string];
    await createOrder(owner, {
      merchantId,
      poNumber: 'PO-REF',
      orderDate: '2025-01-01',
      designs: [{ designId: mine.designIds[0], quantity: 1, rate: 1 }],
    });
    const response = await t.send(owner, 'DELETE', `/api/merchants/${merchantId}`);
    expect(response.statusCode).toBe(409);
  });
});

describe('status', () => {
  const allowed: Record<OrderStatus, OrderStatus[]> = {
    pending: ['in_progress', 'cancelled'],
    in_progress: ['completed', 'cancelled'],
    completed: ['delivered', 'in_progress'],
    cancelled: ['pending'],
    delivered: [],
  };
  // A route from a new (pending) order to every status through allowed moves.
  const pathTo: Record<OrderStatus, OrderStatus[]> = {
    pending: [],
    in_progress: ['in_progress'],
    completed: ['in_progress', 'completed'],
    delivered: ['in_progress', 'completed', 'delivered'],
    cancelled: ['cancelled'],
  };

  async function orderIn(status: OrderStatus) {
    const created = await createOrder(owner, {
      merchantId: mine.merchantIds[1],
      poNumber: `PO-STATUS-${status}`,
      orderDate: '2025-02-02',
      designs: [{ designId: mine.designIds[1], quantity: 1, rate: 1 }],
    });
    for (const step of pathTo[status]) {
      expect((await setStatus(owner, created._id, step)).statusCode).toBe(200);
    }
    return created;
  }

  for (const from of ORDER_STATUSES) {
    for (const to of ORDER_STATUSES) {
      const isAllowed = allowed[from].includes(to);
      it(`${isAllowed ? 'allows' : 'refuses'} ${from} -> ${to}`, async () => {
        const created = await orderIn(from);
        const response = await setStatus(owner, created._id, to);
        if (isAllowed) {
          expect(response.statusCode, response.body).toBe(200);
          expect(response.json<TestBody>()).toMatchObject({
            message: 'Order status updated successfully',
            data: { status: to, totalAmount: 1 },
          });
        } else {
          expect(response.statusCode).toBe(409);
          expect(response.json<TestBody>()).toEqual({
            success: false,
            code: 'invalid_transition',
            message: `Invalid status transition from ${from} to ${to}`,
          });
        }
      });
    }
  }

  it('checks the version when one is given, and bumps it on every move', async () => {
    const created = await orderIn('pending');
    const url = `/api/orders/${created._id}/status`;
    const unchecked = await t.send(owner, 'PUT', url, { status: 'in_progress' });
    expect(envelope(order).parse(unchecked.json()).data.version).toBe(created.version + 1);

    const stale = await t.send(owner, 'PUT', url, {
      status: 'completed',
      version: created.version,
    });
    expect(stale.statusCode).toBe(409);
    const refused = stale.json<{ code: string; data: unknown }>();
    expect(refused.code).toBe('stale_version');
    expect(order.parse(refused.data)).toMatchObject({
      status: 'in_progress',
      version: created.version + 1,
    });

    const checked = await t.send(owner, 'PUT', url, {
      status: 'completed',
      force: true,
      version: created.version + 1,
    });
    expect(checked.statusCode, checked.body).toBe(200);
    expect(envelope(order).parse(checked.json()).data).toMatchObject({
      status: 'completed',
      version: created.version + 2,
    });
  });

  it('bumps the version once when an update replaces the lines', async () => {
    const created = await orderIn('pending');
    const response = await t.send(owner, 'PUT', `/api/orders/${created._id}`, {
      designs: [{ designId: mine.designIds[0], quantity: 3, rate: 2 }],
      version: created.version,
    });
    expect(envelope(order).parse(response.json()).data).toMatchObject({
      totalAmount: 6,
      version: created.version + 1,
    });
  });

  it('answers 400 for an unknown status, extra keys or no body', async () => {
    const created = await orderIn('pending');
    expect((await setStatus(owner, created._id, 'shipped')).statusCode).toBe(400);
    const extra = await t.send(owner, 'PUT', `/api/orders/${created._id}/status`, {
      status: 'in_progress',
      isPaid: true,
    });
    expect(extra.statusCode).toBe(400);
    const empty = await t.send(owner, 'PUT', `/api/orders/${created._id}/status`);
    expect(empty.statusCode).toBe(400);
  });
});

describe('list', () => {
  let lister: TestUser;
  let data: Fixture;
  const created: Order[] = [];

  beforeAll(async () => {
    lister = await t.registerUser();
    data = await fixture(lister);
    const [a, b] = data.merchantIds as [string, string];
    const [d1, d2] = data.designIds as [string, string];
    const specs = [
      { merchantId: a, poNumber: 'PO-100%', orderDate: '2025-01-05', isPaid: true, q: 1 },
      { merchantId: a, poNumber: 'po_200', orderDate: '2025-02-10', isPaid: false, q: 5 },
      { merchantId: b, poNumber: 'PO-300', orderDate: '2025-03-15', isPaid: true, q: 3 },
      { merchantId: b, poNumber: 'PO-400', orderDate: '2025-03-20', isPaid: false, q: 2 },
    ];
    for (const { q, ...spec } of specs) {
      created.push(
        await createOrder(lister, {
          ...spec,
          designs: [
            { designId: d1, quantity: q, rate: 10 },
            { designId: d2, quantity: 1, rate: 0.5 },
          ],
        }),
      );
    }
    await setStatus(lister, created[2]?._id ?? '', 'in_progress');
    await setStatus(lister, created[3]?._id ?? '', 'cancelled');
  });

  const pos = async (query: string) =>
    (await listOrders(lister, query)).data.map((o) => o.poNumber);

  it('filters by every filter', async () => {
    const [a, b] = data.merchantIds as [string, string];
    expect(await pos('?status=pending')).toEqual(['po_200', 'PO-100%']);
    expect(await pos('?status=cancelled')).toEqual(['PO-400']);
    expect(await pos(`?merchantId=${b}`)).toEqual(['PO-400', 'PO-300']);
    expect(await pos(`?merchantId=${a}&isPaid=true`)).toEqual(['PO-100%']);
    expect(await pos('?isPaid=false')).toEqual(['PO-400', 'po_200']);
    expect(await pos('?startDate=2025-02-10&endDate=2025-03-15')).toEqual(['PO-300', 'po_200']);
    expect(await pos('?startDate=2025-03-01')).toEqual(['PO-400', 'PO-300']);
    expect(await pos('?endDate=2025-01-05')).toEqual(['PO-100%']);
    expect(await pos('?poNumber=po-')).toEqual(['PO-400', 'PO-300', 'PO-100%']);
    expect(await pos(`?poNumber=${encodeURIComponent('%')}`)).toEqual(['PO-100%']);
    expect(await pos('?poNumber=_')).toEqual(['po_200']);
    expect(await pos('?status=&merchantId=&poNumber=&isPaid=')).toHaveLength(4);
  });

  it('sorts by every sortable field both ways', async () => {
    expect(await pos('?sort=orderDate')).toEqual(['PO-100%', 'po_200', 'PO-300', 'PO-400']);
    expect(await pos('?sort=-orderDate')).toEqual(['PO-400', 'PO-300', 'po_200', 'PO-100%']);
    // Where '_' sorts among '-' depends on the database collation; the rest does not.
    const byPo = await pos('?sort=poNumber');
    expect(byPo.filter((po) => po !== 'po_200')).toEqual(['PO-100%', 'PO-300', 'PO-400']);
    expect(await pos('?sort=-poNumber')).toEqual([...byPo].reverse());
    expect(await pos('?sort=-totalAmount')).toEqual(['po_200', 'PO-300', 'PO-400', 'PO-100%']);
    expect(await pos('?sort=totalAmount&limit=1')).toEqual(['PO-100%']);
    expect(await pos('?sort=createdAt')).toEqual(['PO-100%', 'po_200', 'PO-300', 'PO-400']);
  });

  it('rejects bad filter values with 400', async () => {
    for (const [query, path] of [
      ['?status=shipped', 'status'],
      ['?merchantId=abc', 'merchantId'],
      ['?isPaid=yes', 'isPaid'],
      ['?startDate=2025-02-30', 'startDate'],
      ['?startDate=2025-03-01&endDate=2025-02-01', 'startDate'],
      ['?sort=status', 'sort'],
      ['?merchant=x', 'merchant'],
    ] as const) {
      const response = await t.send(lister, 'GET', `/api/orders${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<TestBody>().errors[0]?.path, query).toBe(path);
    }
  });
});

describe('deep pages', () => {
  let pager: TestUser;
  const placed: { _id: string; createdAt: string; orderDate: string; totalAmount: number }[] = [];

  // Written straight to the tables so that many orders share a creation time, a date, an amount
  // and a PO number (apart from case): only the id tells them apart, as on a busy day.
  beforeAll(async () => {
    pager = await t.registerUser();
    const organizationId = pager.auth.organization._id;
    const { merchantIds, designIds } = await fixture(pager);
    const statuses: OrderStatus[] = ['pending', 'in_progress', 'completed'];
    const rows = Array.from({ length: 23 }, (_, index) => {
      const createdAt = new Date(Date.UTC(2025, 0, 1 + (index % 4), 9, 30));
      const quantity = 1 + (index % 3);
      return {
        organizationId,
        id: uuidv7(),
        merchantId: merchantIds[index % 2] as string,
        poNumber: index % 2 === 0 ? `PO-${index % 5}` : `po-${index % 5}`,
        orderDate: `2025-02-0${1 + (index % 3)}`,
        status: statuses[index % 3] as OrderStatus,
        isPaid: index % 4 === 0,
        totalQuantity: quantity,
        totalAmount: quantity * 10,
        createdAt,
        updatedAt: createdAt,
      };
    });
    const db = t.database.handle.db;
    await db.insert(orders).values(rows);
    await db.insert(orderLines).values(
      rows.map((row) => ({
        organizationId,
        id: uuidv7(),
        orderId: row.id,
        position: 0,
        designId: designIds[0] as string,
        quantity: row.totalQuantity,
        rate: 10,
        amount: row.totalAmount,
      })),
    );
    for (const row of rows) {
      placed.push({
        _id: row.id,
        createdAt: row.createdAt.toISOString(),
        orderDate: row.orderDate,
        totalAmount: row.totalAmount,
      });
    }
  });

  /** Every page of a query in turn, each checked for the same totals. */
  async function allPages(query: string, limit: number) {
    const first = await listOrders(pager, `?${query}&limit=${limit}&page=1`);
    const pages = [first];
    for (let page = 2; page <= first.totalPages; page += 1) {
      pages.push(await listOrders(pager, `?${query}&limit=${limit}&page=${page}`));
    }
    for (const page of pages) {
      expect(page.totalCount).toBe(first.totalCount);
      expect(page.totalPages).toBe(first.totalPages);
    }
    return {
      totalCount: first.totalCount,
      ids: pages.flatMap((page) => page.data.map((o) => o._id)),
    };
  }

  const sortFields = ['createdAt', 'orderDate', 'totalAmount', 'poNumber'] as const;

  for (const field of sortFields) {
    for (const sort of [field, `-${field}`]) {
      it(`pages by ${sort} give exactly the rows of the whole list, ties broken by id`, async () => {
        const whole = await listOrders(pager, `?sort=${sort}&limit=100`);
        expect(whole.totalCount).toBe(placed.length);
        const wholeIds = whole.data.map((o) => o._id);
        for (const limit of [1, 4, 10]) {
          const paged = await allPages(`sort=${sort}`, limit);
          expect(paged.totalCount).toBe(placed.length);
          expect(paged.ids, `limit ${limit}`).toEqual(wholeIds);
        }
        if (field !== 'poNumber') {
          // PO numbers order by the database collation; the other fields can be checked here.
          const direction = sort.startsWith('-') ? -1 : 1;
          const expected = [...placed].sort((a, b) => {
            const byValue = a[field] < b[field] ? -1 : a[field] > b[field] ? 1 : 0;
            return direction * (byValue !== 0 ? byValue : a._id < b._id ? -1 : 1);
          });
          expect(wholeIds).toEqual(expected.map((o) => o._id));
        }
      });
    }
  }

  it('pages a filtered list consistently and keeps its totals past the end', async () => {
    const whole = await listOrders(pager, '?status=pending&sort=-orderDate&limit=100');
    expect(whole.totalCount).toBe(8);
    const paged = await allPages('status=pending&sort=-orderDate', 3);
    expect(paged.ids).toEqual(whole.data.map((o) => o._id));

    const past = await listOrders(pager, '?status=pending&limit=3&page=40');
    expect(past).toMatchObject({ data: [], totalCount: 8, totalPages: 3, hasPrevPage: true });
    const pastUnfiltered = await listOrders(pager, '?limit=10&page=1000');
    expect(pastUnfiltered).toMatchObject({ data: [], totalCount: 23, totalPages: 3 });
  });

  it('builds full records on a deep page', async () => {
    const [deep] = (await listOrders(pager, '?sort=createdAt&limit=1&page=23')).data;
    const newestFirst = (await listOrders(pager, '?limit=1')).data[0];
    expect(deep).toEqual(newestFirst);
    expect(deep?.designs).toHaveLength(1);
    expect(deep?.merchant.name).toMatch(/Surat Silk|Lakshmi/);
  });
});

describe('dates and delivered orders', () => {
  const lineOf = (designId: string, quantity = 2) => [{ designId, quantity, rate: 12.5 }];

  async function deliveredOrder() {
    const [merchantId] = mine.merchantIds as [string];
    const [designId] = mine.designIds as [string];
    const created = await createOrder(owner, {
      merchantId,
      poNumber: 'PO-DELIVERED',
      orderDate: '2025-05-01',
      designs: lineOf(designId),
    });
    let moved = created;
    for (const status of ['in_progress', 'completed', 'delivered']) {
      const response = await setStatus(owner, created._id, status);
      expect(response.statusCode).toBe(200);
      moved = envelope(order).parse(response.json()).data;
    }
    return moved;
  }

  it('refuses dates outside 2000-01-01..2100-12-31 with the bound', async () => {
    const [merchantId] = mine.merchantIds as [string];
    const [designId] = mine.designIds as [string];
    const response = await postOrder(owner, {
      merchantId,
      poNumber: 'PO-YEARS',
      orderDate: '0100-01-01',
      deliveryDate: '9999-12-31',
      designs: lineOf(designId),
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ errors: unknown[] }>().errors).toEqual([
      expect.objectContaining({
        path: 'orderDate',
        code: 'too_small',
        params: { minimum: '2000-01-01', origin: 'date' },
      }),
      expect.objectContaining({
        path: 'deliveryDate',
        code: 'too_big',
        params: { maximum: '2100-12-31', origin: 'date' },
      }),
    ]);
  });

  it('refuses a delivery date before the order date, on create and on a PUT of one date', async () => {
    const [merchantId] = mine.merchantIds as [string];
    const [designId] = mine.designIds as [string];
    const early = await postOrder(owner, {
      merchantId,
      poNumber: 'PO-EARLY',
      orderDate: '2025-05-10',
      deliveryDate: '2025-05-09',
      designs: lineOf(designId),
    });
    expect(early.statusCode, early.body).toBe(400);
    expect(early.json<{ errors: unknown[] }>().errors).toEqual([
      expect.objectContaining({
        path: 'deliveryDate',
        code: 'too_small',
        params: { minimum: '2025-05-10', origin: 'date' },
      }),
    ]);

    const created = await createOrder(owner, {
      merchantId,
      poNumber: 'PO-DATES',
      orderDate: '2025-05-10',
      deliveryDate: '2025-05-20',
      designs: lineOf(designId),
    });
    const url = `/api/orders/${created._id}`;
    const deliveryOnly = await t.send(owner, 'PUT', url, {
      deliveryDate: '2025-05-01',
      version: created.version,
    });
    expect(deliveryOnly.statusCode, deliveryOnly.body).toBe(400);
    expect(deliveryOnly.json<{ errors: { path: string }[] }>().errors[0]?.path).toBe(
      'deliveryDate',
    );
    const orderOnly = await t.send(owner, 'PUT', url, {
      orderDate: '2025-06-01',
      version: created.version,
    });
    expect(orderOnly.statusCode, orderOnly.body).toBe(400);
    expect(orderOnly.json<{ errors: { path: string }[] }>().errors[0]?.path).toBe('deliveryDate');

    const sameDay = await t.send(owner, 'PUT', url, {
      deliveryDate: '2025-05-10',
      version: created.version,
    });
    expect(sameDay.statusCode, sameDay.body).toBe(200);
  });

  it('keeps a delivered order’s merchant, lines, PO number and order date', async () => {
    const delivered = await deliveredOrder();
    const url = `/api/orders/${delivered._id}`;
    const [, otherMerchant] = mine.merchantIds as [string, string];
    const [designId, otherDesign] = mine.designIds as [string, string];
    for (const change of [
      { designs: lineOf(designId, 5) },
      { designs: lineOf(otherDesign) },
      { merchantId: otherMerchant },
      { poNumber: 'PO-CHANGED' },
      { orderDate: '2025-04-01' },
    ]) {
      const response = await t.send(owner, 'PUT', url, { ...change, version: delivered.version });
      expect(response.statusCode, `${JSON.stringify(change)} ${response.body}`).toBe(409);
      expect(response.json<{ code: string }>().code).toBe('invalid_transition');
    }
    const stored = await t.send(owner, 'GET', url);
    expect(envelope(order).parse(stored.json()).data.designs[0]?.quantity).toBe(2);
  });

  it('still lets a delivered order’s notes, delivery date and paid flag change, sent alone or with the whole record', async () => {
    const delivered = await deliveredOrder();
    const url = `/api/orders/${delivered._id}`;
    const alone = await t.send(owner, 'PUT', url, {
      isPaid: true,
      notes: 'Paid by cheque',
      version: delivered.version,
    });
    expect(alone.statusCode, alone.body).toBe(200);
    const { status: _status, ...sentBack } = delivered;
    const wholeRecord = await t.send(owner, 'PUT', url, {
      ...sentBack,
      deliveryDate: '2025-05-20',
      isPaid: true,
      version: envelope(order).parse(alone.json()).data.version,
    });
    expect(wholeRecord.statusCode, wholeRecord.body).toBe(200);
    const record = envelope(order).parse(wholeRecord.json()).data;
    expect(record).toMatchObject({ deliveryDate: '2025-05-20', isPaid: true, status: 'delivered' });
  });
});
