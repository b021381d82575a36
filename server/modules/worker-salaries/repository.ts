import { and, count, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type {
  WorkerSalary,
  WorkerSalaryCreate,
  WorkerSalaryListParams,
  WorkerSalarySummary,
  WorkerSalarySummaryParams,
  WorkerSalaryUpdate,
} from '../../../contract/worker-salaries.ts';
import { WORKER_SALARY_DEFAULT_SORT } from '../../../contract/worker-salaries.ts';
import { queryRows, type Database } from '../../db/database.ts';
import { workers } from '../workers/schema.ts';
import { workerSalaries } from './schema.ts';
import { findPostgresError } from '../../lib/db-errors.ts';
import { badRequest } from '../../lib/http-errors.ts';
import {
  buildFilterConditions,
  equalsValue,
  orderByFor,
  pageInfo,
  type FilterDefinitions,
} from '../../lib/list-page.ts';
import { tenantScope, type TenantContext } from '../../lib/tenant.ts';
import { recordAuditor } from '../../lib/audit.ts';
import { keysetRows } from '../../lib/csv-export.ts';
import {
  apiRecordSelection,
  expectedVersionOf,
  inTransaction,
  missingOrStale,
  nextVersion,
  toApiRecord,
  versionMatches,
  type ListParams,
  type TenantRepository,
} from '../../lib/tenant-repository.ts';
import { v7 as uuidv7 } from 'uuid';
import { jsonColumn } from '../../lib/sql-values.ts';

type Filters = Omit<WorkerSalaryListParams, keyof ListParams>;

const filters: FilterDefinitions<Filters> = {
  workerId: equalsValue<string>(workerSalaries.workerId),
  paymentType: equalsValue<string>(workerSalaries.paymentType),
  paymentMethod: equalsValue<string>(workerSalaries.paymentMethod),
  month: equalsValue<number>(workerSalaries.month),
  year: equalsValue<number>(workerSalaries.year),
  startDate: (value) => sql`${workerSalaries.paymentDate} >= ${value}`,
  endDate: (value) => sql`${workerSalaries.paymentDate} <= ${value}`,
  minAmount: (value) => sql`${workerSalaries.amount} >= ${value}`,
  maxAmount: (value) => sql`${workerSalaries.amount} <= ${value}`,
};

const sortable = {
  paymentDate: workerSalaries.paymentDate,
  amount: workerSalaries.amount,
  createdAt: workerSalaries.createdAt,
};

const salaryColumns = getTableColumns(workerSalaries);

/** The worker row of the same organization; the composite foreign key guarantees it exists. */
const workerOfSalary = and(
  eq(workers.organizationId, workerSalaries.organizationId),
  eq(workers.id, workerSalaries.workerId),
);

type SalaryRow = typeof workerSalaries.$inferSelect & { workerName: string };

function toRecord(row: SalaryRow): WorkerSalary {
  const { workerName, ...salary } = row;
  const record = toApiRecord<Omit<WorkerSalary, 'worker'>>(salary);
  return { ...record, worker: { _id: row.workerId, name: workerName } };
}

function selectWithWorker(db: Database) {
  return db
    .select({ ...salaryColumns, workerName: workers.name })
    .from(workerSalaries)
    .innerJoin(workers, workerOfSalary);
}

const UNKNOWN_WORKER_MESSAGE = 'Worker not found';

/** A worker id outside the organization breaks the composite foreign key: a 400 on that field. */
async function rejectUnknownWorker<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    const pgError = findPostgresError(error);
    if (pgError?.code === '23503' && pgError.constraint === 'worker_salaries_worker_fk') {
      throw badRequest('Validation failed', [
        { path: 'workerId', code: 'not_found', message: UNKNOWN_WORKER_MESSAGE },
      ]);
    }
    throw error;
  }
}

async function findById(db: Database, tenant: TenantContext, id: string) {
  const [row] = await selectWithWorker(db)
    .where(tenantScope(workerSalaries, tenant, eq(workerSalaries.id, id)))
    .limit(1);
  return row ? toRecord(row) : undefined;
}

export const workerSalaryRepository: TenantRepository<
  WorkerSalary,
  WorkerSalaryCreate,
  WorkerSalaryUpdate,
  WorkerSalaryListParams
