import { sql, type SQL } from 'drizzle-orm';
import type { AuditEntry, AuditListParams } from '../../../contract/audit.ts';
import type { Paged } from '../../../contract/common.ts';
import type { Database } from '../../db/database.ts';
import { isoTimestamp } from '../../lib/sql-values.ts';
import { auditLog } from '../../db/platform-tables.ts';
import { pagedRecords } from '../../lib/paged-records.ts';
import type { TenantContext } from '../../lib/tenant.ts';

/**
 * The zone a calendar day of the filters is read in: the server's own, where the people who run
 * it work. `startDate` 2025-04-01 means from that local midnight; `endDate` includes its whole day.
 */
export const AUDIT_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

const localMidnight = (day: string, daysAfter: number) =>
  sql`((${day}::date + ${daysAfter}::int)::timestamp at time zone ${AUDIT_TIME_ZONE})`;

function conditionsFor(tenant: TenantContext, query: AuditListParams): SQL {
  const conditions: SQL[] = [sql`${auditLog.organizationId} = ${tenant.organizationId}`];
  if (query.entity) conditions.push(sql`${auditLog.entity} = ${query.entity}`);
  if (query.entityId) conditions.push(sql`${auditLog.entityId} = ${query.entityId}`);
  if (query.userId) conditions.push(sql`${auditLog.userId} = ${query.userId}`);
  if (query.startDate) conditions.push(sql`${auditLog.at} >= ${localMidnight(query.startDate, 0)}`);
  if (query.endDate) conditions.push(sql`${auditLog.at} < ${localMidnight(query.endDate, 1)}`);
  return sql.join(conditions, sql` and `);
}

/** The API entry of the `audit_log` row in scope. */
const entryRecord = sql`json_build_object(
  '_id', ${auditLog.id},
  'at', ${isoTimestamp(auditLog.at)},
  'userId', ${auditLog.userId},
  'userName', ${auditLog.userName},
  'action', ${auditLog.action},
  'entity', ${auditLog.entity},
  'entityId', ${auditLog.entityId},
  'changes', ${auditLog.changes}
)`;

export const auditRepository = {
  /** One page, newest first, and the true total (a page past the end still carries it). */
  list(db: Database, tenant: TenantContext, query: AuditListParams): Promise<Paged<AuditEntry>> {
    return pagedRecords(db, {
      table: 'audit_log',
      organizationId: tenant.organizationId,
      where: conditionsFor(tenant, query),
      sort: query.sort ?? '-at',
      sortable: { at: auditLog.at },
      idColumn: auditLog.id,
      record: entryRecord,
      page: query.page,
      limit: query.limit,
      normalize: (raw) => raw as AuditEntry,
    });
  },
};
