import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, text, uuid } from 'drizzle-orm/pg-core';
import { instant, tenantForeignKey } from '../../db/columns.ts';
import { users } from '../../db/platform-tables.ts';
import { recordTable, tenantKeyedTable } from '../../db/tenant-tables.ts';
import { merchants } from '../merchants/schema.ts';
import { orders } from '../orders/schema.ts';

/**
 * A note on an order or a merchant. The subject is one of two nullable references, each a real
 * foreign key (a note can never point at another organization's record, and goes with its record
 * when that is deleted). `seq` orders a thread and is the clients' cursor: ids made by several API
 * servers need not sort in the order the notes arrived.
 */
export const notes = recordTable(
  'notes',
  {
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    subjectType: text('subject_type', { enum: ['order', 'merchant'] }).notNull(),
    orderId: uuid('order_id'),
    merchantId: uuid('merchant_id'),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id),
    body: text('body').notNull(),
  },
  (t) => [
    tenantForeignKey('notes_order_fk', t, t.orderId, orders, 'cascade'),
    tenantForeignKey('notes_merchant_fk', t, t.merchantId, merchants, 'cascade'),
    // A thread's pages and the inbox's newest note per thread read these backwards.
    index('notes_org_order_seq_idx')
      .on(t.organizationId, t.orderId, t.seq)
      .where(sql`${t.orderId} is not null`),
    index('notes_org_merchant_seq_idx')
      .on(t.organizationId, t.merchantId, t.seq)
      .where(sql`${t.merchantId} is not null`),
    index('notes_org_seq_idx').on(t.organizationId, t.seq),
    check(
      'notes_subject_check',
      sql`(${t.subjectType} = 'order' and ${t.orderId} is not null and ${t.merchantId} is null)
        or (${t.subjectType} = 'merchant' and ${t.merchantId} is not null and ${t.orderId} is null)`,
    ),
  ],
);

/** How far each user has read each thread: notes after `read_seq` by others are unread. */
export const noteReads = tenantKeyedTable(
  'note_reads',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subjectType: text('subject_type', { enum: ['order', 'merchant'] }).notNull(),
    subjectId: uuid('subject_id').notNull(),
    readSeq: bigint('read_seq', { mode: 'number' }).notNull(),
    readAt: instant('read_at').notNull().defaultNow(),
  },
  (t) => [t.userId, t.subjectType, t.subjectId],
  (t) => [check('note_reads_subject_type_check', sql`${t.subjectType} in ('order', 'merchant')`)],
);

/** Who a note names; goes with its note. */
export const noteMentions = tenantKeyedTable(
  'note_mentions',
  {
    noteId: uuid('note_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [t.noteId, t.userId],
  (t) => [
    tenantForeignKey('note_mentions_note_fk', t, t.noteId, notes, 'cascade'),
    // "Is the caller mentioned in an unread note" looks up by user.
    index('note_mentions_org_user_idx').on(t.organizationId, t.userId, t.noteId),
  ],
);

/**
 * One row per thread with its newest note and size, kept with every note written or deleted, so
 * the inbox sorts threads without grouping every note of the organization.
 */
export const noteThreads = tenantKeyedTable(
  'note_threads',
  {
    subjectType: text('subject_type', { enum: ['order', 'merchant'] }).notNull(),
    subjectId: uuid('subject_id').notNull(),
    // The same subject again as real references, so a deleted record takes its row along.
    orderId: uuid('order_id'),
    merchantId: uuid('merchant_id'),
    lastSeq: bigint('last_seq', { mode: 'number' }).notNull(),
    noteCount: integer('note_count').notNull(),
  },
  (t) => [t.subjectType, t.subjectId],
  (t) => [
    tenantForeignKey('note_threads_order_fk', t, t.orderId, orders, 'cascade'),
    tenantForeignKey('note_threads_merchant_fk', t, t.merchantId, merchants, 'cascade'),
    index('note_threads_org_last_idx').on(t.organizationId, t.lastSeq),
    check(
      'note_threads_subject_check',
      sql`(${t.subjectType} = 'order' and ${t.orderId} = ${t.subjectId} and ${t.merchantId} is null)
        or (${t.subjectType} = 'merchant' and ${t.merchantId} = ${t.subjectId} and ${t.orderId} is null)`,
    ),
  ],
);
