import { pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { instant } from '../../db/columns.ts';
import { organizations } from '../../db/platform-tables.ts';

/**
 * A sample workshop (the demo data in an organization of its own) and the organization that asked
 * for it, at most one each. Neither column is `organization_id`, so the link stays out of backups
 * and of the tenant tables: it belongs to neither set of books. The opening token is what the new
 * tab redeems, once, for a session of the sample's owner; only its hash is kept.
 */
export const sampleWorkshops = pgTable(
  'sample_workshops',
  {
    sampleOrganizationId: uuid('sample_organization_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    realOrganizationId: uuid('real_organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    createdAt: instant('created_at').notNull(),
    openingTokenHash: text('opening_token_hash'),
    openingExpiresAt: instant('opening_expires_at'),
  },
  (t) => [
    uniqueIndex('sample_workshops_real_unique').on(t.realOrganizationId),
    uniqueIndex('sample_workshops_opening_unique').on(t.openingTokenHash),
  ],
);
