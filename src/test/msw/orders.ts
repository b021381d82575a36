import { http, type HttpHandler } from 'msw';
import type { Design } from '../../../contract/designs.ts';
import type { Merchant } from '../../../contract/merchants.ts';
import {
  canMoveOrderStatus,
  type Order,
  type OrderLine,
  type OrderStatus,
} from '../../../contract/orders.ts';
import { fail, ok } from './envelope';
import { makeMerchants, TEST_ORGANIZATION_ID, testId } from './merchants';
import { paginate } from './paging';

export const ORDER_MERCHANTS: Merchant[] = makeMerchants(2);

export const ORDER_DESIGNS: Design[] = [
  { code: 'PEACOCK-01', name: 'Peacock border', rate: 42.5 },
  { code: 'MANGO-07', name: 'Mango buta', rate: 18 },
].map(({ code, name, rate }, index) => ({
  _id: testId(8100 + index),
  organizationId: TEST_ORGANIZATION_ID,
  designCode: code,
  name,
  description: null,
  rate,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
}));

function line(n: number, design: Design, quantity: number, rate: number): OrderLine {
  return {
    _id: testId(8300 + n),
    designId: design._id,
    design: { _id: design._id, name: design.name, designCode: design.designCode },
    quantity,
    rate,
    amount: quantity * rate,
  };
}

export function makeOrder(n: number, fields: Partial<Order> = {}): Order {
  const merchant = ORDER_MERCHANTS[n % ORDER_MERCHANTS.length] as Merchant;
  const design = ORDER_DESIGNS[n % ORDER_DESIGNS.length] as Design;
  const designs = fields.designs ?? [line(n, design, 10 * n, design.rate ?? 0)];
  const createdAt = new Date(Date.UTC(2025, 1, n)).toISOString();
  return {
    _id: testId(8200 + n),
    organizationId: TEST_ORGANIZATION_ID,
    merchantId: merchant._id,
    merchant: { _id: merchant._id, name: merchant.name },
    poNumber: `PO-${String(n).padStart(3, '0')}`,
    orderDate: createdAt.slice(0, 10),
    deliveryDate: null,
    isPaid: false,
    status: 'pending',
    notes: null,
    totalQuantity: designs.reduce((sum, l) => sum + l.quantity, 0),
    totalAmount: designs.reduce((sum, l) => sum + l.amount, 0),
    createdAt,
    updatedAt: createdAt,
    ...fields,
    designs,
  };
}

export interface RecordedOrderRequest {
  method: string;
  url: URL;
  body: unknown;
}

/**
 * An in-memory /api/orders with the pick lists the order screens read: list filters, detail,
 * writes and status moves checked against the contract's allowed moves.
 */
export function createOrdersFake(initial: Order[]) {
  const orders = [...initial];
  const requests: RecordedOrderRequest[] = [];
  const record = async (request: Request) => {
    const body =
      request.method === 'GET' || request.method === 'DELETE'
        ? undefined
        : ((await request
            .clone()
            .json()
            .catch(() => undefined)) as unknown);
    requests.push({ method: request.method, url: new URL(request.url), body });
    return body;
  };

  const handlers: HttpHandler[] = [
    http.get('*/api/merchants/all', () => ok({ data: ORDER_MERCHANTS }, 'Merchants fetched')),
    http.get('*/api/designs/all', () => ok({ data: ORDER_DESIGNS }, 'Designs fetched')),
    http.get('*/api/orders', async ({ request }) => {
      await record(request);
      const search = new URL(request.url).searchParams;
      const status = search.get('status');
      const merchantId = search.get('merchantId');
      const isPaid = search.get('isPaid');
      const poNumber = search.get('poNumber')?.toLowerCase();
      for (const key of ['status', 'merchantId', 'isPaid', 'poNumber']) search.delete(key);
      const rows = orders.filter(
        (order) =>
          (!status || order.status === status) &&
          (!merchantId || order.merchantId === merchantId) &&
          (isPaid === null || String(order.isPaid) === isPaid) &&
          (!poNumber || order.poNumber.toLowerCase().includes(poNumber)),
      );
      return ok(
        paginate(rows, search, {
          sortable: ['orderDate', 'poNumber', 'totalAmount', 'createdAt'],
          defaultSort: '-createdAt',
        }),
        'Orders fetched successfully',
      );
    }),
    http.get('*/api/orders/:id', async ({ request, params }) => {
      await record(request);
      const order = orders.find((o) => o._id === params.id);
      return order ? ok(order, 'Order fetched successfully') : fail(404, 'Order not found');
    }),
    http.post('*/api/orders', async ({ request }) => {
      const body = (await record(request)) as Order;
      const created = makeOrder(90, { ...body, _id: testId(8290) });
      orders.unshift(created);
      return ok(created, 'Order created successfully', 201);
    }),
    http.put('*/api/orders/:id/status', async ({ request, params }) => {
      const { status } = (await record(request)) as { status: OrderStatus };
      const index = orders.findIndex((o) => o._id === params.id);
      const existing = orders[index];
      if (!existing) return fail(404, 'Order not found');
      if (!canMoveOrderStatus(existing.status, status)) {
        return fail(400, `Cannot move an order from ${existing.status} to ${status}`);
      }
      const updated = { ...existing, status };
      orders[index] = updated;
      return ok(updated, 'Order status updated successfully');
    }),
    http.put('*/api/orders/:id', async ({ request, params }) => {
      const body = (await record(request)) as Partial<Order>;
      const index = orders.findIndex((o) => o._id === params.id);
      const existing = orders[index];
      if (!existing) return fail(404, 'Order not found');
      const updated = {
        ...existing,
        ...(body.isPaid === undefined ? {} : { isPaid: body.isPaid }),
      };
      orders[index] = updated;
      return ok(updated, 'Order updated successfully');
    }),
    http.delete('*/api/orders/:id', async ({ request, params }) => {
      await record(request);
      const index = orders.findIndex((o) => o._id === params.id);
      if (index < 0) return fail(404, 'Order not found');
      orders.splice(index, 1);
      return ok({ _id: params.id }, 'Order deleted successfully');
    }),
  ];

  return {
    orders,
    handlers,
    requestsOf: (method: string) => requests.filter((r) => r.method === method),
    listQueries: () =>
      requests
        .filter((r) => r.method === 'GET' && r.url.pathname === '/api/orders')
        .map((r) => r.url.searchParams),
  };
}
