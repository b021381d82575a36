import { z } from 'zod';
import {
  LIMITS,
  calendarDate,
  id,
  listQuery,
  money,
  optionalText,
  queryBoolean,
  queryId,
  queryText,
  recordBase,
  recordVersion,
  requiredText,
} from './common.ts';
import type { LANGUAGES } from './preferences.ts';
import { PAYMENT_TYPES } from './worker-salaries.ts';
import { SALARY_TYPES, type SalaryType } from './workers.ts';

/*
 * The shop floor: an organization's production stages, one job card per order line moving
 * through them, production entries ("log work") that roll up onto the cards, and the piece-rate
 * wages they earn.
 *
 * Permissions: stages are read with `production.read` and replaced with `organization.write`;
 * job cards and production entries use `production.read` / `production.write` /
 * `production.delete`; wages need `salaries.read`.
 */

// ---------------------------------------------------------------------------------------------
// Stages `/api/production/stages`

/**
 * What every organization starts with, named in the language its owner signed up in (the
 * migration gave organizations made before that the English names).
 */
export const DEFAULT_PRODUCTION_STAGE_NAMES = {
  en: ['Design punching', 'Machine embroidery', 'Thread cutting', 'Checking', 'Packing'],
  gu: ['ડિઝાઇન પંચિંગ', 'મશીન એમ્બ્રોઇડરી', 'દોરા કટિંગ', 'ચકાસણી', 'પેકિંગ'],
  hi: ['डिज़ाइन पंचिंग', 'मशीन कढ़ाई', 'धागा कटिंग', 'जाँच', 'पैकिंग'],
} as const satisfies Record<(typeof LANGUAGES)[number], readonly string[]>;

export const DEFAULT_PRODUCTION_STAGES = DEFAULT_PRODUCTION_STAGE_NAMES.en;

export const STAGE_NAME_MAX = 60;
export const STAGES_MIN = 1;
export const STAGES_MAX = 20;

export const productionStage = z.object({
  ...recordBase,
  name: z.string(),
  /** 0-based place in the organization's order; the last stage is where a card finishes. */
  position: z.number().int(),
  /** Cards now in this stage; a stage with cards cannot be removed. */
  cardCount: z.number().int(),
});
export type ProductionStage = z.infer<typeof productionStage>;

/** `GET /api/production/stages`: `data` is `{ data: ProductionStage[] }`, by position. */
export const productionStageList = z.object({ data: z.array(productionStage) });
export type ProductionStageList = z.infer<typeof productionStageList>;

/**
 * One stage of the list a `PUT` sends: an existing stage by its `_id` (renamed and/or moved), or
 * a new one without `_id`. `version`, when given, must be the stored one (409 `stale_version`).
 */
export const productionStageInput = z.strictObject({
  _id: id.optional(),
  name: requiredText(STAGE_NAME_MAX),
  version: recordVersion.optional(),
  // Accepted so a client can send back what it read; the server sets them.
  organizationId: z.unknown().optional(),
  position: z.unknown().optional(),
  cardCount: z.unknown().optional(),
  createdAt: z.unknown().optional(),
  updatedAt: z.unknown().optional(),
});
export type ProductionStageInput = z.input<typeof productionStageInput>;

/**
 * `PUT /api/production/stages` replaces the ordered list (1-20 stages, names unique ignoring
 * case, each `_id` at most once). A stored stage missing from the list is removed; one that
 * cards are in is 409 `stage_in_use`. An `_id` that is not one of the organization's stages is
 * 400 `not_found` at `stages.N._id`. Answers like the GET.
 */
export const productionStagesUpdate = z.strictObject({
  stages: z
    .array(productionStageInput)
    .min(STAGES_MIN)
    .max(STAGES_MAX)
    .superRefine((stages, context) => {
      const names = new Set<string>();
      const ids = new Set<string>();
      stages.forEach((stage, index) => {
        const key = stage.name.toLocaleLowerCase('en');
        if (names.has(key)) {
          context.addIssue({
            code: 'custom',
            path: [index, 'name'],
            input: stage.name,
            message: 'duplicateIds',
          });
        }
        names.add(key);
        if (stage._id !== undefined) {
          if (ids.has(stage._id)) {
            context.addIssue({
              code: 'custom',
              path: [index, '_id'],
              input: stage._id,
              message: 'duplicateIds',
            });
          }
          ids.add(stage._id);
        }
      });
    }),
});
export type ProductionStagesUpdate = z.output<typeof productionStagesUpdate>;
export type ProductionStagesInput = z.input<typeof productionStagesUpdate>;

