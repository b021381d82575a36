import { sql } from 'drizzle-orm';
import {
  type expenseSchemas,
  type ExpenseSummary,
  MONTH_NAMES,
} from '../../../contract/expenses.ts';
import { queryRows, type Database } from '../../db/database.ts';
import { expenses } from './schema.ts';
import { containsText, equalsValue } from '../../lib/list-page.ts';
import { createTenantRepository } from '../../lib/tenant-repository.ts';
import type { TenantContext } from '../../lib/tenant.ts';
import { jsonColumn } from '../../lib/sql-values.ts';

const lowerCategory = sql`lower(${expenses.category})`;
const CATEGORY_LIST_LIMIT = 1000;

export const expenseRepository = createTenantRepository<typeof expenseSchemas>({
  table: expenses,
  entity: 'expense',
  filters: {
    category: containsText(expenses.category),
    expenseDate: equalsValue<string>(expenses.expenseDate),
    startDate: (value) => sql`${expenses.expenseDate} >= ${value}::date`,
    endDate: (value) => sql`${expenses.expenseDate} <= ${value}::date`,
  },
  sortable: {
    expenseDate: expenses.expenseDate,
    amount: expenses.amount,
    category: lowerCategory,
    createdAt: expenses.createdAt,
  },
  pickListOrder: lowerCategory,
});

/** The organization's distinct category names, alphabetical, for the form's suggestions. */
export async function listExpenseCategories(
  db: Database,
  tenant: TenantContext,
): Promise<string[]> {
  const rows = await queryRows<{ category: string }>(
    db,
    sql`select ${expenses.category} as category
        from ${expenses}
        where ${expenses.organizationId} = ${tenant.organizationId}
        group by ${expenses.category}
        order by lower(${expenses.category}), ${expenses.category} collate "C"
        limit ${CATEGORY_LIST_LIMIT}`,
  );
  return rows.map((row) => row.category);
}

interface SummaryRow {
  yearly_total: string;
  categories: { _id: string; total: string }[] | string;
  months: { monthNumber: number; total: string }[] | string;
}

/**
 * One round trip: the year's expenses are scanned once through the (organization, date) index and
 * aggregated three ways. Sums travel as text so that no figure passes through a float in SQL.
 */
export async function expenseMonthlySummary(
  db: Database,
  tenant: TenantContext,
  year: number,
): Promise<ExpenseSummary> {
  const firstDay = `${String(year).padStart(4, '0')}-01-01`;
  const nextYearFirstDay = `${String(year + 1).padStart(4, '0')}-01-01`;
  const [row] = await queryRows<SummaryRow>(
    db,
    sql`with year_expenses as (
          select ${expenses.category} as category,
                 ${expenses.amount} as amount,
                 extract(month from ${expenses.expenseDate})::int as month_number
          from ${expenses}
          where ${expenses.organizationId} = ${tenant.organizationId}
            and ${expenses.expenseDate} >= ${firstDay}::date
            and ${expenses.expenseDate} < ${nextYearFirstDay}::date
        )
        select
          (select coalesce(sum(amount), 0)::text from year_expenses) as yearly_total,
          (select coalesce(
                    json_agg(json_build_object('_id', category, 'total', total::text)
                             order by total desc, category),
                    '[]'::json)
             from (select category, sum(amount) as total
                     from year_expenses group by category) as by_category) as categories,
          (select json_agg(json_build_object('monthNumber', months.month_number,
                                             'total', coalesce(by_month.total, 0)::text)
                           order by months.month_number)
             from generate_series(1, 12) as months(month_number)
             left join (select month_number, sum(amount) as total
                          from year_expenses group by month_number) as by_month
               on by_month.month_number = months.month_number) as months`,
  );
  if (!row) throw new Error('Expense summary query returned no row');
  return {
    year,
    yearlyTotal: Number(row.yearly_total),
    categorySummary: jsonColumn(row.categories).map((entry) => ({
      _id: entry._id,
      total: Number(entry.total),
    })),
    monthlySummary: jsonColumn(row.months).map((entry) => ({
      month: MONTH_NAMES[entry.monthNumber - 1] ?? String(entry.monthNumber),
      monthNumber: entry.monthNumber,
      total: Number(entry.total),
    })),
  };
}
