import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ORDER_STATUSES } from '../../../contract/orders.ts';
import { calendarDate, money, recordVersion, timestamps } from '../../db/columns.ts';
import { organizations, tenantColumns } from '../../db/platform-tables.ts';
import { bills } from '../bills/schema.ts';
import { designs } from '../designs/schema.ts';
import { merchants } from '../merchants/schema.ts';

export const orders = pgTable(
  'orders',
  {
    ...tenantColumns(),
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
    ...recordVersion,
    ...timestamps,
  },
  (t) => [
    primaryKey({ name: 'orders_pkey', columns: [t.organizationId, t.id] }),
    foreignKey({
      name: 'orders_merchant_fk',
      columns: [t.organizationId, t.merchantId],
      foreignColumns: [merchants.organizationId, merchants.id],
    }).onDelete('restrict'),
    // MATCH SIMPLE: an order on no bill (null bill_id) is not checked.
    foreignKey({
      name: 'orders_bill_fk',
      columns: [t.organizationId, t.billId],
      foreignColumns: [bills.organizationId, bills.id],
    }).onDelete('restrict'),
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
 * Orders summed per organization, day, status and payment, so reports over long periods read a
 * few rows per day instead of every order. Kept exact by statement-level triggers on `orders`
 * (migration 0003); a key whose last order goes away loses its row, so every row has orders.
 */
export const orderDailyTotals = pgTable(
  'order_daily_totals',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    orderDate: calendarDate('order_date').notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    isPaid: boolean('is_paid').notNull(),
    orderCount: integer('order_count').notNull(),
    totalQuantity: bigint('total_quantity', { mode: 'number' }).notNull(),
    // Wider than an order's numeric(14,2): a day's sum of many orders must not overflow.
    totalAmount: numeric('total_amount', { precision: 18, scale: 2, mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({
      name: 'order_daily_totals_pkey',
      columns: [t.organizationId, t.orderDate, t.status, t.isPaid],
    }),
  ],
);

/**
 * All-time order figures per merchant, status and paid flag, kept exact by triggers on orders the
 * same way as the per-day totals: a report grouped by merchant over all time sums a few rows per
 * merchant instead of every order (migration 0015).
 */
export const orderMerchantTotals = pgTable(
  'order_merchant_totals',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    merchantId: uuid('merchant_id').notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    isPaid: boolean('is_paid').notNull(),
    orderCount: integer('order_count').notNull(),
    totalQuantity: bigint('total_quantity', { mode: 'number' }).notNull(),
    totalAmount: numeric('total_amount', { precision: 18, scale: 2, mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({
      name: 'order_merchant_totals_pkey',
      columns: [t.organizationId, t.merchantId, t.status, t.isPaid],
    }),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    ...tenantColumns(),
    orderId: uuid('order_id').notNull(),
    /** Keeps the lines in the order the user entered them. */
    position: integer('position').notNull(),
    designId: uuid('design_id').notNull(),
    quantity: integer('quantity').notNull(),
    rate: money('rate').notNull(),
    amount: money('amount').notNull(),
  },
  (t) => [
    primaryKey({ name: 'order_lines_pkey', columns: [t.organizationId, t.id] }),
    foreignKey({
      name: 'order_lines_order_fk',
      columns: [t.organizationId, t.orderId],
      foreignColumns: [orders.organizationId, orders.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'order_lines_design_fk',
      columns: [t.organizationId, t.designId],
      foreignColumns: [designs.organizationId, designs.id],
    }).onDelete('restrict'),
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
export const billOrders = pgTable(
  'bill_orders',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    billId: uuid('bill_id').notNull(),
    orderId: uuid('order_id').notNull(),
    isLive: boolean('is_live').notNull().default(true),
  },
  (t) => [
    primaryKey({ name: 'bill_orders_pkey', columns: [t.organizationId, t.billId, t.orderId] }),
    foreignKey({
      name: 'bill_orders_bill_fk',
      columns: [t.organizationId, t.billId],
      foreignColumns: [bills.organizationId, bills.id],
    }).onDelete('restrict'),
    // An order of a cancelled bill may be deleted; the bill keeps its copied lines.
    foreignKey({
      name: 'bill_orders_order_fk',
      columns: [t.organizationId, t.orderId],
      foreignColumns: [orders.organizationId, orders.id],
    }).onDelete('cascade'),
    uniqueIndex('bill_orders_one_live_bill')
      .on(t.organizationId, t.orderId)
      .where(sql`${t.isLive}`),
  ],
);
