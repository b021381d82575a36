import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import {
  PAYMENT_METHODS,
  calendarDate,
  money,
  recordVersion,
  timestamps,
} from '../../db/columns.ts';
import { tenantColumns } from '../../db/platform-tables.ts';

export const expenses = pgTable(
  'expenses',
  {
    ...tenantColumns(),
    category: text('category').notNull(),
    amount: money('amount').notNull(),
    expenseDate: calendarDate('expense_date').notNull(),
    description: text('description'),
    paymentMethod: text('payment_method', { enum: ['cash', 'bank_transfer', 'upi', 'cheque'] }),
    ...recordVersion,
    ...timestamps,
  },
  (t) => [
    primaryKey({ name: 'expenses_pkey', columns: [t.organizationId, t.id] }),
    index('expenses_org_created_idx').on(t.organizationId, t.createdAt, t.id),
    index('expenses_org_date_idx').on(t.organizationId, t.expenseDate, t.id),
    index('expenses_org_category_idx').on(t.organizationId, t.category, t.expenseDate),
    index('expenses_org_amount_idx').on(t.organizationId, t.amount, t.id),
    check('expenses_amount_check', sql`${t.amount} > 0`),
    check(
      'expenses_payment_method_check',
      sql`${t.paymentMethod} is null or ${t.paymentMethod} in ${PAYMENT_METHODS}`,
    ),
  ],
);
