import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { paymentCreate, paymentListQuery, paymentUpdate } from '../../../contract/payments.ts';
import { createdId, type RouteAccessRows, type TextInputCase } from '../../test/area-test-cases.ts';
import type { TestApp, TestUser } from '../../test/test-app.ts';

export const routeAccess: RouteAccessRows = {
  'GET /api/payments': 'payments.read',
  'GET /api/payments/export.csv': 'payments.read',
  'GET /api/payments/totals': 'payments.read',
  'GET /api/payments/open-bills': 'payments.read',
  'GET /api/payments/{id}': 'payments.read',
  'POST /api/payments': 'payments.write',
  'PUT /api/payments/{id}': 'payments.write',
  'DELETE /api/payments/{id}': 'payments.write',
};

/** A bill straight in the table: only its merchant, total and status matter to a payment. */
async function insertedBill(t: TestApp, user: TestUser, merchantId: string) {
  const id = uuidv7();
  await t.database.handle.db.execute(sql`
    insert into bills (organization_id, id, number, merchant_id, bill_date, due_date, bill_type,
      gst_rate, place_of_supply, taxable_amount, cgst_amount, sgst_amount, igst_amount, round_off,
      total_amount, seller, merchant)
    values (${user.auth.organization._id}, ${id}, 'INV/2025-26/0001', ${merchantId},
      '2025-05-01', '2025-05-16', 'bill_of_supply', 0, '24', 1000, 0, 0, 0, 0, 1000,
      '{}'::jsonb, '{}'::jsonb)`);
  return id;
}

export const textInputCase: TextInputCase = {
  path: '/api/payments',
  schemas: [paymentCreate, paymentUpdate, paymentListQuery],
  async body(t, user) {
    const merchantId = await createdId(t, user, '/api/merchants', { name: 'Ganesh Prints' });
    return {
      merchantId,
      paymentDate: '2025-06-01',
      amount: 10,
      method: 'upi',
      reference: 'UTR123456789',
      notes: 'Part of May',
      allocations: [{ billId: await insertedBill(t, user, merchantId), amount: 1 }],
    };
  },
};
