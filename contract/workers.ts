import { z } from 'zod';
import {
  DATE_MAX,
  LIMITS,
  calendarDateBetween,
  crudSchemas,
  listQuery,
  money,
  optionalPhone,
  optionalText,
  queryParam,
  recordBase,
  requiredText,
} from './common.ts';
import type { Permission } from './permissions.ts';

export const SALARY_TYPES = ['monthly', 'daily', 'piece_rate'] as const;
export type SalaryType = (typeof SALARY_TYPES)[number];

/** Workshops keep people on for decades, so a joining date may go back further than other dates. */
const JOINING_DATE_MIN = '1950-01-01';

export const workerShape = {
  name: requiredText(LIMITS.name),
  phone: optionalPhone,
  address: optionalText(LIMITS.longText, { multiline: true }),
  designation: optionalText(LIMITS.name),
  joiningDate: calendarDateBetween(JOINING_DATE_MIN, DATE_MAX),
  isActive: z.boolean({ error: 'boolean' }).optional(),
  salaryType: z.enum(SALARY_TYPES).nullish(),
  /** Per `salaryType`: the month's pay, the day's pay, or the rate per piece (production wages). */
  baseSalary: money.nullish(),
};

export const worker = z.object({
  ...recordBase,
  name: z.string(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  designation: z.string().nullable(),
  joiningDate: z.string(),
  isActive: z.boolean(),
  /** Present only for roles with `WORKER_PAY_PERMISSION`; left out for the others (staff). */
  salaryType: z.enum(SALARY_TYPES).nullable().optional(),
  /** Present only for roles with `WORKER_PAY_PERMISSION`; left out for the others (staff). */
  baseSalary: z.number().nullable().optional(),
});
export type Worker = z.infer<typeof worker>;

/**
 * Pay is confidential on a workshop floor: a worker read by a role without the salaries
 * permission (contract/permissions.ts: staff) comes without these fields, in every read, pick list
 * and CSV. The matrix's salaries entry decides, so the two never disagree.
 */
export const WORKER_PAY_PERMISSION = 'salaries.read' satisfies Permission;
export const WORKER_PAY_FIELDS = ['salaryType', 'baseSalary'] as const;

export const WORKER_SORTABLE = ['name', 'joiningDate', 'createdAt'] as const;

export const workerListQuery = listQuery(WORKER_SORTABLE, {
  search: queryParam.text(),
  isActive: queryParam.boolean,
});

export const workerSchemas = crudSchemas(worker, workerShape, workerListQuery);
export const { create: workerCreate, update: workerUpdate } = workerSchemas;

/** @public Read by scripts/write-audit-entities.ts: each entity and the namespace naming it. */
export const workerAuditEntities = { worker: 'workers' } as const;
