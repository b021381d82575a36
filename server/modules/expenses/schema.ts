import { sql } from 'drizzle-orm';
import { check, index, text } from 'drizzle-orm/pg-core';
import { calendarDate, money, paymentMethod } from '../../db/columns.ts';
import { recordTable } from '../../db/tenant-tables.ts';

export const expenses = recordTable(
  'expenses',
  {
    category: text('category').notNull(),
    amount: money('amount').notNull(),
    expenseDate: calendarDate('expense_date').notNull(),
    description: text('description'),
    paymentMethod: paymentMethod.column('payment_method'),
  },
  (t) => [
    index('expenses_org_created_idx').on(t.organizationId, t.createdAt, t.id),
    index('expenses_org_date_idx').on(t.organizationId, t.expenseDate, t.id),
    index('expenses_org_category_idx').on(t.organizationId, t.category, t.expenseDate),
    index('expenses_org_amount_idx').on(t.organizationId, t.amount, t.id),
    check('expenses_amount_check', sql`${t.amount} > 0`),
    paymentMethod.check('expenses_payment_method_check', t.paymentMethod, { optional: true }),
  ],
);
