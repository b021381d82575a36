import { sql } from 'drizzle-orm';
import { check, foreignKey, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import {
  PAYMENT_METHODS,
  calendarDate,
  money,
  recordVersion,
  timestamps,
} from '../../db/columns.ts';
import { organizations, tenantColumns } from '../../db/platform-tables.ts';
import { billNotes } from '../bill-notes/schema.ts';
import { bills } from '../bills/schema.ts';
import { merchants } from '../merchants/schema.ts';

/**
 * Money received from a merchant. `amount + tds_amount` settles bills through
 * `payment_allocations`; what no bill took is the merchant's advance.
 */
export const payments = pgTable(
  'payments',
  {
    ...tenantColumns(),
    merchantId: uuid('merchant_id').notNull(),
    paymentDate: calendarDate('payment_date').notNull(),
    amount: money('amount').notNull(),
    method: text('method', { enum: ['cash', 'bank_transfer', 'upi', 'cheque'] }).notNull(),
    reference: text('reference'),
    tdsAmount: money('tds_amount').notNull().default(0),
    notes: text('notes'),
    /** Sum of the payment's allocations, kept by the allocation trigger. */
    allocatedAmount: money('allocated_amount').notNull().default(0),
    ...recordVersion,
    ...timestamps,
  },
  (t) => [
    primaryKey({ name: 'payments_pkey', columns: [t.organizationId, t.id] }),
    foreignKey({
      name: 'payments_merchant_fk',
      columns: [t.organizationId, t.merchantId],
      foreignColumns: [merchants.organizationId, merchants.id],
    }).onDelete('restrict'),
    index('payments_org_created_idx').on(t.organizationId, t.createdAt, t.id),
    index('payments_org_date_idx').on(t.organizationId, t.paymentDate, t.id),
    index('payments_org_amount_idx').on(t.organizationId, t.amount, t.id),
    index('payments_org_merchant_date_idx').on(t.organizationId, t.merchantId, t.paymentDate),
    check('payments_amount_check', sql`${t.amount} > 0`),
    check('payments_tds_amount_check', sql`${t.tdsAmount} >= 0`),
    check('payments_method_check', sql`${t.method} in ${PAYMENT_METHODS}`),
    check(
      'payments_allocated_amount_check',
      sql`${t.allocatedAmount} >= 0 and ${t.allocatedAmount} <= ${t.amount} + ${t.tdsAmount}`,
    ),
  ],
);

/**
 * How much of a payment settled which bill. A trigger adds each change to the bill's
 * `paid_amount` (whose check keeps it within the bill's total) and the payment's
 * `allocated_amount`, so two payments at once can never take a bill past its total.
 */
export const paymentAllocations = pgTable(
  'payment_allocations',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    paymentId: uuid('payment_id').notNull(),
    billId: uuid('bill_id').notNull(),
    amount: money('amount').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'payment_allocations_pkey',
      columns: [t.organizationId, t.paymentId, t.billId],
    }),
    foreignKey({
      name: 'payment_allocations_payment_fk',
      columns: [t.organizationId, t.paymentId],
      foreignColumns: [payments.organizationId, payments.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'payment_allocations_bill_fk',
      columns: [t.organizationId, t.billId],
      foreignColumns: [bills.organizationId, bills.id],
    }).onDelete('restrict'),
    index('payment_allocations_org_bill_idx').on(t.organizationId, t.billId),
    check('payment_allocations_amount_check', sql`${t.amount} > 0`),
  ],
);

/**
 * How much of a payment settled which debit note: a debit note is owed like a bill. Its trigger
 * moves the note's `paid_amount` and status and the payment's `allocated_amount` as
 * `payment_allocations` does for bills, and the note's check keeps it within its total.
 */
export const paymentNoteAllocations = pgTable(
  'payment_note_allocations',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    paymentId: uuid('payment_id').notNull(),
    billNoteId: uuid('bill_note_id').notNull(),
    amount: money('amount').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'payment_note_allocations_pkey',
      columns: [t.organizationId, t.paymentId, t.billNoteId],
    }),
    foreignKey({
      name: 'payment_note_allocations_payment_fk',
      columns: [t.organizationId, t.paymentId],
      foreignColumns: [payments.organizationId, payments.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'payment_note_allocations_note_fk',
      columns: [t.organizationId, t.billNoteId],
      foreignColumns: [billNotes.organizationId, billNotes.id],
    }).onDelete('restrict'),
    index('payment_note_allocations_org_note_idx').on(t.organizationId, t.billNoteId),
    check('payment_note_allocations_amount_check', sql`${t.amount} > 0`),
  ],
);
