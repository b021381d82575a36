import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { recordVersion, timestamps } from '../../db/columns.ts';
import { tenantColumns } from '../../db/platform-tables.ts';

export const merchants = pgTable(
  'merchants',
  {
    ...tenantColumns(),
    name: text('name').notNull(),
    contactPerson: text('contact_person'),
    phone: text('phone'),
    email: text('email'),
    address: text('address'),
    city: text('city'),
    gstin: text('gstin'),
    /** Two-digit GST state code; taken from the GSTIN when one is given. */
    state: text('state'),
    notes: text('notes'),
    ...recordVersion,
    ...timestamps,
  },
  (t) => [
    primaryKey({ name: 'merchants_pkey', columns: [t.organizationId, t.id] }),
    // Plain ascending: scanned backwards it serves the default `-createdAt, -_id` order exactly
    // (DESC NULLS FIRST), forwards it serves `createdAt`.
    index('merchants_org_created_idx').on(t.organizationId, t.createdAt, t.id),
    index('merchants_org_name_idx').on(t.organizationId, sql`lower(${t.name})`, t.id),
  ],
);
