import { z } from 'zod';
import {
  LIMITS,
  calendarDate,
  dateRangeFilters,
  datedListQuery,
  id,
  money,
  optionalText,
  positiveMoney,
  queryParam,
  recordBase,
  recordVersion,
} from './common.ts';
import { toPaise } from './money.ts';

export const PAYMENT_METHODS = ['cash', 'bank_transfer', 'upi', 'cheque'] as const;
const paymentMethod = z.enum(PAYMENT_METHODS, { error: 'oneOf' });
export type PaymentMethod = z.infer<typeof paymentMethod>;

/** A UTR is 12-22 characters and a cheque number 6; 40 leaves room for a bank's own prefix. */
const PAYMENT_REFERENCE_MAX = 40;
/** One receipt rarely settles more than a handful of bills; 200 keeps a request bounded. */
const PAYMENT_ALLOCATION_LIMIT = 200;

/** What a payment settles: a bill, or a debit note, which is owed like a bill. */
const SETTLED_DOCUMENT_KINDS = ['bill', 'debit_note'] as const;
export type SettledDocumentKind = (typeof SETTLED_DOCUMENT_KINDS)[number];

const paymentAllocationInput = z.strictObject({
  /** The id of a bill or of a debit note (ids are unique across both). */
  billId: id,
  amount: positiveMoney,
  // Accepted so a client can send back what it read; the server looks the number up itself.
  billNumber: z.unknown().optional(),
  kind: z.unknown().optional(),
});
export type PaymentAllocationInput = z.output<typeof paymentAllocationInput>;

const paymentShape = {
  merchantId: id,
  paymentDate: calendarDate,
  amount: positiveMoney,
  method: paymentMethod,
  reference: optionalText(PAYMENT_REFERENCE_MAX),
  /** Tax the merchant deducted at source: it settles bills like money received. */
  tdsAmount: money.optional(),
  notes: optionalText(LIMITS.longText, { multiline: true }),
  /**
   * How the payment settles bills. Absent (or null) means automatic: the server applies
   * `amount + tdsAmount` to the merchant's open bills oldest first when it stores the payment,
   * which for a payment queued offline is when it syncs.
   */
  allocations: z
    .array(paymentAllocationInput)
    .max(PAYMENT_ALLOCATION_LIMIT)
    .refine((rows) => new Set(rows.map((row) => row.billId)).size === rows.length, {
      error: 'duplicateIds',
    })
    .nullish(),
};

/** Keys of a payment read back that a client may send again; the server ignores them. */
const paymentReadOnly = {
  _id: z.unknown().optional(),
  organizationId: z.uuid({ error: 'organizationMismatch' }).optional(),
  createdAt: z.unknown().optional(),
  updatedAt: z.unknown().optional(),
  merchant: z.unknown().optional(),
  allocatedAmount: z.unknown().optional(),
  unallocatedAmount: z.unknown().optional(),
};

const allocationsWithinPayment = (value: {
  amount: number;
  tdsAmount?: number | undefined;
  allocations?: readonly { amount: number }[] | null | undefined;
}) => {
  if (!value.allocations) return true;
  // In paise: the client-side check must not disagree with the database by a float error.
  const allocated = value.allocations.reduce((sum, row) => sum + toPaise(row.amount), 0);
  return allocated <= toPaise(value.amount) + toPaise(value.tdsAmount ?? 0);
};

const stripReadOnly = <T extends Record<string, unknown>>(value: T) => {
  const {
    _id: _omitId,
    createdAt: _omitCreated,
    updatedAt: _omitUpdated,
    merchant: _omitMerchant,
    allocatedAmount: _omitAllocated,
    unallocatedAmount: _omitUnallocated,
    ...rest
  } = value;
  const allocations = (
    rest.allocations as { billId: string; amount: number }[] | null | undefined
  )?.map(({ billId, amount }) => ({ billId, amount }));
  return { ...rest, ...(allocations !== undefined ? { allocations } : {}) };
};

