import { z } from 'zod';
import {
  LIMITS,
  id,
  listQuery,
  optionalText,
  queryParam,
  recordBase,
  recordVersion,
} from './common.ts';

/*
 * Job cards `/api/job-cards`: `production.read` / `production.write` / `production.delete`. The
 * stages they move through are in production-stages.ts.
 */

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

const JOB_CARD_WORKERS_MAX = 50;

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
const JOB_CARD_SEARCH_MAX = 120;

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
  stageId: queryParam.id,
  workerId: queryParam.id,
  merchantId: queryParam.id,
  orderId: queryParam.id,
  overdue: queryParam.boolean,
  due: queryParam.optional(z.enum(JOB_CARD_DUE_WINDOWS)),
  isDone: queryParam.boolean,
  search: queryParam.text(JOB_CARD_SEARCH_MAX),
});
export type JobCardListParams = z.output<typeof jobCardListQuery>;

/** @public Read by scripts/write-audit-entities.ts: each entity and the namespace naming it. */
export const jobCardAuditEntities = { jobCard: 'production' } as const;
