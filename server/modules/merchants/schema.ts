import { sql } from 'drizzle-orm';
import { index, text } from 'drizzle-orm/pg-core';
import { recordTable } from '../../db/tenant-tables.ts';

export const merchants = recordTable(
  'merchants',
  {
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
  },
  (t) => [
    // Plain ascending: scanned backwards it serves the default `-createdAt, -_id` order exactly
    // (DESC NULLS FIRST), forwards it serves `createdAt`.
    index('merchants_org_created_idx').on(t.organizationId, t.createdAt, t.id),
    index('merchants_org_name_idx').on(t.organizationId, sql`lower(${t.name})`, t.id),
  ],
);
