import { z } from 'zod';
import {
  LIMITS,
  calendarDate,
  dateRangeFilters,
  datedListQuery,
  id,
  optionalText,
  queryParam,
  recordBase,
  recordVersion,
  requiredText,
  timestamp,
} from './common.ts';
import { SAC_PATTERN } from './gst.ts';
import { lineAmounts } from './orders.ts';
import { gstRate, organizationIdentity, stateCode } from './organization.ts';

export const BILL_TYPES = ['tax_invoice', 'bill_of_supply'] as const;
const billType = z.enum(BILL_TYPES, { error: 'oneOf' });
export type BillType = z.infer<typeof billType>;

export const BILL_STATUSES = ['unpaid', 'partly_paid', 'paid', 'cancelled'] as const;
const billStatus = z.enum(BILL_STATUSES, { error: 'oneOf' });
export type BillStatus = z.infer<typeof billStatus>;

const BILL_ORDER_LIMIT = 50;

const sac = z
  .string()
  .trim()
  .refine((value) => SAC_PATTERN.test(value), { error: 'sac' });

/** `POST /bills`: the server fills every default from the organization profile and the merchant. */
export const billCreate = z.strictObject({
  merchantId: id,
  orderIds: z
    .array(id)
    .min(1)
    .max(BILL_ORDER_LIMIT)
    .refine((ids) => new Set(ids).size === ids.length, { error: 'duplicateIds' }),
  billDate: calendarDate,
  billType: billType.optional(),
  gstRate: gstRate.optional(),
  sac: sac.optional(),
  placeOfSupply: stateCode.optional(),
  dueDate: calendarDate.optional(),
  notes: optionalText(LIMITS.longText, { multiline: true }),
});
export type BillCreate = z.output<typeof billCreate>;

/** `PUT /bills/:id`: only the due date and notes change after a bill is made. */
export const billUpdate = z.strictObject({
  dueDate: calendarDate.optional(),
  notes: optionalText(LIMITS.longText, { multiline: true }),
  version: recordVersion,
});
export type BillUpdate = z.output<typeof billUpdate>;

/**
 * The body of a cancellation, a bill's or a note's: the reason is kept on the record. A new
 * object each call, as each body is a component of its own in the OpenAPI document.
 */
export function cancellationBody() {
  return z.strictObject({
    reason: requiredText(LIMITS.longText),
    version: recordVersion.optional(),
  });
}

export const billCancel = cancellationBody();
export type BillCancel = z.output<typeof billCancel>;

export const billLine = z.object({
  orderId: id,
  poNumber: z.string(),
  designCode: z.string(),
  designName: z.string(),
  ...lineAmounts,
});
export type BillLine = z.infer<typeof billLine>;

/** The seller as it was when the bill was made: a later profile change leaves issued bills alone. */
export const billSeller = z.object({
  ...organizationIdentity,
  billTerms: z.string().nullable(),
  bank: z
    .object({
      bankName: z.string(),
      accountHolderName: z.string().nullable(),
      accountNumber: z.string(),
      ifscCode: z.string(),
      branchName: z.string().nullable(),
    })
    .nullable(),
});

export const billMerchant = z.object({
  _id: id,
  name: z.string(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  gstin: z.string().nullable(),
  state: z.string().nullable(),
  phone: z.string().nullable(),
});

/** A bill's or a note's money, as `computeBillFigures` works it out. */
export const documentAmounts = {
  taxableAmount: z.number(),
  cgstAmount: z.number(),
  sgstAmount: z.number(),
  igstAmount: z.number(),
  roundOff: z.number(),
  totalAmount: z.number(),
};

/** Where an issued bill or note stands: overdue or not, who issued it, its notes, its cancellation. */
export const documentStanding = {
  isOverdue: z.boolean(),
  seller: billSeller,
  notes: z.string().nullable(),
  cancelledAt: timestamp.nullable(),
  cancelReason: z.string().nullable(),
};

export const bill = z.object({
  ...recordBase,
  /** `{billPrefix}/{financial year}/{sequence}`, e.g. `INV/2026-27/0001`. */
  number: z.string(),
  merchantId: id,
  merchant: billMerchant,
  billDate: z.string(),
  dueDate: z.string(),
  billType,
  gstRate: z.number(),
  /** Null when neither the bill nor the organization named one. */
  sac: z.string().nullable(),
  placeOfSupply: z.string(),
  lines: z.array(billLine),
  ...documentAmounts,
  /** What payments settled; credit notes are `creditedAmount`. */
  paidAmount: z.number(),
  /** Totals of the bill's live credit and debit notes. */
  creditedAmount: z.number(),
  debitedAmount: z.number(),
  /** What is still owed on the bill itself, after payments and credit notes. */
  balance: z.number(),
  status: billStatus,
  ...documentStanding,
});
export type Bill = z.infer<typeof bill>;

export const BILL_SORTABLE = ['billDate', 'number', 'totalAmount', 'dueDate', 'createdAt'] as const;

export const billListQuery = datedListQuery(BILL_SORTABLE, {
  merchantId: queryParam.id,
  status: queryParam.optional(billStatus),
  isOverdue: queryParam.boolean,
  ...dateRangeFilters,
  number: queryParam.text(),
});
export type BillListParams = z.output<typeof billListQuery>;

/** Completed or delivered orders on no live bill (`GET /bills/unbilled-orders`). */
export const unbilledOrdersQuery = z.strictObject({ merchantId: queryParam.id });

/** The number the next bill of a date would take (`GET /bills/next-number`). */
export const billNextNumberQuery = z.strictObject({ billDate: calendarDate });

/**
 * Only a forecast: the number is taken when a bill is issued, so a bill issued meanwhile on
 * another device takes this one and the next bill the following.
 */
export const billNextNumber = z.object({
  number: z.string(),
  financialYear: z.string(),
  sequence: z.number().int().positive(),
});
export type BillNextNumber = z.infer<typeof billNextNumber>;

/** @public Read by scripts/write-audit-entities.ts: each entity and the namespace naming it. */
export const billAuditEntities = { bill: 'bills' } as const;
