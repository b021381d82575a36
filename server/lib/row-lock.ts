import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../db/database.ts';
import type { TenantContext } from './tenant.ts';

/**
 * One of the organization's rows, locked until the transaction ends, so that two writers to it
 * take turns and the second reads what the first left; undefined when the organization has no
 * such row. `columns` is the select list, in the table's own column names.
 */
export async function lockTenantRow<Row>(
  db: Database,
  tenant: TenantContext,
  table: string,
  id: string,
  columns: SQL,
): Promise<Row | undefined> {
  const [row] = await queryRows<Row>(
    db,
    sql`select ${columns} from ${sql.identifier(table)}
        where organization_id = ${tenant.organizationId} and id = ${id}
        for update`,
  );
  return row;
}
