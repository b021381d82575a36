import { z } from 'zod';
import {
  LIMITS,
  calendarDate,
  crudSchemas,
  dateRangeFilters,
  datedListQuery,
  optionalText,
  pickList,
  positiveMoney,
  queryParam,
  recordBase,
  requiredText,
} from './common.ts';

/** Categories group by their exact trimmed text, so the limit is short enough to stay a label. */
const CATEGORY_MAX_LENGTH = 60;

export const EXPENSE_PAYMENT_METHODS = ['cash', 'bank_transfer', 'upi', 'cheque'] as const;
export type ExpensePaymentMethod = (typeof EXPENSE_PAYMENT_METHODS)[number];

export const expenseShape = {
  category: requiredText(CATEGORY_MAX_LENGTH),
  amount: positiveMoney,
  expenseDate: calendarDate,
  description: optionalText(LIMITS.longText, { multiline: true }),
  paymentMethod: z.enum(EXPENSE_PAYMENT_METHODS, { error: 'oneOf' }).nullish(),
};

export const expense = z.object({
  ...recordBase,
  category: z.string(),
  amount: z.number(),
  expenseDate: z.string(),
  description: z.string().nullable(),
  paymentMethod: z.enum(EXPENSE_PAYMENT_METHODS).nullable(),
});
export type Expense = z.infer<typeof expense>;

export const EXPENSE_SORTABLE = ['expenseDate', 'amount', 'category', 'createdAt'] as const;

export const expenseListQuery = datedListQuery(EXPENSE_SORTABLE, {
  category: queryParam.text(CATEGORY_MAX_LENGTH),
  expenseDate: queryParam.date,
  ...dateRangeFilters,
});

export const expenseSchemas = crudSchemas(expense, expenseShape, expenseListQuery);
export const { create: expenseCreate, update: expenseUpdate } = expenseSchemas;

export const expenseCategories = pickList(z.string());

export const SUMMARY_YEAR_MIN = 1900;
export const SUMMARY_YEAR_MAX = 2999;

export const expenseSummaryQuery = z.strictObject({
  year: z
    .string({ error: 'required' })
    .regex(/^\d{4}$/, { error: 'integer' })
    .transform(Number)
    .pipe(z.number().int().min(SUMMARY_YEAR_MIN).max(SUMMARY_YEAR_MAX)),
});

/** English month names as the summary reports them; the client translates for display. */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

export const expenseSummary = z.object({
  year: z.number().int(),
  yearlyTotal: z.number(),
  /** `_id` is the category name; ordered by total, largest first. */
  categorySummary: z.array(z.object({ _id: z.string(), total: z.number() })),
  /** Always twelve entries, January first, months without expenses at 0. */
  monthlySummary: z.array(
    z.object({
      month: z.string(),
      monthNumber: z.number().int().min(1).max(12),
      total: z.number(),
    }),
  ),
});
export type ExpenseSummary = z.infer<typeof expenseSummary>;

/** @public Read by scripts/write-audit-entities.ts: each entity and the namespace naming it. */
export const expenseAuditEntities = { expense: 'expenses' } as const;
