import { pgTable, uuid } from 'drizzle-orm/pg-core';
import { instant } from '../../db/columns.ts';
import { organizations, users } from '../../db/platform-tables.ts';

/**
 * The landing page's setup checklist, put away by an owner or admin. Its steps tick from the
 * records themselves; only the dismissal is stored, once per organization.
 */
export const setupChecklistDismissals = pgTable('setup_checklist_dismissals', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  dismissedBy: uuid('dismissed_by').references(() => users.id, { onDelete: 'set null' }),
  dismissedAt: instant('dismissed_at').notNull(),
});
