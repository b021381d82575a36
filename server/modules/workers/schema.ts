import { sql } from 'drizzle-orm';
import { boolean, check, index, text } from 'drizzle-orm/pg-core';
import { calendarDate, money } from '../../db/columns.ts';
import { recordTable } from '../../db/tenant-tables.ts';

export const workers = recordTable(
  'workers',
  {
    name: text('name').notNull(),
    phone: text('phone'),
    address: text('address'),
    designation: text('designation'),
    joiningDate: calendarDate('joining_date').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    salaryType: text('salary_type', { enum: ['monthly', 'daily', 'piece_rate'] }),
    baseSalary: money('base_salary'),
  },
  (t) => [
    index('workers_org_created_idx').on(t.organizationId, t.createdAt, t.id),
    index('workers_org_name_idx').on(t.organizationId, sql`lower(${t.name})`, t.id),
    index('workers_org_joining_idx').on(t.organizationId, t.joiningDate, t.id),
    check(
      'workers_salary_type_check',
      sql`${t.salaryType} is null or ${t.salaryType} in ('monthly', 'daily', 'piece_rate')`,
    ),
    check('workers_base_salary_check', sql`${t.baseSalary} is null or ${t.baseSalary} >= 0`),
  ],
);
