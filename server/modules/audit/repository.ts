import { sql, type SQL } from 'drizzle-orm';
import type { AuditEntry, AuditListParams } from '../../../contract/audit.ts';
import type { Paged } from '../../../contract/common.ts';
import { queryRows, type Database } from '../../db/database.ts';
import { isoTimestamp } from '../../lib/sql-values.ts';
import { auditLog } from '../../db/platform-tables.ts';
import { orderByFor, pageInfo } from '../../lib/list-page.ts';
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

interface EntryRow extends Omit<AuditEntry, 'changes'> {
  '#total': number;
  '#position': number | null;
  changes: AuditEntry['changes'] | string;
}

export const auditRepository = {
  /**
   * One page, newest first, and the true total in one statement: the count is the outer row and
   * the page is joined to it, so a page past the end still carries the total.
   */
  async list(
    db: Database,
    tenant: TenantContext,
    query: AuditListParams,
  ): Promise<Paged<AuditEntry>> {
    const where = conditionsFor(tenant, query);
    const orderBy = sql.join(
      orderByFor(query.sort ?? '-at', { at: auditLog.at }, auditLog.id),
      sql`, `,
    );
    const rows = await queryRows<EntryRow>(
      db,
      sql`select counted.total as "#total", page.*
          from (select count(*)::int as total from ${auditLog} where ${where}) as counted
          left join (
            select ${auditLog.id} as "_id",
                   ${isoTimestamp(auditLog.at)} as at,
                   ${auditLog.userId} as "userId", ${auditLog.userName} as "userName",
                   ${auditLog.action} as action, ${auditLog.entity} as entity,
                   ${auditLog.entityId} as "entityId", ${auditLog.changes} as changes,
                   row_number() over (order by ${orderBy}) as "#position"
            from ${auditLog}
            where ${where}
            order by ${orderBy}
            limit ${query.limit} offset ${(query.page - 1) * query.limit}
          ) as page on true
          order by page."#position"`,
    );
    const totalCount = Number(rows[0]?.['#total'] ?? 0);
    const entries = rows
      .filter((row) => row._id !== null && row._id !== undefined)
      .map(({ '#total': _total, '#position': _position, changes, ...entry }) => ({
        ...entry,
        changes:
          typeof changes === 'string' ? (JSON.parse(changes) as AuditEntry['changes']) : changes,
      })) as AuditEntry[];
    return pageInfo(entries, totalCount, query.page, query.limit);
  },
};
