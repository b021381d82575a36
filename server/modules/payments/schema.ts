import { sql } from 'drizzle-orm';
import { check, index, text, uuid, type PgColumnBuilderBase } from 'drizzle-orm/pg-core';
import { calendarDate, money, paymentMethod, tenantForeignKey } from '../../db/columns.ts';
import { recordTable, tenantKeyedTable } from '../../db/tenant-tables.ts';
import { billNotes } from '../bill-notes/schema.ts';
import { bills } from '../bills/schema.ts';
import { merchants } from '../merchants/schema.ts';

/**
 * Money received from a merchant. `amount + tds_amount` settles bills through
 * `payment_allocations`; what no bill took is the merchant's advance.
 */
export const payments = recordTable(
  'payments',
  {
    merchantId: uuid('merchant_id').notNull(),
    paymentDate: calendarDate('payment_date').notNull(),
    amount: money('amount').notNull(),
    method: paymentMethod.column('method').notNull(),
    reference: text('reference'),
    tdsAmount: money('tds_amount').notNull().default(0),
    notes: text('notes'),
    /** Sum of the payment's allocations, kept by the allocation trigger. */
    allocatedAmount: money('allocated_amount').notNull().default(0),
  },
  (t) => [
    tenantForeignKey('payments_merchant_fk', t, t.merchantId, merchants, 'restrict'),
    index('payments_org_created_idx').on(t.organizationId, t.createdAt, t.id),
    index('payments_org_date_idx').on(t.organizationId, t.paymentDate, t.id),
    index('payments_org_amount_idx').on(t.organizationId, t.amount, t.id),
    index('payments_org_merchant_date_idx').on(t.organizationId, t.merchantId, t.paymentDate),
    check('payments_amount_check', sql`${t.amount} > 0`),
    check('payments_tds_amount_check', sql`${t.tdsAmount} >= 0`),
    paymentMethod.check('payments_method_check', t.method),
    check(
      'payments_allocated_amount_check',
      sql`${t.allocatedAmount} >= 0 and ${t.allocatedAmount} <= ${t.amount} + ${t.tdsAmount}`,
    ),
  ],
);

/**
 * How much of a payment settled which document, a bill or a debit note (owed like a bill). The
 * document's trigger adds each change to its `paid_amount` (whose check keeps it within its
 * total) and to the payment's `allocated_amount`, so two payments at once can never take a
 * document past its total. `documentId` is the document's column; `shortName` names the
 * document in the key and index names.
 */
function allocationTable<
  TName extends string,
  TDocumentId extends Record<string, PgColumnBuilderBase>,
>(
  name: TName,
  documentId: TDocumentId,
  document: { table: typeof bills | typeof billNotes; shortName: string },
) {
  const [documentKey] = Object.keys(documentId) as [keyof TDocumentId & string];
  return tenantKeyedTable(
    name,
    {
      paymentId: uuid('payment_id').notNull(),
      ...documentId,
      amount: money('amount').notNull(),
    },
    (t) => [t.paymentId, t[documentKey]],
    (t) => [
      tenantForeignKey(`${name}_payment_fk`, t, t.paymentId, payments, 'cascade'),
      tenantForeignKey(
        `${name}_${document.shortName}_fk`,
        t,
        t[documentKey],
        document.table,
        'restrict',
      ),
      index(`${name}_org_${document.shortName}_idx`).on(t.organizationId, t[documentKey]),
      check(`${name}_amount_check`, sql`${t.amount} > 0`),
    ],
  );
}

export const paymentAllocations = allocationTable(
  'payment_allocations',
  { billId: uuid('bill_id').notNull() },
  { table: bills, shortName: 'bill' },
);

export const paymentNoteAllocations = allocationTable(
  'payment_note_allocations',
  { billNoteId: uuid('bill_note_id').notNull() },
  { table: billNotes, shortName: 'note' },
);
