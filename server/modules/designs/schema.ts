import { sql } from 'drizzle-orm';
import { check, index, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { money } from '../../db/columns.ts';
import { recordTable } from '../../db/tenant-tables.ts';

export const designs = recordTable(
  'designs',
  {
    name: text('name').notNull(),
    designCode: text('design_code').notNull(),
    description: text('description'),
    rate: money('rate'),
  },
  (t) => [
    uniqueIndex('designs_org_code_unique').on(t.organizationId, sql`lower(${t.designCode})`),
    index('designs_org_created_idx').on(t.organizationId, t.createdAt, t.id),
    index('designs_org_name_idx').on(t.organizationId, sql`lower(${t.name})`, t.id),
    check('designs_rate_check', sql`${t.rate} is null or ${t.rate} >= 0`),
  ],
);