> = {
  async list(db, tenant, query) {
    const where = tenantScope(workerSalaries, tenant, ...buildFilterConditions(filters, query));
    const orderBy = orderByFor(
      query.sort ?? WORKER_SALARY_DEFAULT_SORT,
      sortable,
      workerSalaries.id,
    );
    // The window count is taken before LIMIT, so the page and its total come in one query.
    const rows = await db
      .select({
        ...salaryColumns,
        workerName: workers.name,
        totalCount: sql<number>`count(*) over ()`.mapWith(Number),
      })
      .from(workerSalaries)
      .innerJoin(workers, workerOfSalary)
      .where(where)
      .orderBy(...orderBy)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit);

    let totalCount = rows[0]?.totalCount ?? 0;
    if (rows.length === 0 && query.page > 1) {
      // Past the last page there is no row to carry the total.
      const [counted] = await db.select({ total: count() }).from(workerSalaries).where(where);
      totalCount = counted?.total ?? 0;
    }
    const records = rows.map(({ totalCount: _total, ...row }) => toRecord(row));
    return pageInfo(records, totalCount, query.page, query.limit);
  },

  async all(db, tenant) {
    const rows = await selectWithWorker(db)
      .where(tenantScope(workerSalaries, tenant))
      .orderBy(desc(workerSalaries.paymentDate), desc(workerSalaries.id))
      .limit(1000);
    return rows.map(toRecord);
  },

  findById,

  async *exportRows(db, tenant, query) {
    const rows = keysetRows<Record<string, unknown>>(db, {
      select: sql`${apiRecordSelection(salaryColumns)}, ${workers.name} as "#workerName"`,
      from: sql`${workerSalaries} inner join ${workers} on ${workerOfSalary}`,
      where: tenantScope(workerSalaries, tenant, ...buildFilterConditions(filters, query)),
      sort: query.sort ?? WORKER_SALARY_DEFAULT_SORT,
      sortable,
      idColumn: workerSalaries.id,
    });
    for await (const { '#workerName': workerName, ...salary } of rows) {
      const record = salary as Omit<WorkerSalary, 'worker'>;
      yield { ...record, worker: { _id: record.workerId, name: workerName as string } };
    }
  },

  async create(db, tenant, values) {
    const { organizationId: _organizationId, ...fields } = values;
    const now = new Date();
    const id = uuidv7();
    return inTransaction(db, async (tx) => {
      const [row] = await rejectUnknownWorker(
        tx
          .insert(workerSalaries)
          .values({
            ...fields,
            notes: fields.notes ?? null,
            id,
            organizationId: tenant.organizationId,
            createdBy: tenant.userId,
            updatedBy: null,
            createdAt: now,
            updatedAt: now,
          })
          .returning(),
      );
      if (!row) throw new Error('Created salary entry was not returned');
      await appendSalaryAudit(tx, tenant, id, 'create', undefined, row);
      const created = await findById(tx, tenant, id);
      if (!created) throw new Error('Created salary entry could not be read back');
      return created;
    });
  },

  async update(db, tenant, id, values) {
    const expected = expectedVersionOf(values);
    const changes: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(values)) {
      if (value !== undefined && key !== 'organizationId' && key !== 'version') {
        changes[key] = value;
      }
    }
    return inTransaction(db, async (tx) => {
      const [before] = await tx
        .select()
        .from(workerSalaries)
        .where(tenantScope(workerSalaries, tenant, eq(workerSalaries.id, id)))
        .for('update');
      if (!before) return undefined;
      const [row] = await rejectUnknownWorker(
        tx
          .update(workerSalaries)
          .set({
            ...changes,
            updatedBy: tenant.userId,
            updatedAt: new Date(),
            version: nextVersion(workerSalaries),
          })
          .where(
            tenantScope(
              workerSalaries,
              tenant,
              eq(workerSalaries.id, id),
              versionMatches(workerSalaries, expected),
            ),
          )
          .returning(),
      );
      if (!row) return missingOrStale(() => findById(tx, tenant, id));
      await appendSalaryAudit(tx, tenant, id, 'update', before, row);
      return findById(tx, tenant, id);
    });
  },

  async remove(db, tenant, id) {
    return inTransaction(db, async (tx) => {
      // RETURNING gives the entry as it was: the "before" of the trail, in the same statement.
      const [row] = await tx
        .delete(workerSalaries)
        .where(tenantScope(workerSalaries, tenant, eq(workerSalaries.id, id)))
        .returning();
      if (!row) return undefined;
      await appendSalaryAudit(tx, tenant, id, 'delete', row, undefined);
      return row.id;
    });
  },
};

