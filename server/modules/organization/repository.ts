import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { OrganizationProfile, OrganizationUpdate } from '../../../contract/organization.ts';
import type { Database } from '../../db/database.ts';
import { organizations } from '../../db/platform-tables.ts';
import { appendTenantAudit, auditChanges } from '../../lib/audit.ts';
import { stateWithGstin } from '../../lib/gst-state.ts';
import { staleVersion } from '../../lib/http-errors.ts';
import type { TenantContext } from '../../lib/tenant.ts';

type OrganizationRow = typeof organizations.$inferSelect;

function toProfile(row: OrganizationRow): OrganizationProfile {
  const { id, createdAt, updatedAt, ...fields } = row;
  return {
    _id: id,
    organizationId: id,
    ...fields,
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  };
}

/** Fields the profile form edits; everything else on the row is the server's. */
const EDITABLE = Object.keys(getTableColumns(organizations)).filter(
  (key) => !['id', 'version', 'createdAt', 'updatedAt'].includes(key),
) as (keyof OrganizationUpdate & keyof OrganizationRow)[];

export async function findOrganizationProfile(
  db: Database,
  tenant: TenantContext,
): Promise<OrganizationProfile | undefined> {
  const [row] = await db
    .select()
    .from(organizations)
    .where(eq(organizations.id, tenant.organizationId))
    .limit(1);
  return row ? toProfile(row) : undefined;
}

/**
 * Merges `values` into the tenant's profile when `values.version` is the stored one (else 409
 * `stale_version` with the profile as it is). The GSTIN and state are checked on the merged
 * result, a GSTIN with no state gives its state, and the change goes into the audit trail in the
 * same transaction.
 */
export async function updateOrganizationProfile(
  db: Database,
  tenant: TenantContext,
  values: OrganizationUpdate,
  now: Date,
): Promise<OrganizationProfile | undefined> {
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    const [current] = await tx
      .select()
      .from(organizations)
      .where(eq(organizations.id, tenant.organizationId))
      .for('update');
    if (!current) return undefined;
    if (current.version !== values.version) throw staleVersion(toProfile(current));

    const changes: Partial<OrganizationRow> = {};
    for (const key of EDITABLE) {
      const value = values[key];
      if (value !== undefined) Object.assign(changes, { [key]: value });
    }
    const gstin = changes.gstin === undefined ? current.gstin : changes.gstin;
    const state = changes.state === undefined ? current.state : changes.state;
    changes.state = stateWithGstin(gstin, state);

    const [row] = await tx
      .update(organizations)
      .set({ ...changes, version: sql`${organizations.version} + 1`, updatedAt: now })
      .where(eq(organizations.id, tenant.organizationId))
      .returning();
    if (!row) return undefined;
    const before = toProfile(current);
    const after = toProfile(row);
    await appendTenantAudit(txDb, tenant, {
      action: 'update',
      entity: 'organization',
      entityId: tenant.organizationId,
      changes: auditChanges(before, after),
    });
    return after;
  });
}
