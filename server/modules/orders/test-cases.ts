import { order, orderCreate, orderListQuery, orderUpdate } from '../../../contract/orders.ts';
import { createdId } from '../../test/area-test-cases.ts';
import type { CrudCase, RouteAccessRows, TextInputCase } from '../../test/area-test-cases.ts';
import type { TestApp, TestUser } from '../../test/test-app.ts';
import { designBody } from '../designs/test-cases.ts';

export const routeAccess: RouteAccessRows = {
  'GET /api/orders': 'orders.read',
  'GET /api/orders/export.csv': 'orders.read',
  'GET /api/orders/{id}': 'orders.read',
  'POST /api/orders': 'orders.write',
  'PUT /api/orders/{id}': 'orders.write',
  'PUT /api/orders/{id}/status': 'orders.write',
  'DELETE /api/orders/{id}': 'orders.delete',
};

/** A merchant and the n-th design for `user`: what an order names. */
export async function orderReferences(t: TestApp, user: TestUser, n: number) {
  return {
    merchantId: await createdId(t, user, '/api/merchants', { name: 'Surat Silk' }),
    designId: await createdId(t, user, '/api/designs', designBody(n)),
  };
}

export const crudCase: CrudCase = {
  path: '/api/orders',
  entity: 'order',
  record: order,
  noun: 'Order',
  pickList: false,
  async prepare(t, user) {
    const { merchantId, designId } = await orderReferences(t, user, 1);
    return (n) => ({
      merchantId,
      poNumber: `PO-${n}`,
      orderDate: '2025-05-01',
      designs: [{ designId, quantity: 1 + n, rate: 12.5 }],
    });
  },
  change: { notes: 'Rush' },
  requiredField: 'merchantId',
  // The trail names the merchant rather than its id.
  auditedField: 'merchant',
};

export const textInputCase: TextInputCase = {
  path: '/api/orders',
  schemas: [orderCreate, orderUpdate, orderListQuery],
  async body(t, user) {
    const { merchantId, designId } = await orderReferences(t, user, 1);
    return {
      merchantId,
      poNumber: 'PO-1',
      orderDate: '2025-05-01',
      notes: 'Rush',
      designs: [{ designId, quantity: 2, rate: 12.5 }],
    };
  },
};
