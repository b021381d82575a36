import { z } from 'zod';
import { id, queryParam } from './common.ts';
import { PAYMENT_TYPES } from './worker-salaries.ts';
import { SALARY_TYPES } from './workers.ts';

/*
 * Wages `GET /api/worker-wages?month=yyyy-MM[&workerId]` (`salaries.read`): what production
 * entries (production-entries.ts) and the workers' salaries earn, against what was paid.
 */

const payMonth = z
  .string({ error: 'required' })
  .regex(/^(20\d\d|2100)-(0[1-9]|1[0-2])$/, { error: 'month' });

export const workerWagesQuery = z.strictObject({
  month: payMonth,
  workerId: queryParam.id,
});
export type WorkerWagesParams = z.output<typeof workerWagesQuery>;

const paidByType = z.object(
  Object.fromEntries(PAYMENT_TYPES.map((type) => [type, z.number()])) as Record<
    (typeof PAYMENT_TYPES)[number],
    z.ZodNumber
  >,
);

/**
 * One worker's month, every figure summed by the database in numeric:
 * - `pieceEarnings`: the amounts of the worker's production entries dated in the month.
 * - `basePay`: monthly workers their `baseSalary`; daily workers `baseSalary × daysWorked`, where
 *   `daysWorked` is the number of distinct days with a production entry; piece-rate workers 0.
 * - `earned = basePay + pieceEarnings`.
 * - `paid`: the salary entries whose pay period is the month, by payment type.
 * - `advancesRecovered`: an advance is taken against its pay period's wages, so the month's
 *   advances are recovered from that month's earnings (equal to `paid.advance`).
 * - Bonus and overtime are paid on top of earnings and do not reduce the balance.
 * - `balanceDue = earned - paid.salary - advancesRecovered`; below 0 the worker was overpaid.
 * Rows: workers who joined by the month's end and are active or have an entry or a payment in
 * the month, by name. "Pay the balance" is a normal salary entry (`paymentType: salary`, this
 * month, `amount: balanceDue`).
 */
const workerWageRow = z.object({
  workerId: id,
  workerName: z.string(),
  salaryType: z.enum(SALARY_TYPES).nullable(),
  baseSalary: z.number().nullable(),
  isActive: z.boolean(),
  daysWorked: z.number().int(),
  piecesDone: z.number().int(),
  piecesRejected: z.number().int(),
  pieceEarnings: z.number(),
  basePay: z.number(),
  earned: z.number(),
  paid: paidByType,
  advancesRecovered: z.number(),
  balanceDue: z.number(),
});
export type WorkerWageRow = z.infer<typeof workerWageRow>;

export const workerWages = z.object({
  month: z.string(),
  rows: z.array(workerWageRow),
  totals: workerWageRow
    .omit({ workerId: true, workerName: true, salaryType: true, baseSalary: true, isActive: true })
    .extend({ workerCount: z.number().int() }),
});
export type WorkerWages = z.infer<typeof workerWages>;
