import { http, type HttpHandler } from 'msw';
import type { Design } from '../../../contract/designs.ts';
import type { Merchant } from '../../../contract/merchants.ts';
import {
  canMoveOrderStatus,
  type Order,
  type OrderLine,
  type OrderLineInput,
  type OrderStatus,
} from '../../../contract/orders.ts';
import { orders } from '@/features/orders/resource';
import { fail, ok } from './envelope';
import { makeMerchants } from './merchants';
import { createResourceFake, keepRequest, TEST_ORGANIZATION_ID, testId } from './resource-fake';

export const ORDER_MERCHANTS: Merchant[] = makeMerchants(2);

export const ORDER_DESIGNS: Design[] = [
  { code: 'PEACOCK-01', name: 'Peacock border', rate: 42.5 },
  { code: 'MANGO-07', name: 'Mango buta', rate: 18 },
].map(({ code, name, rate }, index) => ({
  _id: testId(8100 + index),
  organizationId: TEST_ORGANIZATION_ID,
  version: 1,
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
    version: 1,
    merchantId: merchant._id,
    merchant: { _id: merchant._id, name: merchant.name },
    poNumber: `PO-${String(n).padStart(3, '0')}`,
    orderDate: createdAt.slice(0, 10),
    deliveryDate: null,
    isPaid: false,
    status: 'pending',
    notes: null,
    billId: null,
    billNumber: null,
    totalQuantity: designs.reduce((sum, l) => sum + l.quantity, 0),
    totalAmount: designs.reduce((sum, l) => sum + l.amount, 0),
    createdAt,
    updatedAt: createdAt,
    ...fields,
    designs,
  };
}

/** Order lines as the API stores them, from the lines a form sends. */
function storedLines(lines: readonly (OrderLine | OrderLineInput)[]): OrderLine[] {
  return lines.map((input, index) => {
    const design = ORDER_DESIGNS.find((d) => d._id === input.designId) as Design;
    const quantity = Number(input.quantity);
    const rate = Number(input.rate);
    return {
      _id: typeof input._id === 'string' ? input._id : testId(8400 + index),
      designId: design._id,
      design: { _id: design._id, name: design.name, designCode: design.designCode },
      quantity,
      rate,
      amount: quantity * rate,
    };
  });
}

/**
 * An in-memory /api/orders with the pick lists the order screens read: list filters, detail,
 * writes and status moves checked against the contract's allowed moves.
 */
export function createOrdersFake(initial: Order[]) {
  const fake = createResourceFake<Order>({
    resource: orders,
    records: initial,
    blank: makeOrder(0, { designs: [] }),
    list: {
      sortable: ['orderDate', 'poNumber', 'totalAmount', 'createdAt'],
      textFilters: { poNumber: 'poNumber' },
      defaultSort: '-createdAt',
      exactFilters: { status: 'status', merchantId: 'merchantId', isPaid: 'isPaid' },
    },
    derive(order) {
      const merchant = ORDER_MERCHANTS.find((m) => m._id === order.merchantId) as Merchant;
      const designs = storedLines(order.designs);
      return {
        ...order,
        merchant: { _id: merchant._id, name: merchant.name },
        designs,
        totalQuantity: designs.reduce((sum, l) => sum + l.quantity, 0),
        totalAmount: designs.reduce((sum, l) => sum + l.amount, 0),
      };
    },
    firstId: 8290,
  });

  const pickLists: HttpHandler[] = [
    http.get('*/api/merchants/all', () => ok({ data: ORDER_MERCHANTS })),
    http.get('*/api/designs/all', () => ok({ data: ORDER_DESIGNS })),
    http.put('*/api/orders/:id/status', async ({ request, params }) => {
      const body = (await request.clone().json()) as { status: OrderStatus; version?: number };
      keepRequest(fake.requests, request, body);
      const index = fake.records.findIndex((o) => o._id === params.id);
      const existing = fake.records[index];
      if (!existing) return fail(404, 'Order not found');
      if (body.version !== undefined && body.version !== existing.version) {
        return fail(409, 'Stale version', undefined, 'stale_version', existing);
      }
      if (!canMoveOrderStatus(existing.status, body.status)) {
        return fail(409, 'Invalid status transition', undefined, 'invalid_transition');
      }
      const updated = { ...existing, status: body.status, version: existing.version + 1 };
      fake.records[index] = updated;
      return ok(updated);
    }),
  ];

  return {
    ...fake,
    orders: fake.records,
    handlers: [...pickLists, ...fake.handlers],
    listQueries: () =>
      fake.requests
        .filter((r) => r.method === 'GET' && r.url.pathname === '/api/orders')
        .map((r) => r.url.searchParams),
  };
}
