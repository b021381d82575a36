import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { BILL_STATUSES, BILL_TYPES } from '../../../contract/bills.ts';
import { calendarDate, money, recordVersion, timestamps } from '../../db/columns.ts';
import { organizations, tenantColumns } from '../../db/platform-tables.ts';
import { merchants } from '../merchants/schema.ts';

/**
 * A bill: never deleted (a mistake is cancelled and billed again), so its number stays used.
 * Money is computed by the database from the orders' lines when the bill is made; the seller and
 * the buyer are copied so a later profile or merchant change leaves an issued bill as printed.
 */
export const bills = pgTable(
  'bills',
  {
    ...tenantColumns(),
    /** `{prefix}/{financial year}/{sequence}`, from `bill_counters`. */
    number: text('number').notNull(),
    merchantId: uuid('merchant_id').notNull(),
    billDate: calendarDate('bill_date').notNull(),
    dueDate: calendarDate('due_date').notNull(),
    billType: text('bill_type', { enum: BILL_TYPES }).notNull(),
    gstRate: integer('gst_rate').notNull(),
    sac: text('sac'),
    placeOfSupply: text('place_of_supply').notNull(),
    taxableAmount: money('taxable_amount').notNull(),
    cgstAmount: money('cgst_amount').notNull(),
    sgstAmount: money('sgst_amount').notNull(),
    igstAmount: money('igst_amount').notNull(),
    roundOff: money('round_off').notNull(),
    totalAmount: money('total_amount').notNull(),
    /** Kept by payments; a bill with payments allocated cannot be cancelled. */
    paidAmount: money('paid_amount').notNull().default(0),
    status: text('status', { enum: BILL_STATUSES }).notNull().default('unpaid'),
    seller: jsonb('seller').notNull(),
    merchant: jsonb('merchant').notNull(),
    notes: text('notes'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    cancelReason: text('cancel_reason'),
    ...recordVersion,
    ...timestamps,
  },
  (t) => [
    primaryKey({ name: 'bills_pkey', columns: [t.organizationId, t.id] }),
    foreignKey({
      name: 'bills_merchant_fk',
      columns: [t.organizationId, t.merchantId],
      foreignColumns: [merchants.organizationId, merchants.id],
    }).onDelete('restrict'),
    uniqueIndex('bills_org_number_unique').on(t.organizationId, t.number),
    index('bills_org_created_idx').on(t.organizationId, t.createdAt, t.id),
    index('bills_org_bill_date_idx').on(t.organizationId, t.billDate, t.id),
    index('bills_org_due_date_idx').on(t.organizationId, t.dueDate, t.id),
    index('bills_org_total_idx').on(t.organizationId, t.totalAmount, t.id),
    index('bills_org_merchant_date_idx').on(t.organizationId, t.merchantId, t.billDate),
    index('bills_org_status_date_idx').on(t.organizationId, t.status, t.billDate),
    check('bills_bill_type_check', sql`${t.billType} in ('tax_invoice', 'bill_of_supply')`),
    check('bills_status_check', sql`${t.status} in ('unpaid', 'partly_paid', 'paid', 'cancelled')`),
    check('bills_gst_rate_check', sql`${t.gstRate} in (0, 5, 12, 18, 28)`),
    check(
      'bills_paid_amount_check',
      sql`${t.paidAmount} >= 0 and ${t.paidAmount} <= ${t.totalAmount}`,
    ),
    check('bills_due_date_check', sql`${t.dueDate} >= ${t.billDate}`),
  ],
);

/** The order lines as billed: copies, so the bill prints the same after the order changes. */
export const billLines = pgTable(
  'bill_lines',
  {
    ...tenantColumns(),
    billId: uuid('bill_id').notNull(),
    position: integer('position').notNull(),
    orderId: uuid('order_id').notNull(),
    poNumber: text('po_number').notNull(),
    designCode: text('design_code').notNull(),
    designName: text('design_name').notNull(),
    quantity: integer('quantity').notNull(),
    rate: money('rate').notNull(),
    amount: money('amount').notNull(),
  },
  (t) => [
    primaryKey({ name: 'bill_lines_pkey', columns: [t.organizationId, t.id] }),
    foreignKey({
      name: 'bill_lines_bill_fk',
      columns: [t.organizationId, t.billId],
      foreignColumns: [bills.organizationId, bills.id],
    }).onDelete('restrict'),
    index('bill_lines_org_bill_idx').on(t.organizationId, t.billId, t.position),
  ],
);

/**
 * The last number given per organization, prefix and financial year. Taken with
 * `INSERT ... ON CONFLICT DO UPDATE ... RETURNING` in the bill's transaction: the row stays locked
 * until the bill commits, so numbers are consecutive, and a bill that fails gives its number back.
 */
export const billCounters = pgTable(
  'bill_counters',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    prefix: text('prefix').notNull(),
    /** e.g. `2026-27`. */
    financialYear: text('financial_year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'bill_counters_pkey',
      columns: [t.organizationId, t.prefix, t.financialYear],
    }),
  ],
);
