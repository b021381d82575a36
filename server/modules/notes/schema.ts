import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { recordVersion, timestamps } from '../../db/columns.ts';
import { organizations, tenantColumns, users } from '../../db/platform-tables.ts';
import { merchants } from '../merchants/schema.ts';
import { orders } from '../orders/schema.ts';

/**
 * A note on an order or a merchant. The subject is one of two nullable references, each a real
 * foreign key (a note can never point at another organization's record, and goes with its record
 * when that is deleted). `seq` orders a thread and is the clients' cursor: ids made by several API
 * servers need not sort in the order the notes arrived.
 */
export const notes = pgTable(
  'notes',
  {
    ...tenantColumns(),
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    subjectType: text('subject_type', { enum: ['order', 'merchant'] }).notNull(),
    orderId: uuid('order_id'),
    merchantId: uuid('merchant_id'),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id),
    body: text('body').notNull(),
    ...recordVersion,
    ...timestamps,
  },
  (t) => [
    primaryKey({ name: 'notes_pkey', columns: [t.organizationId, t.id] }),
    foreignKey({
      name: 'notes_order_fk',
      columns: [t.organizationId, t.orderId],
      foreignColumns: [orders.organizationId, orders.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'notes_merchant_fk',
      columns: [t.organizationId, t.merchantId],
      foreignColumns: [merchants.organizationId, merchants.id],
    }).onDelete('cascade'),
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
export const noteReads = pgTable(
  'note_reads',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subjectType: text('subject_type', { enum: ['order', 'merchant'] }).notNull(),
    subjectId: uuid('subject_id').notNull(),
    readSeq: bigint('read_seq', { mode: 'number' }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({
      name: 'note_reads_pkey',
      columns: [t.organizationId, t.userId, t.subjectType, t.subjectId],
    }),
    check('note_reads_subject_type_check', sql`${t.subjectType} in ('order', 'merchant')`),
  ],
);

/** Who a note names; goes with its note. */
export const noteMentions = pgTable(
  'note_mentions',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    noteId: uuid('note_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ name: 'note_mentions_pkey', columns: [t.organizationId, t.noteId, t.userId] }),
    foreignKey({
      name: 'note_mentions_note_fk',
      columns: [t.organizationId, t.noteId],
      foreignColumns: [notes.organizationId, notes.id],
    }).onDelete('cascade'),
    // "Is the caller mentioned in an unread note" looks up by user.
    index('note_mentions_org_user_idx').on(t.organizationId, t.userId, t.noteId),
  ],
);

/**
 * One row per thread with its newest note and size, kept with every note written or deleted, so
 * the inbox sorts threads without grouping every note of the organization.
 */
export const noteThreads = pgTable(
  'note_threads',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    subjectType: text('subject_type', { enum: ['order', 'merchant'] }).notNull(),
    subjectId: uuid('subject_id').notNull(),
    // The same subject again as real references, so a deleted record takes its row along.
    orderId: uuid('order_id'),
    merchantId: uuid('merchant_id'),
    lastSeq: bigint('last_seq', { mode: 'number' }).notNull(),
    noteCount: integer('note_count').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'note_threads_pkey',
      columns: [t.organizationId, t.subjectType, t.subjectId],
    }),
    foreignKey({
      name: 'note_threads_order_fk',
      columns: [t.organizationId, t.orderId],
      foreignColumns: [orders.organizationId, orders.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'note_threads_merchant_fk',
      columns: [t.organizationId, t.merchantId],
      foreignColumns: [merchants.organizationId, merchants.id],
    }).onDelete('cascade'),
    index('note_threads_org_last_idx').on(t.organizationId, t.lastSeq),
    check(
      'note_threads_subject_check',
      sql`(${t.subjectType} = 'order' and ${t.orderId} = ${t.subjectId} and ${t.merchantId} is null)
        or (${t.subjectType} = 'merchant' and ${t.merchantId} = ${t.subjectId} and ${t.orderId} is null)`,
    ),
  ],
);
