import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { BILL_STATUSES, BILL_TYPES } from '../../../contract/bills.ts';
import { calendarDate, instant, money, tenantForeignKey } from '../../db/columns.ts';
import { documentCounterTable, recordTable, tenantTable } from '../../db/tenant-tables.ts';
import { merchants } from '../merchants/schema.ts';

/**
 * What a GST document charges, a bill or a credit or debit note on it: the rate and the split of
 * its tax, computed when it is issued and never again.
 */
export const gstCharges = {
  gstRate: integer('gst_rate').notNull(),
  sac: text('sac'),
  placeOfSupply: text('place_of_supply').notNull(),
  taxableAmount: money('taxable_amount').notNull(),
  cgstAmount: money('cgst_amount').notNull(),
  sgstAmount: money('sgst_amount').notNull(),
  igstAmount: money('igst_amount').notNull(),
  roundOff: money('round_off').notNull(),
  totalAmount: money('total_amount').notNull(),
};

/**
 * A GST document's parties as printed, copied so that a later profile or merchant change leaves
 * an issued document as it was, and how it was cancelled (it is never deleted).
 */
export const issuedDocument = {
  seller: jsonb('seller').notNull(),
  merchant: jsonb('merchant').notNull(),
  notes: text('notes'),
  cancelledAt: instant('cancelled_at'),
  cancelReason: text('cancel_reason'),
};

/**
 * A bill: never deleted (a mistake is cancelled and billed again), so its number stays used.
 * Money is computed by the database from the orders' lines when the bill is made; the seller and
 * the buyer are copied so a later profile or merchant change leaves an issued bill as printed.
 */
export const bills = recordTable(
  'bills',
  {
    /** `{prefix}/{financial year}/{sequence}`, from `bill_counters`. */
    number: text('number').notNull(),
    merchantId: uuid('merchant_id').notNull(),
    billDate: calendarDate('bill_date').notNull(),
    dueDate: calendarDate('due_date').notNull(),
    billType: text('bill_type', { enum: BILL_TYPES }).notNull(),
    ...gstCharges,
    /** Kept by payments; a bill with payments allocated cannot be cancelled. */
    paidAmount: money('paid_amount').notNull().default(0),
    status: text('status', { enum: BILL_STATUSES }).notNull().default('unpaid'),
    ...issuedDocument,
  },
  (t) => [
    tenantForeignKey('bills_merchant_fk', t, t.merchantId, merchants, 'restrict'),
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
export const billLines = tenantTable(
  'bill_lines',
  {
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
    tenantForeignKey('bill_lines_bill_fk', t, t.billId, bills, 'restrict'),
    index('bill_lines_org_bill_idx').on(t.organizationId, t.billId, t.position),
  ],
);

/** The bill numbers given, per prefix: see `documentCounterTable`. */
export const billCounters = documentCounterTable('bill_counters', {
  prefix: text('prefix').notNull(),
});
