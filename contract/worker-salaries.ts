import { z } from 'zod';
import {
  LIMITS,
  calendarDate,
  id,
  listQuery,
  optionalText,
  positiveMoney,
  queryParam,
  recordBase,
  startNotAfterEnd,
  writeSchemas,
} from './common.ts';

export const PAYMENT_TYPES = ['salary', 'advance', 'bonus', 'overtime'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

export const PAYMENT_METHODS = ['cash', 'bank_transfer', 'upi', 'cheque'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAY_PERIOD_YEAR_MIN = 2000;
export const PAY_PERIOD_YEAR_MAX = 2100;

/** A missing worker reads as "required" rather than as a malformed id. */

const workerSalaryShape = {
  workerId: id,
  paymentType: z.enum(PAYMENT_TYPES),
  paymentMethod: z.enum(PAYMENT_METHODS),
  month: z.number().int({ error: 'integer' }).min(1).max(12),
  year: z.number().int({ error: 'integer' }).min(PAY_PERIOD_YEAR_MIN).max(PAY_PERIOD_YEAR_MAX),
  paymentDate: calendarDate,
  amount: positiveMoney,
  notes: optionalText(LIMITS.longText, { multiline: true }),
};

/** `createdBy`, `updatedBy` and the embedded `worker` are read-only: the server sets them. */
export const { create: workerSalaryCreate, update: workerSalaryUpdate } =
  writeSchemas(workerSalaryShape);
export type WorkerSalaryCreate = z.output<typeof workerSalaryCreate>;
export type WorkerSalaryUpdate = z.output<typeof workerSalaryUpdate>;

export const workerSalary = z.object({
  ...recordBase,
  workerId: id,
  paymentType: z.enum(PAYMENT_TYPES),
  paymentMethod: z.enum(PAYMENT_METHODS),
  month: z.number().int(),
  year: z.number().int(),
  paymentDate: z.string(),
  amount: z.number(),
  notes: z.string().nullable(),
  createdBy: id.nullable(),
  updatedBy: id.nullable(),
  worker: z.object({ _id: id, name: z.string() }),
});
export type WorkerSalary = z.infer<typeof workerSalary>;

export const WORKER_SALARY_SORTABLE = ['paymentDate', 'amount', 'createdAt'] as const;
export const WORKER_SALARY_DEFAULT_SORT = '-paymentDate';

const queryEnum = <const T extends readonly [string, ...string[]]>(values: T) =>
  queryParam.optional(z.enum(values));

const queryMonth = queryParam.int(1, 12);
const queryYear = queryParam.int(PAY_PERIOD_YEAR_MIN, PAY_PERIOD_YEAR_MAX);

export const workerSalaryListQuery = listQuery(WORKER_SALARY_SORTABLE, {
  workerId: queryParam.id,
  paymentType: queryEnum(PAYMENT_TYPES),
  paymentMethod: queryEnum(PAYMENT_METHODS),
  month: queryMonth,
  year: queryYear,
  startDate: queryParam.date,
  endDate: queryParam.date,
  minAmount: queryParam.money,
  maxAmount: queryParam.money,
}).refine(startNotAfterEnd, { error: 'dateRange', path: ['endDate'] });
export type WorkerSalaryListParams = z.output<typeof workerSalaryListQuery>;

/** The summary is filtered by pay period (`year`, `month`) and worker, each optional. */
export const workerSalarySummaryQuery = z.strictObject({
  workerId: queryParam.id,
  year: queryYear,
  month: queryMonth,
});
export type WorkerSalarySummaryParams = z.output<typeof workerSalarySummaryQuery>;

export const workerSalarySummary = z.object({
  totalAmount: z.number(),
  paymentCount: z.number().int(),
  byPaymentType: z.array(
    z.object({ paymentType: z.enum(PAYMENT_TYPES), total: z.number(), count: z.number().int() }),
  ),
  byMonth: z.array(
    z.object({ year: z.number().int(), month: z.number().int(), total: z.number() }),
  ),
  byWorker: z.array(
    z.object({
      workerId: id,
      workerName: z.string(),
      total: z.number(),
      count: z.number().int(),
    }),
  ),
});
export type WorkerSalarySummary = z.infer<typeof workerSalarySummary>;

/** @public Read by scripts/write-audit-entities.ts: each entity and the namespace naming it. */
export const workerSalaryAuditEntities = { workerSalary: 'worker-salaries' } as const;
