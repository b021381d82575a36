import { sql } from 'drizzle-orm';
import { isoTimestamp, recordStamp } from '../../lib/sql-values.ts';

/** A bill and its credit and debit notes are the same kind of tax document in their own tables. */
type DocumentTable = 'bills' | 'bill_notes';

/** The tax figures of a bill's or a note's API record, in the order both records list them. */
export function taxFiguresRecord(table: DocumentTable) {
  const row = sql.identifier(table);
  return sql`'taxableAmount', ${row}.taxable_amount,
  'cgstAmount', ${row}.cgst_amount,
  'sgstAmount', ${row}.sgst_amount,
  'igstAmount', ${row}.igst_amount,
  'roundOff', ${row}.round_off,
  'totalAmount', ${row}.total_amount`;
}

/** The last fields of a bill's or a note's API record: seller, cancellation and bookkeeping. */
export function documentTailRecord(table: DocumentTable) {
  const row = sql.identifier(table);
  return sql`'seller', ${row}.seller,
  'notes', ${row}.notes,
  'cancelledAt', case when ${row}.cancelled_at is null then null
    else ${isoTimestamp(sql`${row}.cancelled_at`)} end,
  'cancelReason', ${row}.cancel_reason,
  ${recordStamp(table)}`;
}

export const TAX_FIGURE_FIELDS = [
  'taxableAmount',
  'cgstAmount',
  'sgstAmount',
  'igstAmount',
  'roundOff',
  'totalAmount',
] as const;

/**
 * The record as the database built it, its money fields made numbers. JSON arrives parsed; a
 * numeric string would only come from a driver quirk.
 */
export function recordWithNumbers<RecordT>(raw: unknown, moneyFields: readonly (keyof RecordT)[]) {
  const record = (typeof raw === 'string' ? JSON.parse(raw) : raw) as RecordT;
  for (const field of moneyFields) record[field] = Number(record[field]) as RecordT[keyof RecordT];
  return record;
}
