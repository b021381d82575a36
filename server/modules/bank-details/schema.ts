import { sql } from 'drizzle-orm';
import { boolean, index, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { recordTable } from '../../db/tenant-tables.ts';

export const bankDetails = recordTable(
  'bank_details',
  {
    bankName: text('bank_name').notNull(),
    accountHolderName: text('account_holder_name'),
    accountNumber: text('account_number').notNull(),
    ifscCode: text('ifsc_code').notNull(),
    branch: text('branch'),
    isActive: boolean('is_active').notNull().default(false),
  },
  (t) => [
    // At most one active account per organization, whatever the application does.
    uniqueIndex('bank_details_one_active')
      .on(t.organizationId)
      .where(sql`${t.isActive}`),
    index('bank_details_org_created_idx').on(t.organizationId, t.createdAt, t.id),
    index('bank_details_org_bank_name_idx').on(t.organizationId, sql`lower(${t.bankName})`, t.id),
  ],
);