// ---------------------------------------------------------------------------------------------
// Job cards `/api/job-cards`

/**
 * One card per order line. Its design, quantity, merchant and due date are the order's (read live;
 * an order with cards keeps its lines: changing them is 409 `order_in_production`). The piece
 * counts are the sums of the card's production entries, kept by the database.
 * A card is done when it is in the last stage and `piecesLeft` is 0.
 */
export const jobCard = z.object({
  ...recordBase,
  orderId: id,
  orderLineId: id,
  /** The line's place in its order, 0-based. */
  linePosition: z.number().int(),
  order: z.object({
    _id: id,
    poNumber: z.string(),
    status: z.enum(['pending', 'in_progress', 'completed', 'delivered', 'cancelled']),
    orderDate: z.string(),
  }),
  merchantId: id,
  merchant: z.object({ _id: id, name: z.string() }),
  designId: id,
  design: z.object({
    _id: id,
    name: z.string(),
    designCode: z.string(),
    rate: z.number().nullable(),
  }),
  quantity: z.number().int(),
  /** The order's delivery date; null when it has none. */
  dueDate: z.string().nullable(),
  stageId: id,
  stage: z.object({ _id: id, name: z.string(), position: z.number().int() }),
  /** True when the stage is the organization's last. */
  isLastStage: z.boolean(),
  workerIds: z.array(id),
  /** Assigned workers, by name. */
  workers: z.array(z.object({ _id: id, name: z.string() })),
  notes: z.string().nullable(),
  piecesDone: z.number().int(),
  piecesRejected: z.number().int(),
  /** `quantity - piecesDone - piecesRejected`. */
  piecesLeft: z.number().int(),
  isDone: z.boolean(),
  /** Not done and the due date is before today (server's date). */
  isOverdue: z.boolean(),
});
export type JobCard = z.infer<typeof jobCard>;

export const JOB_CARD_WORKERS_MAX = 50;

/** Keys of a card read back that a client may send again; the server ignores them. */
const JOB_CARD_READ_ONLY = [
  '_id',
  'organizationId',
  'createdAt',
  'updatedAt',
  'orderId',
  'orderLineId',
  'linePosition',
  'order',
  'merchantId',
  'merchant',
  'designId',
  'design',
  'quantity',
  'dueDate',
  'stageId',
  'stage',
  'isLastStage',
  'workers',
  'piecesDone',
  'piecesRejected',
  'piecesLeft',
  'isDone',
  'isOverdue',
] as const;

/**
 * `PUT /api/job-cards/:id` (merge): the assigned workers (replaces the list; each must be a
 * worker of the organization, else 400 `not_found` at `workerIds.N`) and notes. The stage
 * changes only through `move`.
 */
export const jobCardUpdate = z
  .strictObject({
    workerIds: z
      .array(id)
      .max(JOB_CARD_WORKERS_MAX)
      .refine((ids) => new Set(ids).size === ids.length, { error: 'duplicateIds' })
      .optional(),
    notes: optionalText(LIMITS.longText, { multiline: true }),
    version: recordVersion,
    ...(Object.fromEntries(
      JOB_CARD_READ_ONLY.map((key) => [key, z.unknown().optional()]),
    ) as Record<(typeof JOB_CARD_READ_ONLY)[number], z.ZodOptional<z.ZodUnknown>>),
  })
  .transform(({ workerIds, notes, version }) => ({
    ...(workerIds !== undefined ? { workerIds } : {}),
    ...(notes !== undefined ? { notes } : {}),
    version,
  }));
export type JobCardUpdate = z.output<typeof jobCardUpdate>;
export type JobCardInput = z.input<typeof jobCardUpdate>;

/** `POST /api/job-cards/:id/move`: to any stage of the organization, forward or back. */
export const jobCardMove = z.strictObject({ stageId: id, version: recordVersion });
export type JobCardMove = z.infer<typeof jobCardMove>;

/**
 * `POST /api/job-cards/from-order/:orderId`: makes the cards the order's lines are missing, in
 * the first stage, and answers every card of the order (by line). Idempotent. A cancelled or
 * delivered order is 409 `order_not_in_production`. Moving an order to `in_progress` does the
 * same in the status change's transaction.
 */
