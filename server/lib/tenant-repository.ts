import { eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { PgTransaction, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';
import type { AuditEntity } from '../../contract/audit.ts';
import type { Paged } from '../../contract/common.ts';
import type { z } from 'zod';
import { queryRows, type Database } from '../db/database.ts';
import { isoTimestamp } from './sql-values.ts';
import { appendAudit, auditChanges } from './audit.ts';
import { mapDatabaseError, type ConflictMessages } from './db-errors.ts';
import { staleVersion } from './http-errors.ts';
import {
  buildFilterConditions,
  orderByFor,
  pageInfo,
  type FilterDefinitions,
  type SortableFields,
} from './list-page.ts';
import { tenantScope, type TenantContext } from './tenant.ts';
import { keysetRows } from './csv-export.ts';

/** Every tenant table: primary key (organization_id, id), the version and the two timestamps. */
export type TenantTable = PgTable & {
  organizationId: PgColumn;
  id: PgColumn;
  version: PgColumn;
  createdAt: PgColumn;
  updatedAt: PgColumn;
};

/** The version a write says it read; undefined when it names none (an unchecked action). */
export function expectedVersionOf(values: unknown): number | undefined {
  const version = (values as { version?: unknown } | null | undefined)?.version;
  return typeof version === 'number' ? version : undefined;
}

/**
 * Runs `work` in a transaction, or in the caller's when `db` already is one (a repository that
 * wraps another in its own transaction), so a write and its audit entry commit together without
 * a savepoint per nesting level.
 */
export function inTransaction<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  if (db instanceof PgTransaction) return work(db as unknown as Database);
  return db.transaction((transaction) => work(transaction as unknown as Database));
}

/** `set` value of every write: the stored version plus one, computed by the database. */
export const nextVersion = (table: { version: PgColumn }) => sql`${table.version} + 1`;

/**
 * The condition that makes a write refuse itself when the stored version is not the one the
 * client read; none when the client named no version.
 */
export const versionMatches = (table: { version: PgColumn }, expected: number | undefined) =>
  expected === undefined ? undefined : eq(table.version, expected);

/**
 * A versioned write changed nothing: the record is either gone (undefined, a 404) or was changed
 * since the client read it (409 `stale_version` carrying the record as it is now).
 */
export async function missingOrStale<RecordT>(
  readCurrent: () => Promise<RecordT | undefined>,
): Promise<undefined> {
  const current = await readCurrent();
  if (current === undefined) return undefined;
  throw staleVersion(current);
}

export interface ListParams {
  page: number;
  limit: number;
  sort?: string | undefined;
}

export interface TenantRepositoryConfig<Query extends ListParams> {
  table: TenantTable;
  /** What the audit trail calls a record of this table. */
  entity: AuditEntity;
  filters: FilterDefinitions<Omit<Query, keyof ListParams>>;
  sortable: SortableFields;
  /** Used when the query has no `sort`: `-createdAt` unless a resource says otherwise. */
  defaultSort?: string;
  /** Order of `GET /all` (pick lists), e.g. lower(name). */
  pickListOrder: PgColumn | SQL;
  pickListLimit?: number;
  conflicts?: ConflictMessages;
}

/** A CRUD area's schemas as its contract exports them (`designSchemas`); its types follow. */
interface AreaSchemas {
  record: z.ZodType;
  create: z.ZodType<object>;
  update: z.ZodType<object>;
  listQuery: z.ZodType;
}

/** The repository of the area whose contract exports `Schemas`. */
export type RepositoryOf<Schemas extends AreaSchemas> = TenantRepository<
  z.output<Schemas['record']>,
  z.output<Schemas['create']>,
  z.output<Schemas['update']>,
  z.output<Schemas['listQuery']> & ListParams
>;

export interface TenantRepository<RecordT, CreateT, UpdateT, Query extends ListParams> {
  list(db: Database, tenant: TenantContext, query: Query): Promise<Paged<RecordT>>;
  all(db: Database, tenant: TenantContext): Promise<RecordT[]>;
  findById(db: Database, tenant: TenantContext, id: string): Promise<RecordT | undefined>;
  create(db: Database, tenant: TenantContext, values: CreateT): Promise<RecordT>;
  /**
   * Merges the defined keys of `values` and bumps the version; undefined when the record does not
   * exist. When `values.version` is given and is not the stored one, throws 409 `stale_version`.
   */
  update(
    db: Database,
    tenant: TenantContext,
    id: string,
    values: UpdateT,
  ): Promise<RecordT | undefined>;
  /** The deleted id, or undefined when the record does not exist. */
  remove(db: Database, tenant: TenantContext, id: string): Promise<string | undefined>;
  /** Every record the list query matches (all pages), in its order, fetched page by page. */
  exportRows(
    db: Database,
    tenant: TenantContext,
    query: Omit<Query, 'page' | 'limit'>,
  ): AsyncGenerator<RecordT>;
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

/**
 * A select list that makes the database return rows already shaped as `toApiRecord` shapes them:
 * the same keys in the same order, timestamps as `toISOString()` writes them, money as numbers,
 * calendar dates as `yyyy-MM-dd`. Large pick lists then skip the per-row mapping in JavaScript.
 */
export function apiRecordSelection(columns: Record<string, PgColumn>): SQL {
  const entries = Object.entries(columns).filter(([key]) => key !== 'id');
  const fields = [['_id', columns.id] as const, ...entries].map(([key, column]) => {
    if (!column) throw new Error('A tenant table has an id column');
    let value: SQL | PgColumn = column;
    if (column.columnType === 'PgTimestamp') {
      value = isoTimestamp(column);
    } else if (column.columnType === 'PgNumericNumber') {
      value = sql`${column}::float8`;
    } else if (column.columnType === 'PgDateString') {
      value = sql`to_char(${column}, 'YYYY-MM-DD')`;
    }
    return sql`${value} as ${sql.identifier(key)}`;
  });
  return sql.join(fields, sql`, `);
}

function definedEntries(values: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values).filter(
      ([key, value]) => value !== undefined && key !== 'organizationId',
    ),
  );
}

