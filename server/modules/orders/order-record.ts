import { eq, sql, type SQL } from 'drizzle-orm';
import type { Order } from '../../../contract/orders.ts';
import { queryRows, type Database } from '../../db/database.ts';
import { orders } from './schema.ts';
import { isoTimestamp, recordIdentity } from '../../lib/sql-values.ts';
import { tenantScope, type TenantContext } from '../../lib/tenant.ts';
import { appendTenantAudit, auditChanges, recordAuditor } from '../../lib/audit.ts';

/**
 * The API record of the `orders` row in scope, built by the database as JSON: the merchant and
 * the lines with their designs come along in the same statement, numbers stay exact decimals and
 * dates stay `yyyy-MM-dd`. Needs `merchants` joined to `orders`.
 */
export const orderRecord = sql`json_build_object(
  ${recordIdentity('orders')},
  'merchantId', orders.merchant_id,
  'merchant', json_build_object('_id', merchants.id, 'name', merchants.name),
  'poNumber', orders.po_number,
  'orderDate', orders.order_date,
  'deliveryDate', orders.delivery_date,
  'isPaid', orders.is_paid,
  'status', orders.status,
  'notes', orders.notes,
  'version', orders.version,
  'designs', coalesce((
    select json_agg(json_build_object(
      '_id', order_lines.id,
      'designId', order_lines.design_id,
      'design', json_build_object(
        '_id', designs.id, 'name', designs.name, 'designCode', designs.design_code
      ),
      'quantity', order_lines.quantity,
      'rate', order_lines.rate,
      'amount', order_lines.amount
    ) order by order_lines.position)
    from order_lines
    join designs
      on designs.organization_id = order_lines.organization_id
     and designs.id = order_lines.design_id
    where order_lines.organization_id = orders.organization_id
      and order_lines.order_id = orders.id
  ), '[]'::json),
  'billId', orders.bill_id,
  'billNumber', (
    select bills.number from bills
    where bills.organization_id = orders.organization_id and bills.id = orders.bill_id
  ),
  'totalQuantity', orders.total_quantity,
  'totalAmount', orders.total_amount,
  'createdAt', ${isoTimestamp(sql`orders.created_at`)},
  'updatedAt', ${isoTimestamp(sql`orders.updated_at`)}
)`;

export const withMerchant = sql`orders join merchants
  on merchants.organization_id = orders.organization_id and merchants.id = orders.merchant_id`;

/** node-postgres parses JSON; a numeric string would only come from a driver quirk. */
export function normalizeRecord(raw: unknown): Order {
  const record = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Order;
  record.totalAmount = Number(record.totalAmount);
  for (const line of record.designs) {
    line.rate = Number(line.rate);
    line.amount = Number(line.amount);
  }
  return record;
}

/** Orders matching `condition` (on `orders`) as API records, in `orderBy` order. */
export async function orderRecordsWhere(
  db: Database,
  tenant: TenantContext,
  condition: SQL,
  orderBy: SQL,
): Promise<Order[]> {
  const rows = await queryRows<{ record: unknown }>(
    db,
    sql`select ${orderRecord} as record from ${withMerchant}
        where ${tenantScope(orders, tenant, condition)}
        order by ${orderBy}`,
  );
  return rows.map((row) => normalizeRecord(row.record));
}

export async function readOrder(db: Database, tenant: TenantContext, id: string) {
  const rows = await queryRows<{ record: unknown }>(
    db,
    sql`select ${orderRecord} as record from ${withMerchant}
        where ${tenantScope(orders, tenant, eq(orders.id, id))}`,
  );
  return rows[0] ? normalizeRecord(rows[0].record) : undefined;
}

/**
 * An order as the trail keeps it: the merchant by name, and the lines as one `designs` value
 * without their ids, which are new on every save, so unchanged lines show as no change.
 */
function orderAuditView(record: Order): Record<string, unknown> {
  const {
    merchant,
    designs: lines,
    merchantId: _merchantId,
    billId: _billId,
    billNumber: _billNumber,
    ...rest
  } = record;
  return {
    ...rest,
    merchant: merchant.name,
    designs: lines.map((line) => ({
      designId: line.designId,
      designCode: line.design.designCode,
      name: line.design.name,
      quantity: line.quantity,
      rate: line.rate,
      amount: line.amount,
    })),
  };
}

/** The audit writer of an order's create, update and delete. */
export const orderAudit = recordAuditor<Order>('order', orderAuditView);

/** A status move, which records the two statuses alone. */
export function appendOrderStatusAudit(
  tx: Database,
  tenant: TenantContext,
  id: string,
  from: Order['status'],
  to: Order['status'],
) {
  return appendTenantAudit(tx, tenant, {
    action: 'statusChange',
    entity: 'order',
    entityId: id,
    changes: auditChanges({ status: from }, { status: to }),
  });
}
