import { sql } from 'drizzle-orm';
import { check, index, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  BILL_NOTE_KINDS,
  BILL_NOTE_REASONS,
  BILL_NOTE_STATUSES,
} from '../../../contract/bill-notes.ts';
import { calendarDate, money, tenantForeignKey } from '../../db/columns.ts';
import { documentCounterTable, recordTable } from '../../db/tenant-tables.ts';
import { bills, gstCharges, issuedDocument } from '../bills/schema.ts';
import { merchants } from '../merchants/schema.ts';

/**
 * A credit or debit note against a live bill: never deleted, so its number stays used. Rate,
 * split and place of supply are the bill's; the seller and buyer are the bill's copies, so the
 * note prints as the bill did. A credit note adds `applied_amount` to its bill's `paid_amount`
 * (what exceeded the bill's balance is the merchant's advance); a debit note is owed like a bill.
 */
export const billNotes = recordTable(
  'bill_notes',
  {
    /** `{prefix}/{financial year}/{sequence}`, from `bill_note_counters`. */
    number: text('number').notNull(),
    kind: text('kind', { enum: BILL_NOTE_KINDS }).notNull(),
    billId: uuid('bill_id').notNull(),
    merchantId: uuid('merchant_id').notNull(),
    noteDate: calendarDate('note_date').notNull(),
    /** A debit note's; a credit note is never owed. */
    dueDate: calendarDate('due_date'),
    reason: text('reason', { enum: BILL_NOTE_REASONS }).notNull(),
    ...gstCharges,
    /** Credit note: the part of its total that settled the bill. */
    appliedAmount: money('applied_amount').notNull().default(0),
    /** Debit note: what payments settled of it. */
    paidAmount: money('paid_amount').notNull().default(0),
    status: text('status', { enum: BILL_NOTE_STATUSES }).notNull(),
    ...issuedDocument,
  },
  (t) => [
    tenantForeignKey('bill_notes_bill_fk', t, t.billId, bills, 'restrict'),
    tenantForeignKey('bill_notes_merchant_fk', t, t.merchantId, merchants, 'restrict'),
    uniqueIndex('bill_notes_org_number_unique').on(t.organizationId, t.number),
    index('bill_notes_org_date_idx').on(t.organizationId, t.noteDate, t.id),
    index('bill_notes_org_bill_idx').on(t.organizationId, t.billId),
    index('bill_notes_org_merchant_date_idx').on(t.organizationId, t.merchantId, t.noteDate),
    check('bill_notes_kind_check', sql`${t.kind} in ('credit', 'debit')`),
    check(
      'bill_notes_reason_check',
      sql`${t.reason} in ('sales_return', 'post_sale_discount', 'deficiency_in_service', 'correction_in_invoice', 'change_in_pos', 'finalization_of_provisional_assessment', 'others')`,
    ),
    check(
      'bill_notes_status_check',
      sql`(${t.kind} = 'credit' and ${t.status} in ('issued', 'cancelled'))
        or (${t.kind} = 'debit' and ${t.status} in ('unpaid', 'partly_paid', 'paid', 'cancelled'))`,
    ),
    check('bill_notes_gst_rate_check', sql`${t.gstRate} in (0, 5, 12, 18, 28)`),
    check('bill_notes_taxable_amount_check', sql`${t.taxableAmount} > 0`),
    check(
      'bill_notes_applied_amount_check',
      sql`${t.appliedAmount} >= 0 and ${t.appliedAmount} <= ${t.totalAmount}
        and (${t.kind} = 'credit' or ${t.appliedAmount} = 0)`,
    ),
    check(
      'bill_notes_paid_amount_check',
      sql`${t.paidAmount} >= 0 and ${t.paidAmount} <= ${t.totalAmount}
        and (${t.kind} = 'debit' or ${t.paidAmount} = 0)`,
    ),
    check(
      'bill_notes_due_date_check',
      sql`(${t.kind} = 'credit' and ${t.dueDate} is null)
        or (${t.kind} = 'debit' and ${t.dueDate} >= ${t.noteDate})`,
    ),
  ],
);

/**
 * The note numbers given, per kind, taken like `bill_counters` (see `documentCounterTable`).
 * Keyed by kind, not prefix, so a renamed prefix carries on its kind's sequence.
 */
export const billNoteCounters = documentCounterTable(
  'bill_note_counters',
  { kind: text('kind', { enum: BILL_NOTE_KINDS }).notNull() },
  (kind) => [check('bill_note_counters_kind_check', sql`${kind} in ('credit', 'debit')`)],
);
