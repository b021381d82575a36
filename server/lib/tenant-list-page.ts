import type { SQL } from 'drizzle-orm';
import { getTableName } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Paged } from '../../contract/common.ts';
import type { Database } from '../db/database.ts';
import { buildFilterConditions, type FilterDefinitions, type SortableFields } from './list-page.ts';
import { pagedRecords } from './paged-records.ts';
import { tenantScope, type TenantContext, type TenantScopedTable } from './tenant.ts';

/** An area's list as its repository states it once; the query brings the filters and the page. */
interface TenantList<T, Filters> {
  table: PgTable & TenantScopedTable & { id: PgColumn };
  filters: FilterDefinitions<Filters>;
  /** The sort when the query names none (`-billDate`). */
  defaultSort: string;
  sortable: SortableFields;
  /** The API record of the row, built in SQL. */
  record: SQL;
  /** What `record` reads beside the row. */
  joins?: SQL;
  normalize: (raw: unknown) => T;
}

interface PageQuery {
  sort?: string | undefined;
  page: number;
  limit: number;
}

/** One page of the tenant's rows of `list.table` that the query's filters match, and their count. */
function tenantListPage<T, Filters extends Record<string, unknown>>(
  db: Database,
  tenant: TenantContext,
  query: NoInfer<Filters> & PageQuery,
  list: TenantList<T, Filters>,
): Promise<Paged<T>> {
  return pagedRecords(db, {
    table: getTableName(list.table),
    organizationId: tenant.organizationId,
    where: tenantScope(list.table, tenant, ...buildFilterConditions(list.filters, query)),
    sort: query.sort ?? list.defaultSort,
    sortable: list.sortable,
    idColumn: list.table.id,
    record: list.record,
    joins: list.joins,
    page: query.page,
    limit: query.limit,
    normalize: list.normalize,
  });
}

/**
 * A repository's `list`, made from its list as stated once: the query's filters and page are the
 * only thing that changes between calls.
 */
export function tenantLister<T, Filters extends Record<string, unknown>>(
  list: TenantList<T, Filters>,
) {
  return (db: Database, tenant: TenantContext, query: Filters & PageQuery): Promise<Paged<T>> =>
    tenantListPage(db, tenant, query, list);
}
