import { eq, inArray } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import {
  deliveryBeforeOrderIssue,
  orderLineAmount,
  orderTotals,
  type Order,
  type OrderCreate,
  type OrderUpdate,
} from '../../../contract/orders.ts';
import { describeIssue } from '../../../contract/validation.ts';
import type { Database } from '../../db/database.ts';
import { designs } from '../designs/schema.ts';
import { merchants } from '../merchants/schema.ts';
import { orderLines, orders } from './schema.ts';
import { badRequest, conflict, fieldError, type FieldError } from '../../lib/http-errors.ts';
import { tenantScope, type TenantContext } from '../../lib/tenant.ts';

/** A merchant or design of another organization (or none) is a bad request naming the field. */
export async function assertReferencesExist(
  db: Database,
  tenant: TenantContext,
  values: { merchantId?: string | undefined; designs?: { designId: string }[] | undefined },
) {
  const errors: FieldError[] = [];
  if (values.merchantId !== undefined) {
    const found = await db
      .select({ id: merchants.id })
      .from(merchants)
      .where(tenantScope(merchants, tenant, eq(merchants.id, values.merchantId)))
      .limit(1);
    if (found.length === 0)
      errors.push({ path: 'merchantId', code: 'not_found', message: 'Merchant not found' });
  }
  if (values.designs && values.designs.length > 0) {
    const wanted = [...new Set(values.designs.map((line) => line.designId))];
    const found = await db
      .select({ id: designs.id })
      .from(designs)
      .where(tenantScope(designs, tenant, inArray(designs.id, wanted)));
    const known = new Set(found.map((row) => row.id));
    values.designs.forEach((line, index) => {
      if (!known.has(line.designId)) {
        errors.push({
          path: `designs.${index}.designId`,
          code: 'not_found',
          message: 'Design not found',
        });
      }
    });
  }
  if (errors.length > 0) throw badRequest('Validation failed', errors);
}

/**
 * Replaces the order's lines and stores their amounts and the order's totals, counted with the
 * contract's `orderTotals`: the same function shows an order queued offline before it gets here.
 */
export function lineRows(tenant: TenantContext, orderId: string, lines: OrderCreate['designs']) {
  return lines.map((line, position) => ({
    organizationId: tenant.organizationId,
    id: uuidv7(),
    orderId,
    position,
    designId: line.designId,
    quantity: line.quantity,
    rate: line.rate,
    amount: orderLineAmount(line),
  }));
}

export async function replaceLines(
  db: Database,
  tenant: TenantContext,
  orderId: string,
  lines: OrderCreate['designs'],
) {
  const lineScope = tenantScope(orderLines, tenant, eq(orderLines.orderId, orderId));
  await db.delete(orderLines).where(lineScope);
  await db.insert(orderLines).values(lineRows(tenant, orderId, lines));
  await db
    .update(orders)
    .set(orderTotals(lines))
    .where(tenantScope(orders, tenant, eq(orders.id, orderId)));
}

/**
 * Locks the order for the rest of the transaction; what the checks before a write need, or
 * undefined when it is not there.
 */
export async function lockOrder(db: Database, tenant: TenantContext, id: string) {
  const [row] = await db
    .select({
      status: orders.status,
      version: orders.version,
      orderDate: orders.orderDate,
      deliveryDate: orders.deliveryDate,
      isPaid: orders.isPaid,
      billId: orders.billId,
    })
    .from(orders)
    .where(tenantScope(orders, tenant, eq(orders.id, id)))
    .for('update');
  return row;
}

/** A PUT may name one date only; the other is the stored one. */
export function assertDeliveryNotBeforeOrder(
  stored: { orderDate: string; deliveryDate: string | null },
  values: OrderUpdate,
) {
  if (values.orderDate === undefined && values.deliveryDate === undefined) return;
  const orderDate = values.orderDate ?? stored.orderDate;
  const deliveryDate =
    values.deliveryDate === undefined ? stored.deliveryDate : values.deliveryDate;
  if (deliveryDate === null || deliveryDate >= orderDate) return;
  const issue = deliveryBeforeOrderIssue(orderDate);
  const { path, code, params } = describeIssue({ ...issue, input: deliveryDate });
  throw badRequest('Validation failed', [fieldError(path, code, params)]);
}

export const sameLines = (stored: Order['designs'], sent: NonNullable<OrderUpdate['designs']>) =>
  stored.length === sent.length &&
  stored.every(
    (line, index) =>
      line.designId === sent[index]?.designId &&
      line.quantity === sent[index].quantity &&
      line.rate === sent[index].rate,
  );

/**
 * A delivered order keeps what was delivered; a client that sends back unchanged values (a form
 * saving the whole record) is not refused, only a real change outside DELIVERED_ORDER_EDITABLE.
 */
export function changedAfterDelivery(stored: Order, values: OrderUpdate): string[] {
  const changed: string[] = [];
  if (values.merchantId !== undefined && values.merchantId !== stored.merchantId)
    changed.push('merchantId');
  if (values.poNumber !== undefined && values.poNumber !== stored.poNumber)
    changed.push('poNumber');
  if (values.orderDate !== undefined && values.orderDate !== stored.orderDate)
    changed.push('orderDate');
  if (values.designs !== undefined && !sameLines(stored.designs, values.designs))
    changed.push('designs');
  return changed;
}

/**
 * An order on a live bill was billed as it is: its merchant and lines stay, and its paid flag
 * follows the bill. Values sent back unchanged (a form saving the whole record) are not refused.
 */
export function assertNotLockedByBill(
  stored: { billId: string | null; isPaid: boolean },
  before: Order,
  values: OrderUpdate,
) {
  if (stored.billId === null) return;
  if (values.isPaid !== undefined && values.isPaid !== stored.isPaid) {
    throw conflict('Paid status follows the bill', { code: 'bill_locked' });
  }
  const changed: string[] = [];
  if (values.merchantId !== undefined && values.merchantId !== before.merchantId)
    changed.push('merchantId');
  if (values.designs !== undefined && !sameLines(before.designs, values.designs))
    changed.push('designs');
  if (changed.length > 0) {
    throw conflict(
      `The order is on bill ${before.billNumber}; its ${changed.join(', ')} cannot change`,
      { code: 'bill_locked' },
    );
  }
}