/** Fields a client never sets directly, whatever reaches the repository. */
const SERVER_OWNED = new Set(['id', 'organizationId', 'version', 'createdAt', 'updatedAt']);

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

export function createTenantRepository<Schemas extends AreaSchemas>(
  config: TenantRepositoryConfig<z.output<Schemas['listQuery']> & ListParams>,
): RepositoryOf<Schemas> {
  type RecordT = z.output<Schemas['record']>;
  type Query = z.output<Schemas['listQuery']> & ListParams;
  const { table } = config;
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const defaultSort = config.defaultSort ?? '-createdAt';
  const pickListLimit = config.pickListLimit ?? 1000;
  const apiRecordColumns = apiRecordSelection(columns);

  async function findById(db: Database, tenant: TenantContext, id: string) {
    const [row] = await db
      .select()
      .from(table)
      .where(tenantScope(table, tenant, eq(table.id, id)))
      .limit(1);
    return row ? toApiRecord<RecordT>(row) : undefined;
  }

  /** The stored row, locked until the transaction ends, so its "before" is what gets changed. */
  async function lockRow(tx: Database, tenant: TenantContext, id: string) {
    const [row] = await tx
      .select()
      .from(table)
      .where(tenantScope(table, tenant, eq(table.id, id)))
      .for('update');
    return row;
  }

  const auditSubject = (tenant: TenantContext, entityId: string) => ({
    organizationId: tenant.organizationId,
    userId: tenant.userId,
    entity: config.entity,
    entityId,
  });

  return {
    async list(db, tenant, query) {
      const where = tenantScope(
        table,
        tenant,
        ...buildFilterConditions(config.filters, query as Omit<Query, keyof ListParams>),
      );
      const orderBy = sql.join(
        orderByFor(query.sort ?? defaultSort, config.sortable, table.id),
        sql`, `,
      );
      const offset = (query.page - 1) * query.limit;

      // One round trip: the count is the outer row and the page is joined to it, so a page past
      // the end still yields one row carrying the true total. The page's ids are chosen from the
      // index first; only those rows are read from the table.
      const rows = await queryRows<Record<string, unknown>>(
        db,
        sql`select counted.total as "#total", records.*
            from (select count(*)::int as total from ${table} where ${where}) as counted
            left join (
              select ${apiRecordColumns}, row_number() over (order by ${orderBy}) as "#position"
              from (
                select ${table.id} from ${table}
                where ${where}
                order by ${orderBy}
                limit ${query.limit} offset ${offset}
              ) as page
              join ${table}
                on ${table.organizationId} = ${tenant.organizationId} and ${table.id} = page.id
            ) as records on true
            order by records."#position"`,
      );

      const totalCount = Number(rows[0]?.['#total'] ?? 0);
      const records = rows
        .filter((row) => row._id !== null && row._id !== undefined)
        .map(({ '#total': _total, '#position': _position, ...record }) => record as RecordT);
      return pageInfo(records, totalCount, query.page, query.limit);
    },

    async all(db, tenant) {
      return queryRows<RecordT>(
        db,
        sql`select ${apiRecordColumns} from ${table}
            where ${tenantScope(table, tenant)}
            order by ${config.pickListOrder}, ${table.id}
            limit ${pickListLimit}`,
      );
    },

    findById,

    async *exportRows(db, tenant, query) {
      yield* keysetRows<Record<string, unknown>>(db, {
        select: apiRecordColumns,
        from: sql`${table}`,
        where: tenantScope(
          table,
          tenant,
          ...buildFilterConditions(config.filters, query as Omit<Query, keyof ListParams>),
        ),
        sort: query.sort ?? defaultSort,
        sortable: config.sortable,
        idColumn: table.id,
      }) as AsyncGenerator<RecordT>;
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
      return inTransaction(db, async (tx) => {
        const [row] = await translateErrors(
          tx
            .insert(table)
            .values(insert as never)
            .returning(),
          config.conflicts,
        );
        const record = toApiRecord<Record<string, unknown>>(row as Record<string, unknown>);
        await appendAudit(tx, {
          ...auditSubject(tenant, record._id as string),
          action: 'create',
          changes: auditChanges(undefined, record),
        });
        return record as RecordT;
      });
    },

    async update(db, tenant, id, values) {
      const expected = expectedVersionOf(values);
      const changes = {
        ...writableValues(values),
        version: nextVersion(table),
        updatedAt: new Date(),
      };
      return inTransaction(db, async (tx) => {
        const before = await lockRow(tx, tenant, id);
        if (!before) return undefined;
        const rows = await translateErrors(
          tx
            .update(table)
            .set(changes as never)
            .where(tenantScope(table, tenant, eq(table.id, id), versionMatches(table, expected)))
            .returning(),
          config.conflicts,
        );
        const [row] = rows as Record<string, unknown>[];
        if (!row) return missingOrStale(() => findById(tx, tenant, id));
        const record = toApiRecord<Record<string, unknown>>(row);
        await appendAudit(tx, {
          ...auditSubject(tenant, id),
          action: 'update',
          changes: auditChanges(toApiRecord(before), record),
        });
        return record as RecordT;
      });
    },

    async remove(db, tenant, id) {
      return inTransaction(db, async (tx) => {
        // RETURNING gives the row as it was when deleted: the "before" of the entry, read and
        // removed in one statement, so no other write can slip in between.
        const rows = await translateErrors(
          tx
            .delete(table)
            .where(tenantScope(table, tenant, eq(table.id, id)))
            .returning(),
          config.conflicts,
        );
        const [row] = rows as Record<string, unknown>[];
        if (!row) return undefined;
        await appendAudit(tx, {
          ...auditSubject(tenant, id),
          action: 'delete',
          changes: auditChanges(toApiRecord(row), undefined),
        });
        return row.id as string;
      });
    },
  };
}