export const jobCardsFromOrder = z.object({
  data: z.array(jobCard),
  /** How many cards this call made (0 when they all existed). */
  created: z.number().int(),
});
export type JobCardsFromOrder = z.infer<typeof jobCardsFromOrder>;

export const JOB_CARD_SORTABLE = ['dueDate', 'createdAt', 'piecesLeft', 'poNumber'] as const;
export const JOB_CARD_SEARCH_MAX = 120;

/**
 * Due-date windows the board filters by, in the organization's calendar (the server's local day):
 * `today`, or `week` from today through Sunday (weeks start on Monday).
 */
export const JOB_CARD_DUE_WINDOWS = ['today', 'week'] as const;
export type JobCardDueWindow = (typeof JOB_CARD_DUE_WINDOWS)[number];

/**
 * `GET /api/job-cards`. `search` matches PO number, design code or name, and merchant name.
 * `overdue=true`: not done and past the due date. `due`: due date inside the window (see
 * `JOB_CARD_DUE_WINDOWS`). `isDone=false`: the open cards (what a worker logs work against).
 * Default sort `-createdAt`, `_id` as the tie-breaker.
 */
export const jobCardListQuery = listQuery(JOB_CARD_SORTABLE, {
  stageId: queryId,
  workerId: queryId,
  merchantId: queryId,
  orderId: queryId,
  overdue: queryBoolean,
  due: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(JOB_CARD_DUE_WINDOWS).optional(),
  ),
  isDone: queryBoolean,
  search: queryText(JOB_CARD_SEARCH_MAX),
});
export type JobCardListQuery = z.input<typeof jobCardListQuery>;
export type JobCardListParams = z.output<typeof jobCardListQuery>;

// ---------------------------------------------------------------------------------------------
// Production entries `/api/production-entries`

export const PIECES_MAX = 1_000_000;
export const PRODUCTION_BATCH_MAX = 200;

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
export type ProductionEntryInput = z.input<typeof productionEntryCreate>;

/** `PUT /api/production-entries/:id` (merge; a new card or worker is allowed). */
export const productionEntryUpdate = z
  .strictObject({ ...entryFields, workDate: calendarDate, ...entryReadOnly })
  .partial()
  .extend({ version: recordVersion })
  .transform((value) => stripEntryReadOnly(value));
export type ProductionEntryUpdate = z.output<typeof productionEntryUpdate>;

/** One row of a shift's batch: the shift's date comes from the batch. */
export const productionBatchRow = z.strictObject(entryFields);
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
export type ProductionEntryBatchInput = z.input<typeof productionEntryBatch>;

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

export const PRODUCTION_ENTRY_SORTABLE = ['workDate', 'piecesDone', 'amount', 'createdAt'] as const;
export const PRODUCTION_ENTRY_DEFAULT_SORT = '-workDate';

/**
 * `GET /api/production-entries`; default sort `-workDate`. Dates are on `workDate`. Sorting by
 * `amount` needs `WORKER_PAY_PERMISSION` (else 400 at `sort`): the order would rank the pay.
 */
export const productionEntryListQuery = listQuery(PRODUCTION_ENTRY_SORTABLE, {
  workerId: queryId,
  jobCardId: queryId,
  orderId: queryId,
  startDate: z.preprocess((v) => (v === '' ? undefined : v), calendarDate.optional()),
  endDate: z.preprocess((v) => (v === '' ? undefined : v), calendarDate.optional()),
}).refine((value) => !(value.startDate && value.endDate && value.startDate > value.endDate), {
  error: 'dateRange',
  path: ['startDate'],
});
export type ProductionEntryListQuery = z.input<typeof productionEntryListQuery>;
export type ProductionEntryListParams = z.output<typeof productionEntryListQuery>;

// ---------------------------------------------------------------------------------------------
// Wages `GET /api/worker-wages?month=yyyy-MM[&workerId]` (`salaries.read`)

export const payMonth = z
  .string({ error: 'required' })
  .regex(/^(20\d\d|2100)-(0[1-9]|1[0-2])$/, { error: 'month' });

export const workerWagesQuery = z.strictObject({
  month: payMonth,
  workerId: queryId,
});
export type WorkerWagesQuery = z.input<typeof workerWagesQuery>;
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
export const workerWageRow = z.object({
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