type StoredSalary = typeof workerSalaries.$inferSelect;

/** Who entered or last changed an entry is the entry's author, which the trail already names. */
function salaryAuditView(row: StoredSalary) {
  const { createdBy: _createdBy, updatedBy: _updatedBy, ...rest } = row;
  return toApiRecord<Record<string, unknown>>(rest);
}

const appendSalaryAudit = recordAuditor<StoredSalary>('workerSalary', salaryAuditView);

interface SummaryRow {
  total_amount: string | number;
  payment_count: number;
  by_payment_type: { paymentType: string; total: number; count: number }[];
  by_month: { year: number; month: number; total: number }[];
  by_worker: { workerId: string; workerName: string; total: number; count: number }[];
}

/**
 * Totals, split by payment type, pay period and worker: one SQL statement, which reads the
 * filtered rows once and groups them by every split at the same time (GROUPING SETS). Reading
 * them once per split, and naming each row's worker before grouping, cost 2.5 times as much.
 */
export async function salarySummary(
  db: Database,
  tenant: TenantContext,
  params: WorkerSalarySummaryParams,
): Promise<WorkerSalarySummary> {
  const conditions: SQL[] = [];
  if (params.workerId) conditions.push(sql`s.worker_id = ${params.workerId}`);
  if (params.year !== undefined) conditions.push(sql`s.year = ${params.year}`);
  if (params.month !== undefined) conditions.push(sql`s.month = ${params.month}`);
  const where = sql.join(
    [sql`s.organization_id = ${tenant.organizationId}`, ...conditions],
    sql` and `,
  );
  // `grouping(...)` has a bit set for each column a row is not grouped by: 15 is the grand
  // total, 7 a payment type, 9 a month, 14 a worker.
  const [row] = await queryRows<SummaryRow>(
    db,
    sql`
      with sets as (
        select grouping(s.payment_type, s.year, s.month, s.worker_id) as grouped_by,
               s.payment_type, s.year, s.month, s.worker_id,
               sum(s.amount) as total, count(*)::int as count
        from worker_salaries s
        where ${where}
        group by grouping sets ((), (s.payment_type), (s.year, s.month), (s.worker_id))
      )
      select
        (select coalesce(total, 0) from sets where grouped_by = 15) as total_amount,
        (select count from sets where grouped_by = 15) as payment_count,
        (select coalesce(json_agg(t order by t.total desc, t."paymentType"), '[]'::json)
           from (select payment_type as "paymentType", total, count
                   from sets where grouped_by = 7) t) as by_payment_type,
        (select coalesce(json_agg(t order by t.year, t.month), '[]'::json)
           from (select year, month, total from sets where grouped_by = 9) t) as by_month,
        (select coalesce(json_agg(t order by t.total desc, lower(t."workerName"), t."workerId"), '[]'::json)
           from (select sets.worker_id as "workerId", w.name as "workerName", sets.total, sets.count
                   from sets
                   join workers w on w.organization_id = ${tenant.organizationId} and w.id = sets.worker_id
                  where sets.grouped_by = 14) t) as by_worker
    `,
  );
  if (!row) throw new Error('Salary summary returned no row');
  const byPaymentType = jsonColumn(row.by_payment_type);
  const byMonth = jsonColumn(row.by_month);
  const byWorker = jsonColumn(row.by_worker);
  return {
    totalAmount: Number(row.total_amount),
    paymentCount: Number(row.payment_count),
    byPaymentType: byPaymentType.map((entry) => ({
      paymentType: entry.paymentType as WorkerSalarySummary['byPaymentType'][number]['paymentType'],
      total: Number(entry.total),
      count: Number(entry.count),
    })),
    byMonth: byMonth.map((entry) => ({
      year: Number(entry.year),
      month: Number(entry.month),
      total: Number(entry.total),
    })),
    byWorker: byWorker.map((entry) => ({
      workerId: entry.workerId,
      workerName: entry.workerName,
      total: Number(entry.total),
      count: Number(entry.count),
    })),
  };
}
