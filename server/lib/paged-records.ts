import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Paged } from '../../contract/common.ts';
import { queryRows, type Database } from '../db/database.ts';
import { orderByFor, pageInfo, type SortableFields } from './list-page.ts';

interface PagedRecordsQuery<T> {
  /** The tenant table listed, by its SQL name (`bills`); its key is `(organization_id, id)`. */
  table: string;
  organizationId: string;
  /** The list's conditions on `table`, tenant scope included. */
  where: SQL;
  /** The list's `sort` (`-billDate`), resolved through `sortable`, then `idColumn` to break ties. */
  sort: string;
  sortable: SortableFields;
  idColumn: PgColumn;
  /** The API record of the `table` row in scope, built in SQL. */
  record: SQL;
  /** What `record` reads beside the row: joins after `table`'s own. */
  joins?: SQL;
  page: number;
  limit: number;
  normalize: (raw: unknown) => T;
}

/**
 * One page of a list and the count of all it matches, in one statement: the count is the outer
 * row, the page's ids come from the index first and records are built only for them.
 */
export async function pagedRecords<T>(
  db: Database,
  query: PagedRecordsQuery<T>,
): Promise<Paged<T>> {
  const table = sql.identifier(query.table);
  const orderBy = sql.join(orderByFor(query.sort, query.sortable, query.idColumn), sql`, `);
  const rows = await queryRows<{ total: number; record: unknown }>(
    db,
    sql`select counted.total, records.record
        from (select count(*)::int as total from ${table} where ${query.where}) as counted
        left join (
          select ${query.record} as record, row_number() over (order by ${orderBy}) as position
          from (
            select ${table}.id from ${table}
            where ${query.where}
            order by ${orderBy}
            limit ${query.limit} offset ${(query.page - 1) * query.limit}
          ) as page
          join ${table} on ${table}.organization_id = ${query.organizationId} and ${table}.id = page.id
          ${query.joins ?? sql``}
        ) as records on true
        order by records.position`,
  );
  const totalCount = Number(rows[0]?.total ?? 0);
  const records = rows
    .filter((row) => row.record !== null && row.record !== undefined)
    .map((row) => query.normalize(row.record));
  return pageInfo(records, totalCount, query.page, query.limit);
}
