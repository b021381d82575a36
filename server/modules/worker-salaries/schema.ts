import { sql } from 'drizzle-orm';
import { check, index, integer, text, uuid } from 'drizzle-orm/pg-core';
import { calendarDate, money, paymentMethod, tenantForeignKey } from '../../db/columns.ts';
import { users } from '../../db/platform-tables.ts';
import { recordTable } from '../../db/tenant-tables.ts';
import { workers } from '../workers/schema.ts';

export const workerSalaries = recordTable(
  'worker_salaries',
  {
    workerId: uuid('worker_id').notNull(),
    paymentType: text('payment_type', {
      enum: ['salary', 'advance', 'bonus', 'overtime'],
    }).notNull(),
    paymentMethod: paymentMethod.column('payment_method').notNull(),
    month: integer('month').notNull(),
    year: integer('year').notNull(),
    paymentDate: calendarDate('payment_date').notNull(),
    amount: money('amount').notNull(),
    notes: text('notes'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    // No cascade: a worker with salary entries is deactivated, never deleted.
    tenantForeignKey('worker_salaries_worker_fk', t, t.workerId, workers, 'restrict'),
    index('worker_salaries_org_payment_date_idx').on(t.organizationId, t.paymentDate, t.id),
    index('worker_salaries_org_worker_idx').on(t.organizationId, t.workerId, t.paymentDate),
    index('worker_salaries_org_period_idx').on(t.organizationId, t.year, t.month),
    check(
      'worker_salaries_payment_type_check',
      sql`${t.paymentType} in ('salary', 'advance', 'bonus', 'overtime')`,
    ),
    paymentMethod.check('worker_salaries_payment_method_check', t.paymentMethod),
    check('worker_salaries_month_check', sql`${t.month} between 1 and 12`),
    check('worker_salaries_year_check', sql`${t.year} between 2000 and 2100`),
    check('worker_salaries_amount_check', sql`${t.amount} > 0`),
  ],
);
