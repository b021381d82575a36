import { z } from 'zod';
import { billMerchant } from './bills.ts';
import { calendarDate, id, queryParam, startNotAfterEnd } from './common.ts';

/**
 * Ageing buckets of the dues book, in days since each bill's date. 45 days is the MSMED Act limit:
 * a buyer who pays a registered micro or small enterprise later loses the deduction.
 */
export const AGEING_BUCKETS = ['days0to15', 'days16to45', 'days46to90', 'days90plus'] as const;
export const MSME_PAYMENT_DAYS = 45;

export const duesQuery = z.strictObject({ asOf: queryParam.date });

const ageing = z.object({
  days0to15: z.number(),
  days16to45: z.number(),
  days46to90: z.number(),
  days90plus: z.number(),
});

const duesSums = {
  /** Live bills dated on or before `asOf`. */
  billedAmount: z.number(),
  /** Payments (amount + TDS) dated on or before `asOf`. */
  receivedAmount: z.number(),
  /** What those payments have not settled: money held for later bills. */
  advanceAmount: z.number(),
  /** The live bills' balances as of `asOf`. */
  outstandingAmount: z.number(),
  /** Balances of bills past their due date on `asOf`. */
  overdueAmount: z.number(),
  ageing,
};

export const duesRow = z.object({
  merchantId: id,
  merchantName: z.string(),
  ...duesSums,
  oldestDueDate: z.string().nullable(),
  /** Days since the oldest bill with a balance was made; null when nothing is outstanding. */
  oldestBillDays: z.number().int().nullable(),
});
export type DuesRow = z.infer<typeof duesRow>;

export const duesReport = z.object({
  asOf: z.string(),
  rows: z.array(duesRow),
  totals: z.object(duesSums),
});
export type DuesReport = z.infer<typeof duesReport>;

export const statementQuery = z
  .strictObject({ startDate: calendarDate, endDate: calendarDate })
  .refine(startNotAfterEnd, { error: 'dateRange', path: ['startDate'] });

const STATEMENT_ENTRY_KINDS = ['bill', 'payment', 'credit_note', 'debit_note'] as const;

export const statementEntry = z.object({
  date: z.string(),
  kind: z.enum(STATEMENT_ENTRY_KINDS),
  /** The bill's or payment's id, so the statement links to it. */
  id,
  /** The bill's or note's number, or the payment's method and reference. */
  reference: z.string(),
  debit: z.number(),
  credit: z.number(),
  balance: z.number(),
  /** A bill's or debit note's due date (null otherwise), for the "oldest bill due" line of a shared statement. */
  dueDate: z.string().nullable(),
});
export type StatementEntry = z.infer<typeof statementEntry>;

export const statement = z.object({
  /** The merchant as the statement addresses it, like a bill. */
  merchant: billMerchant,
  startDate: z.string(),
  endDate: z.string(),
  openingBalance: z.number(),
  entries: z.array(statementEntry),
  closingBalance: z.number(),
});
export type Statement = z.infer<typeof statement>;
