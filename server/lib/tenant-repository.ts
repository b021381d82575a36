import { eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';
import type { Paged } from '../../contract/common.ts';
import type { Database } from '../db/client.ts';
import { mapDatabaseError, type ConflictMessages } from './db-errors.ts';
import {
  buildFilterConditions,
  orderByFor,
  pageInfo,
  type FilterDefinitions,
  type SortableFields,
} from './list-page.ts';
import { tenantScope, type TenantContext } from './tenant.ts';

/** Every tenant table: primary key (organization_id, id) and the two timestamps. */
export type TenantTable = PgTable & {
  organizationId: PgColumn;
  id: PgColumn;
  createdAt: PgColumn;
  updatedAt: PgColumn;
};

export interface ListParams {
  page: number;
  limit: number;
  sort?: string | undefined;
}

export interface TenantRepositoryConfig<Query extends ListParams> {
  table: TenantTable;
  filters: FilterDefinitions<Omit<Query, keyof ListParams>>;
  sortable: SortableFields;
  /** Used when the query has no `sort`; API.md: `-createdAt` unless a resource says otherwise. */
  defaultSort?: string;
  /** Order of `GET /all` (pick lists), e.g. lower(name). */
  pickListOrder: PgColumn | SQL;
  pickListLimit?: number;
  conflicts?: ConflictMessages;
}

export interface TenantRepository<RecordT, CreateT, UpdateT, Query extends ListParams> {
  list(db: Database, tenant: TenantContext, query: Query): Promise<Paged<RecordT>>;
  all(db: Database, tenant: TenantContext): Promise<RecordT[]>;
  findById(db: Database, tenant: TenantContext, id: string): Promise<RecordT | undefined>;
  create(db: Database, tenant: TenantContext, values: CreateT): Promise<RecordT>;
  /** Merges the defined keys of `values`; undefined when the record does not exist. */
  update(
    db: Database,
    tenant: TenantContext,
    id: string,
    values: UpdateT,
  ): Promise<RecordT | undefined>;
  /** The deleted id, or undefined when the record does not exist. */
  remove(db: Database, tenant: TenantContext, id: string): Promise<string | undefined>;
}

/** Row as drizzle returns it -> API record: `id` travels as `_id`, timestamps as ISO strings. */
export function toApiRecord<RecordT>(row: Record<string, unknown>): RecordT {
  const record: Record<string, unknown> = { _id: row.id };
  for (const [key, value] of Object.entries(row)) {
    if (key === 'id') continue;
    record[key] = value instanceof Date ? value.toISOString() : value;
  }
  return record as RecordT;
}

function definedEntries(values: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values).filter(
      ([key, value]) => value !== undefined && key !== 'organizationId',
    ),
  );
}

/** Fields a client never sets directly, whatever reaches the repository. */
const SERVER_OWNED = new Set(['id', 'organizationId', 'createdAt', 'updatedAt']);

function writableValues(values: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(definedEntries(values)).filter(([key]) => !SERVER_OWNED.has(key)),
  );
}

async function translateErrors<T>(
  work: Promise<T>,
  conflicts: ConflictMessages | undefined,
): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw mapDatabaseError(error, conflicts) ?? error;
  }
}

export function createTenantRepository<
  RecordT,
  CreateT extends object,
  UpdateT extends object,
  Query extends ListParams,
>(config: TenantRepositoryConfig<Query>): TenantRepository<RecordT, CreateT, UpdateT, Query> {
  const { table } = config;
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const columnKeys = Object.keys(columns);
  const defaultSort = config.defaultSort ?? '-createdAt';
  const pickListLimit = config.pickListLimit ?? 1000;

  return {
    async list(db, tenant, query) {
      const where = tenantScope(
        table,
        tenant,
        ...buildFilterConditions(config.filters, query as Omit<Query, keyof ListParams>),
      );
      const orderBy = orderByFor(query.sort ?? defaultSort, config.sortable, table.id);
      const offset = (query.page - 1) * query.limit;

      // One round trip: the count is the outer row and the page is joined to it LATERAL, so a
      // page past the end still yields one row carrying the true total.
      const counted = db
        .select({ total: sql<number>`count(*)::int`.as('total') })
        .from(table)
        .where(where)
        .as('counted');
      const page = db
        .select({
          ...columns,
          position: sql<number>`row_number() over (order by ${sql.join(orderBy, sql`, `)})`.as(
            'position',
          ),
        })
        .from(table)
        .where(where)
        .orderBy(...orderBy)
        .limit(query.limit)
        .offset(offset)
        .as('page');
      const pageColumns = page as unknown as Record<string, SQL.Aliased | PgColumn>;
      const selection: Record<string, unknown> = { total: counted.total };
      for (const key of columnKeys) selection[`row_${key}`] = pageColumns[key];
      const rows = (await db
        .select(selection as { total: typeof counted.total })
        .from(counted)
        .leftJoinLateral(page, sql`true`)
        .orderBy(sql`${pageColumns.position}`)) as Record<string, unknown>[];

      const totalCount = Number(rows[0]?.total ?? 0);
      const records = rows
        .filter((row) => row.row_id !== null && row.row_id !== undefined)
        .map((row) =>
          toApiRecord<RecordT>(
            Object.fromEntries(columnKeys.map((key) => [key, row[`row_${key}`]])),
          ),
        );
      return pageInfo(records, totalCount, query.page, query.limit);
    },

    async all(db, tenant) {
      const rows = await db
        .select()
        .from(table)
        .where(tenantScope(table, tenant))
        .orderBy(config.pickListOrder, table.id)
        .limit(pickListLimit);
      return rows.map((row) => toApiRecord<RecordT>(row as Record<string, unknown>));
    },

    async findById(db, tenant, id) {
      const [row] = await db
        .select()
        .from(table)
        .where(tenantScope(table, tenant, eq(table.id, id)))
        .limit(1);
      return row ? toApiRecord<RecordT>(row) : undefined;
    },

    async create(db, tenant, values) {
      const now = new Date();
      const insert = {
        ...writableValues(values),
        id: uuidv7(),
        organizationId: tenant.organizationId,
        createdAt: now,
        updatedAt: now,
      };
      const [row] = await translateErrors(
        db
          .insert(table)
          .values(insert as never)
          .returning(),
        config.conflicts,
      );
      return toApiRecord<RecordT>(row as Record<string, unknown>);
    },

    async update(db, tenant, id, values) {
      const changes = { ...writableValues(values), updatedAt: new Date() };
      const rows = await translateErrors(
        db
          .update(table)
          .set(changes as never)
          .where(tenantScope(table, tenant, eq(table.id, id)))
          .returning(),
        config.conflicts,
      );
      const [row] = rows as Record<string, unknown>[];
      return row ? toApiRecord<RecordT>(row) : undefined;
    },

    async remove(db, tenant, id) {
      const rows = await translateErrors(
        db
          .delete(table)
          .where(tenantScope(table, tenant, eq(table.id, id)))
          .returning({ id: table.id }),
        config.conflicts,
      );
      return (rows[0]?.id as string | undefined) ?? undefined;
    },
  };
}