/** `POST /payments`. */
export const paymentCreate = z
  .strictObject({ ...paymentShape, ...paymentReadOnly, version: z.unknown().optional() })
  .refine(allocationsWithinPayment, { error: 'allocationsExceedPayment', path: ['allocations'] })
  .transform(({ version: _version, ...value }) => stripReadOnly(value));
export type PaymentCreate = z.output<typeof paymentCreate>;
export type PaymentInput = z.input<typeof paymentCreate>;

/** `PUT /payments/:id` replaces the payment and its allocations (absent allocations: automatic). */
export const paymentUpdate = z
  .strictObject({ ...paymentShape, ...paymentReadOnly, version: recordVersion })
  .refine(allocationsWithinPayment, { error: 'allocationsExceedPayment', path: ['allocations'] })
  .transform((value) => stripReadOnly(value));
export type PaymentUpdate = z.output<typeof paymentUpdate>;

export const paymentAllocation = z.object({
  billId: id,
  billNumber: z.string(),
  kind: z.enum(SETTLED_DOCUMENT_KINDS),
  amount: z.number(),
});

export const payment = z.object({
  ...recordBase,
  merchantId: id,
  merchant: z.object({ _id: id, name: z.string() }),
  paymentDate: z.string(),
  amount: z.number(),
  method: paymentMethod,
  reference: z.string().nullable(),
  tdsAmount: z.number(),
  notes: z.string().nullable(),
  /** Ordered by the bills' (and debit notes') date, then number. */
  allocations: z.array(paymentAllocation),
  allocatedAmount: z.number(),
  /** `amount + tdsAmount - allocatedAmount`: the merchant's advance from this payment. */
  unallocatedAmount: z.number(),
});
export type Payment = z.infer<typeof payment>;

export const PAYMENT_SORTABLE = ['paymentDate', 'amount', 'createdAt'] as const;

export const paymentListQuery = datedListQuery(PAYMENT_SORTABLE, {
  merchantId: queryParam.id,
  /** Payments with an allocation to this bill (the bill's page lists what settled it). */
  billId: queryParam.id,
  method: queryParam.optional(paymentMethod),
  ...dateRangeFilters,
});
export type PaymentListParams = z.output<typeof paymentListQuery>;

/**
 * `GET /payments/totals?<list filters>`: totals of every payment matching the filters, not only
 * the page shown.
 */
export const paymentTotals = z.object({
  count: z.number().int(),
  amount: z.number(),
  tdsAmount: z.number(),
  unallocatedAmount: z.number(),
});
export type PaymentTotals = z.infer<typeof paymentTotals>;

/**
 * A merchant's bills and debit notes that can still take money
 * (`GET /payments/open-bills?merchantId`), in the order an automatic allocation settles them.
 */
export const openBillsQuery = z.strictObject({ merchantId: id });
export const openBill = z.object({
  _id: id,
  kind: z.enum(SETTLED_DOCUMENT_KINDS),
  number: z.string(),
  billDate: z.string(),
  dueDate: z.string(),
  totalAmount: z.number(),
  paidAmount: z.number(),
  balance: z.number(),
  isOverdue: z.boolean(),
});
export type OpenBill = z.infer<typeof openBill>;

/**
 * The order the server settles bills and debit notes in: oldest first by date, a bill before a
 * debit note of the same day, then by number.
 */
export function oldestFirst<
  T extends { billDate: string; kind?: SettledDocumentKind; number: string },
>(lines: readonly T[]) {
  const noteRank = (line: T) => (line.kind === 'debit_note' ? 1 : 0);
  return [...lines].sort(
    (a, b) =>
      a.billDate.localeCompare(b.billDate) ||
      noteRank(a) - noteRank(b) ||
      a.number.localeCompare(b.number),
  );
}

/** @public Read by scripts/write-audit-entities.ts: each entity and the namespace naming it. */
export const paymentAuditEntities = { payment: 'payments' } as const;
