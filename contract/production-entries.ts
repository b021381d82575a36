import { z } from 'zod';
import {
  LIMITS,
  calendarDate,
  id,
  listQuery,
  money,
  optionalText,
  queryParam,
  recordBase,
  recordVersion,
} from './common.ts';
import type { SalaryType } from './workers.ts';

/*
 * Production entries `/api/production-entries` ("log work"): `production.read` /
 * `production.write` / `production.delete`. They roll up onto their job card (job-cards.ts).
 */

const PIECES_MAX = 1_000_000;
const PRODUCTION_BATCH_MAX = 200;

const pieces = z.number().int({ error: 'integer' }).min(0).max(PIECES_MAX);

/**
 * The piece rate an entry gets when none is given: the design's rate; else, for a piece-rate
 * worker, the worker's amount (`baseSalary`); else 0. Monthly and daily workers are paid for
 * their time, so without a design rate their entries count pieces and earn nothing extra.
 */
export function defaultPieceRate(
  designRate: number | null,
  worker: { salaryType: SalaryType | null; baseSalary: number | null },
): number {
  if (designRate != null) return designRate;
  if (worker.salaryType === 'piece_rate' && worker.baseSalary != null) return worker.baseSalary;
  return 0;
}

const entryFields = {
  workerId: id,
  jobCardId: id,
  piecesDone: pieces,
  piecesRejected: pieces.optional(),
  /** Per piece; absent or null takes `defaultPieceRate`. */
  rate: money.nullish(),
  notes: optionalText(LIMITS.longText, { multiline: true }),
};

/** Keys of an entry read back that a client may send again; the server ignores them. */
const entryReadOnly = {
  _id: z.unknown().optional(),
  organizationId: z.uuid({ error: 'organizationMismatch' }).optional(),
  createdAt: z.unknown().optional(),
  updatedAt: z.unknown().optional(),
  createdBy: z.unknown().optional(),
  updatedBy: z.unknown().optional(),
  worker: z.unknown().optional(),
  jobCard: z.unknown().optional(),
  amount: z.unknown().optional(),
};

const stripEntryReadOnly = <T extends Record<string, unknown>>(value: T) => {
  const {
    _id: _omitId,
    createdAt: _omitCreated,
    updatedAt: _omitUpdated,
    createdBy: _omitCreatedBy,
    updatedBy: _omitUpdatedBy,
    worker: _omitWorker,
    jobCard: _omitJobCard,
    amount: _omitAmount,
    ...rest
  } = value;
  return rest;
};

/**
 * `POST /api/production-entries`. `piecesDone + piecesRejected` may not take the card past its
 * quantity (400 at `piecesDone`, rule `pieces_exceed_quantity`, `params.left` the pieces left).
 * A card whose order is cancelled or delivered takes no new work (400 at `jobCardId`, rule
 * `card_not_in_production`); its existing entries can still be edited.
 * The server computes `amount = piecesDone × rate` in SQL.
 */
export const productionEntryCreate = z
  .strictObject({
    ...entryFields,
    workDate: calendarDate,
    ...entryReadOnly,
    version: z.unknown().optional(),
  })
  .transform(({ version: _version, ...value }) => stripEntryReadOnly(value));
export type ProductionEntryCreate = z.output<typeof productionEntryCreate>;

/** `PUT /api/production-entries/:id` (merge; a new card or worker is allowed). */
export const productionEntryUpdate = z
  .strictObject({ ...entryFields, workDate: calendarDate, ...entryReadOnly })
  .partial()
  .extend({ version: recordVersion })
  .transform((value) => stripEntryReadOnly(value));
export type ProductionEntryUpdate = z.output<typeof productionEntryUpdate>;

/** One row of a shift's batch: the shift's date comes from the batch. */
const productionBatchRow = z.strictObject(entryFields);
export type ProductionBatchRow = z.input<typeof productionBatchRow>;

/**
 * `POST /api/production-entries/batch`: a shift's work, one worker or many, 1-200 rows, stored
 * all or nothing in one transaction. Field errors name the row: `entries.3.piecesDone`. Rows on
 * the same card count together against its quantity. 201 with `{ data: ProductionEntry[] }` in
 * the rows' order.
 */
export const productionEntryBatch = z.strictObject({
  workDate: calendarDate,
  entries: z.array(productionBatchRow).min(1).max(PRODUCTION_BATCH_MAX),
});
export type ProductionEntryBatch = z.output<typeof productionEntryBatch>;

export const productionEntry = z.object({
  ...recordBase,
  workerId: id,
  worker: z.object({ _id: id, name: z.string() }),
  jobCardId: id,
  jobCard: z.object({
    _id: id,
    orderId: id,
    poNumber: z.string(),
    designCode: z.string(),
    designName: z.string(),
  }),
  workDate: z.string(),
  piecesDone: z.number().int(),
  piecesRejected: z.number().int(),
  /** Per piece. Present only for roles with `WORKER_PAY_PERMISSION`; left out for staff. */
  rate: z.number().optional(),
  /**
   * `piecesDone × rate`, by the database. Present only for roles with `WORKER_PAY_PERMISSION`;
   * left out for staff.
   */
  amount: z.number().optional(),
  notes: z.string().nullable(),
  createdBy: id.nullable(),
  updatedBy: id.nullable(),
});
export type ProductionEntry = z.infer<typeof productionEntry>;

/**
 * What an entry earns is a worker's pay (for a piece-rate worker on a design without a rate, the
 * rate is the worker's own): entries read by a role without `WORKER_PAY_PERMISSION` (staff) come
 * without these fields, in every read and in the answers to writes.
 */
export const PRODUCTION_PAY_FIELDS = ['rate', 'amount'] as const;

export const productionEntryBatchResult = z.object({ data: z.array(productionEntry) });
export type ProductionEntryBatchResult = z.infer<typeof productionEntryBatchResult>;

const PRODUCTION_ENTRY_SORTABLE = ['workDate', 'piecesDone', 'amount', 'createdAt'] as const;
export const PRODUCTION_ENTRY_DEFAULT_SORT = '-workDate';

/**
 * `GET /api/production-entries`; default sort `-workDate`. Dates are on `workDate`. Sorting by
 * `amount` needs `WORKER_PAY_PERMISSION` (else 400 at `sort`): the order would rank the pay.
 */
export const productionEntryListQuery = listQuery(PRODUCTION_ENTRY_SORTABLE, {
  workerId: queryParam.id,
  jobCardId: queryParam.id,
  orderId: queryParam.id,
  startDate: z.preprocess((v) => (v === '' ? undefined : v), calendarDate.optional()),
  endDate: z.preprocess((v) => (v === '' ? undefined : v), calendarDate.optional()),
}).refine((value) => !(value.startDate && value.endDate && value.startDate > value.endDate), {
  error: 'dateRange',
  path: ['startDate'],
});
export type ProductionEntryListParams = z.output<typeof productionEntryListQuery>;

/** @public Read by scripts/write-audit-entities.ts: each entity and the namespace naming it. */
export const productionEntryAuditEntities = { productionEntry: 'production' } as const;
