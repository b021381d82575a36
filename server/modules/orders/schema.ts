import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  text,
  uniqueIndex,
  uuid,
  type PgColumnBuilderBase,
} from 'drizzle-orm/pg-core';
import { ORDER_STATUSES } from '../../../contract/orders.ts';
import { calendarDate, money, tenantForeignKey } from '../../db/columns.ts';
import { recordTable, tenantKeyedTable, tenantTable } from '../../db/tenant-tables.ts';
import { bills } from '../bills/schema.ts';
import { designs } from '../designs/schema.ts';
import { merchants } from '../merchants/schema.ts';

export const orders = recordTable(
  'orders',
  {
    merchantId: uuid('merchant_id').notNull(),
    poNumber: text('po_number').notNull(),
    orderDate: calendarDate('order_date').notNull(),
    deliveryDate: calendarDate('delivery_date'),
    isPaid: boolean('is_paid').notNull().default(false),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    notes: text('notes'),
    // Kept in step with the lines in the same transaction, so lists sort and sum without joins.
    totalQuantity: integer('total_quantity').notNull().default(0),
    totalAmount: money('total_amount').notNull().default(0),
    /** The live bill the order is on; cleared when that bill is cancelled. */
    billId: uuid('bill_id'),
  },
  (t) => [
    tenantForeignKey('orders_merchant_fk', t, t.merchantId, merchants, 'restrict'),
    // MATCH SIMPLE: an order on no bill (null bill_id) is not checked.
    tenantForeignKey('orders_bill_fk', t, t.billId, bills, 'restrict'),
    index('orders_org_bill_idx').on(t.organizationId, t.billId),
    index('orders_org_created_idx').on(t.organizationId, t.createdAt, t.id),
    // Carries every column the order reports read, so a report over a period (or all time)
    // is an index-only scan of the organization's slice instead of a scan of the whole table.
    index('orders_org_order_date_idx').on(
      t.organizationId,
      t.orderDate,
      t.id,
      t.status,
      t.isPaid,
      t.totalQuantity,
      t.totalAmount,
      t.merchantId,
    ),
    index('orders_org_status_date_idx').on(t.organizationId, t.status, t.orderDate),
    // Also covers the report columns: a report by merchant reads it in merchant order, index only.
    index('orders_org_merchant_date_idx').on(
      t.organizationId,
      t.merchantId,
      t.orderDate,
      t.status,
      t.isPaid,
      t.totalQuantity,
      t.totalAmount,
    ),
    index('orders_org_total_idx').on(t.organizationId, t.totalAmount, t.id),
    // Sorting by PO number pages through this index; the trailing plain column lets the
    // substring filter and its count read the index alone.
    index('orders_org_po_number_idx').on(
      t.organizationId,
      sql`lower(${t.poNumber})`,
      t.id,
      t.poNumber,
    ),
    check(
      'orders_status_check',
      sql`${t.status} in ('pending', 'in_progress', 'completed', 'delivered', 'cancelled')`,
    ),
  ],
);

/**
 * Orders summed per organization, `key`, status and payment, kept exact by statement-level
 * triggers on `orders`; a key whose last order goes away loses its row, so every row has orders.
 * The amount is wider than an order's numeric(14,2): a sum of many orders must not overflow.
 */
function orderTotalsTable<TName extends string, TKey extends Record<string, PgColumnBuilderBase>>(
  name: TName,
  key: TKey,
) {
  const [keyName] = Object.keys(key) as [keyof TKey & string];
  return tenantKeyedTable(
    name,
    {
      ...key,
      status: text('status', { enum: ORDER_STATUSES }).notNull(),
      isPaid: boolean('is_paid').notNull(),
      orderCount: integer('order_count').notNull(),
      totalQuantity: bigint('total_quantity', { mode: 'number' }).notNull(),
      totalAmount: numeric('total_amount', { precision: 18, scale: 2, mode: 'string' }).notNull(),
    },
    (t) => [t[keyName], t.status, t.isPaid],
  );
}

/** Per day, so reports over long periods read a few rows per day instead of every order (0003). */
export const orderDailyTotals = orderTotalsTable('order_daily_totals', {
  orderDate: calendarDate('order_date').notNull(),
});

/** All time per merchant, so a report grouped by merchant sums a few rows per merchant (0015). */
export const orderMerchantTotals = orderTotalsTable('order_merchant_totals', {
  merchantId: uuid('merchant_id').notNull(),
});

export const orderLines = tenantTable(
  'order_lines',
  {
    orderId: uuid('order_id').notNull(),
    /** Keeps the lines in the order the user entered them. */
    position: integer('position').notNull(),
    designId: uuid('design_id').notNull(),
    quantity: integer('quantity').notNull(),
    rate: money('rate').notNull(),
    amount: money('amount').notNull(),
  },
  (t) => [
    tenantForeignKey('order_lines_order_fk', t, t.orderId, orders, 'cascade'),
    tenantForeignKey('order_lines_design_fk', t, t.designId, designs, 'restrict'),
    index('order_lines_org_order_idx').on(t.organizationId, t.orderId, t.position),
    index('order_lines_org_design_idx').on(t.organizationId, t.designId),
    check('order_lines_quantity_check', sql`${t.quantity} between 1 and 1000000`),
    check('order_lines_rate_check', sql`${t.rate} >= 0`),
  ],
);

/**
 * Which orders a bill was made from. `is_live` is cleared when the bill is cancelled; the partial
 * unique index is the database's guarantee that an order is on at most one live bill.
 */
export const billOrders = tenantKeyedTable(
  'bill_orders',
  {
    billId: uuid('bill_id').notNull(),
    orderId: uuid('order_id').notNull(),
    isLive: boolean('is_live').notNull().default(true),
  },
  (t) => [t.billId, t.orderId],
  (t) => [
    tenantForeignKey('bill_orders_bill_fk', t, t.billId, bills, 'restrict'),
    // An order of a cancelled bill may be deleted; the bill keeps its copied lines.
    tenantForeignKey('bill_orders_order_fk', t, t.orderId, orders, 'cascade'),
    uniqueIndex('bill_orders_one_live_bill')
      .on(t.organizationId, t.orderId)
      .where(sql`${t.isLive}`),
  ],
);
