import type { AuditAction, AuditEntity } from '../../../contract/audit.ts';
import type { Database } from '../../db/database.ts';
import { appendTenantAudit, auditChanges, type AuditChanges } from '../../lib/audit.ts';
import type { TenantContext } from '../../lib/tenant.ts';

/**
 * The trail writer of one entity of the money modules: the entry is the signed-in user's and goes
 * in with the write's transaction.
 */
export const tenantAudit =
  (entity: AuditEntity) =>
  (
    db: Database,
    tenant: TenantContext,
    action: AuditAction,
    entityId: string,
    changes: AuditChanges,
  ) =>
    appendTenantAudit(db, tenant, { action, entity, entityId, changes });

/** A cancel changes the status and gives its reason; the rest of the document stays as it was. */
export const cancelChanges = (
  before: { status: string },
  after: { status: string; cancelReason: string | null },
) =>
  auditChanges(
    { status: before.status, cancelReason: null },
    { status: after.status, cancelReason: after.cancelReason },
  );
