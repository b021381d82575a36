import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { recordVersion, timestamps } from '../../db/columns.ts';
import { tenantColumns } from '../../db/platform-tables.ts';

export const bankDetails = pgTable(
  'bank_details',
  {
    ...tenantColumns(),
    bankName: text('bank_name').notNull(),
    accountHolderName: text('account_holder_name'),
    accountNumber: text('account_number').notNull(),
    ifscCode: text('ifsc_code').notNull(),
    branch: text('branch'),
    isActive: boolean('is_active').notNull().default(false),
    ...recordVersion,
    ...timestamps,
  },
  (t) => [
    primaryKey({ name: 'bank_details_pkey', columns: [t.organizationId, t.id] }),
    // At most one active account per organization, whatever the application does.
    uniqueIndex('bank_details_one_active')
      .on(t.organizationId)
      .where(sql`${t.isActive}`),
    index('bank_details_org_created_idx').on(t.organizationId, t.createdAt, t.id),
    index('bank_details_org_bank_name_idx').on(t.organizationId, sql`lower(${t.bankName})`, t.id),
  ],
);
