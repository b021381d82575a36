import { z } from 'zod';
import { computeBillFigures, type BillFigures } from './bill-figures.ts';
import {
  billMerchant,
  billNextNumber,
  cancellationBody,
  documentAmounts,
  documentStanding,
  type BillType,
} from './bills.ts';
import {
  LIMITS,
  calendarDate,
  dateRangeFilters,
  datedListQuery,
  id,
  optionalText,
  positiveMoney,
  queryParam,
  recordBase,
} from './common.ts';

export const BILL_NOTE_KINDS = ['credit', 'debit'] as const;
const billNoteKind = z.enum(BILL_NOTE_KINDS, { error: 'oneOf' });
export type BillNoteKind = z.infer<typeof billNoteKind>;

/** The reasons the GST portal lists for a note, in its order. */
export const BILL_NOTE_REASONS = [
  'sales_return',
  'post_sale_discount',
  'deficiency_in_service',
  'correction_in_invoice',
  'change_in_pos',
  'finalization_of_provisional_assessment',
  'others',
] as const;
const billNoteReason = z.enum(BILL_NOTE_REASONS, { error: 'oneOf' });
export type BillNoteReason = z.infer<typeof billNoteReason>;

/**
 * A credit note is `issued` or `cancelled`: it settles its bill (and leaves an advance) when it is
 * made. A debit note is owed like a bill, so it is `unpaid`, `partly_paid`, `paid` or `cancelled`.
 */
export const BILL_NOTE_STATUSES = ['issued', 'unpaid', 'partly_paid', 'paid', 'cancelled'] as const;
const billNoteStatus = z.enum(BILL_NOTE_STATUSES, { error: 'oneOf' });
export type BillNoteStatus = z.infer<typeof billNoteStatus>;

/** Prefixes of the note series when the organization profile names none. */
export const DEFAULT_NOTE_PREFIXES: Record<BillNoteKind, string> = { credit: 'CN', debit: 'DN' };

/** `POST /bill-notes`: tax, rate and split come from the bill, never from the request. */
export const billNoteCreate = z.strictObject({
  billId: id,
  kind: billNoteKind,
  noteDate: calendarDate,
  reason: billNoteReason,
  taxableAmount: positiveMoney,
  notes: optionalText(LIMITS.longText, { multiline: true }),
});
export type BillNoteCreate = z.output<typeof billNoteCreate>;

export const billNoteCancel = cancellationBody();
export type BillNoteCancel = z.output<typeof billNoteCancel>;

export const billNote = z.object({
  ...recordBase,
  /** `{prefix}/{financial year}/{sequence}`, e.g. `CN/2026-27/0001`. */
  number: z.string(),
  kind: billNoteKind,
  billId: id,
  /** The original invoice, as the note prints it. */
  billNumber: z.string(),
  billDate: z.string(),
  merchantId: id,
  merchant: billMerchant,
  noteDate: z.string(),
  /** A debit note's; null for a credit note, which is never owed. */
  dueDate: z.string().nullable(),
  reason: billNoteReason,
  gstRate: z.number(),
  sac: z.string().nullable(),
  placeOfSupply: z.string(),
  ...documentAmounts,
  /** Credit note: the part that settled its bill (the rest became the merchant's advance). */
  appliedAmount: z.number(),
  /** Debit note: what payments settled of it. */
  paidAmount: z.number(),
  /** Debit note: what is still owed; 0 for a credit note. */
  balance: z.number(),
  status: billNoteStatus,
  ...documentStanding,
});
export type BillNote = z.infer<typeof billNote>;

export const billNoteListQuery = datedListQuery(['noteDate', 'createdAt'] as const, {
  billId: queryParam.id,
  merchantId: queryParam.id,
  kind: queryParam.optional(billNoteKind),
  ...dateRangeFilters,
});
export type BillNoteListParams = z.output<typeof billNoteListQuery>;

export const billNoteNextNumberQuery = z.strictObject({
  kind: billNoteKind,
  noteDate: calendarDate,
});
export type BillNoteNextNumberQuery = z.output<typeof billNoteNextNumberQuery>;

/** Only a forecast, like a bill's: the number is taken when the note is issued. */
export const billNoteNextNumber = billNextNumber;

/** What of the bill a note's figures depend on. */
export interface NoteBillTerms {
  billType: BillType;
  gstRate: number;
  /** The seller's state as the bill recorded it, so the note splits the tax as the bill did. */
  sellerState: string | null;
  placeOfSupply: string;
}

/**
 * A note's money: the bill's rate and split applied to the note's taxable amount, rounded to
 * paise, and the total rounded to the rupee, exactly as the bill's own figures are worked out.
 */
export const computeNoteFigures = (taxableAmount: number, bill: NoteBillTerms): BillFigures =>
  computeBillFigures({ lineAmounts: [taxableAmount], ...bill });

/** @public Read by scripts/write-audit-entities.ts: each entity and the namespace naming it. */
export const billNoteAuditEntities = { billNote: 'bills' } as const;
