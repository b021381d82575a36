import { sql } from 'drizzle-orm';
import { check, index, integer, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { calendarDate, money, tenantForeignKey } from '../../db/columns.ts';
import { users } from '../../db/platform-tables.ts';
import { recordTable, tenantKeyedTable } from '../../db/tenant-tables.ts';
import { designs } from '../designs/schema.ts';
import { orderLines, orders } from '../orders/schema.ts';
import { workers } from '../workers/schema.ts';

/**
 * The organization's production stages in order (position 0 first); the last one is where a job
 * card finishes. Every organization gets the embroidery defaults when it is made.
 */
export const productionStages = recordTable(
  'production_stages',
  {
    name: text('name').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    uniqueIndex('production_stages_org_name_unique').on(t.organizationId, sql`lower(${t.name})`),
    uniqueIndex('production_stages_org_position_unique').on(t.organizationId, t.position),
  ],
);

/**
 * One card per order line. Its design and quantity are the line's, copied because an order with
 * cards keeps its lines. `pieces_done` and `pieces_rejected` are the sums of the card's
 * production entries, kept by the entries' trigger; the check keeps them within the quantity
 * even when entries arrive at once.
 */
export const jobCards = recordTable(
  'job_cards',
  {
    orderId: uuid('order_id').notNull(),
    orderLineId: uuid('order_line_id').notNull(),
    designId: uuid('design_id').notNull(),
    quantity: integer('quantity').notNull(),
    stageId: uuid('stage_id').notNull(),
    /**
     * The order's delivery date, copied so the board sorts and filters a stage's cards from one
     * index without joining the orders; triggers keep it in step (migration 0014).
     */
    dueDate: calendarDate('due_date'),
    notes: text('notes'),
    piecesDone: integer('pieces_done').notNull().default(0),
    piecesRejected: integer('pieces_rejected').notNull().default(0),
  },
  (t) => [
    tenantForeignKey('job_cards_order_fk', t, t.orderId, orders, 'cascade'),
    tenantForeignKey('job_cards_order_line_fk', t, t.orderLineId, orderLines, 'cascade'),
    tenantForeignKey('job_cards_design_fk', t, t.designId, designs, 'restrict'),
    tenantForeignKey('job_cards_stage_fk', t, t.stageId, productionStages, 'restrict'),
    uniqueIndex('job_cards_org_line_unique').on(t.organizationId, t.orderLineId),
    index('job_cards_org_order_idx').on(t.organizationId, t.orderId),
    index('job_cards_org_stage_idx').on(t.organizationId, t.stageId, t.createdAt, t.id),
    index('job_cards_org_created_idx').on(t.organizationId, t.createdAt, t.id),
    index('job_cards_org_stage_due_idx').on(t.organizationId, t.stageId, t.dueDate, t.id),
    check('job_cards_quantity_check', sql`${t.quantity} between 1 and 1000000`),
    check(
      'job_cards_pieces_within_quantity',
      sql`${t.piecesDone} >= 0 and ${t.piecesRejected} >= 0 and ${t.piecesDone} + ${t.piecesRejected} <= ${t.quantity}`,
    ),
  ],
);

/** Who works on a card. */
export const jobCardWorkers = tenantKeyedTable(
  'job_card_workers',
  {
    jobCardId: uuid('job_card_id').notNull(),
    workerId: uuid('worker_id').notNull(),
  },
  (t) => [t.jobCardId, t.workerId],
  (t) => [
    tenantForeignKey('job_card_workers_card_fk', t, t.jobCardId, jobCards, 'cascade'),
    // An assignment is not a record to keep: deleting a worker (one with no wages) drops it.
    tenantForeignKey('job_card_workers_worker_fk', t, t.workerId, workers, 'cascade'),
    index('job_card_workers_org_worker_idx').on(t.organizationId, t.workerId),
  ],
);

/**
 * Work logged against a card: pieces done and rejected by one worker on one day. `amount` is
 * computed by the database; a trigger adds every change to the card's piece counts.
 */
export const productionEntries = recordTable(
  'production_entries',
  {
    workerId: uuid('worker_id').notNull(),
    jobCardId: uuid('job_card_id').notNull(),
    workDate: calendarDate('work_date').notNull(),
    piecesDone: integer('pieces_done').notNull(),
    piecesRejected: integer('pieces_rejected').notNull().default(0),
    rate: money('rate').notNull(),
    amount: money('amount')
      .notNull()
      .generatedAlwaysAs(sql`(pieces_done * rate)::numeric(14,2)`),
    notes: text('notes'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    // Wages are paid from entries: a worker or card with entries is kept.
    tenantForeignKey('production_entries_worker_fk', t, t.workerId, workers, 'restrict'),
    tenantForeignKey('production_entries_card_fk', t, t.jobCardId, jobCards, 'restrict'),
    index('production_entries_org_date_idx').on(t.organizationId, t.workDate, t.id),
    index('production_entries_org_worker_date_idx').on(t.organizationId, t.workerId, t.workDate),
    index('production_entries_org_card_idx').on(t.organizationId, t.jobCardId),
    index('production_entries_org_created_idx').on(t.organizationId, t.createdAt, t.id),
    check(
      'production_entries_pieces_check',
      sql`${t.piecesDone} between 0 and 1000000 and ${t.piecesRejected} between 0 and 1000000`,
    ),
    check('production_entries_rate_check', sql`${t.rate} >= 0`),
  ],
);
