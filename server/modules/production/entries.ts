import { sql, type SQL } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { MONEY_MAX, type Paged } from '../../../contract/common.ts';
import {
  PRODUCTION_ENTRY_DEFAULT_SORT,
  defaultPieceRate,
  type ProductionEntry,
  type ProductionEntryBatch,
  type ProductionEntryCreate,
  type ProductionEntryListParams,
  type ProductionEntryUpdate,
} from '../../../contract/production-entries.ts';
import type { SalaryType } from '../../../contract/workers.ts';
import { queryRows, type Database } from '../../db/client.ts';
import { recordAuditor } from '../../lib/audit.ts';
import { findPostgresError } from '../../lib/db-errors.ts';
import { badRequest, staleVersion, type FieldError } from '../../lib/http-errors.ts';
import { lockTenantRow } from '../../lib/row-lock.ts';
import { recordIdentity, recordStamp, uuidArray } from '../../lib/sql-values.ts';
import { pageInfo, parseSort } from '../../lib/list-page.ts';
import type { TenantContext } from '../../lib/tenant.ts';
import { inTransaction } from '../../lib/tenant-repository.ts';
import {
  cardNotInProduction,
  fieldError,
  notFoundField,
  piecesExceedQuantity,
} from './field-errors.ts';
import { toPaiseBigInt } from '../../../contract/money.ts';

const entryRecord = sql`json_build_object(
  ${recordIdentity('e')},
  ${recordStamp('e')},
  'workerId', e.worker_id,
  'worker', json_build_object('_id', w.id, 'name', w.name),
  'jobCardId', e.job_card_id,
  'jobCard', json_build_object(
    '_id', c.id, 'orderId', c.order_id, 'poNumber', o.po_number,
    'designCode', d.design_code, 'designName', d.name
  ),
  'workDate', to_char(e.work_date, 'YYYY-MM-DD'),
  'piecesDone', e.pieces_done,
  'piecesRejected', e.pieces_rejected,
  'rate', e.rate::float8,
  'amount', e.amount::float8,
  'notes', e.notes,
  'createdBy', e.created_by,
  'updatedBy', e.updated_by
)`;

const entryJoins = sql`
  join workers w on w.organization_id = e.organization_id and w.id = e.worker_id
  join job_cards c on c.organization_id = e.organization_id and c.id = e.job_card_id
  join orders o on o.organization_id = c.organization_id and o.id = c.order_id
  join designs d on d.organization_id = c.organization_id and d.id = c.design_id`;

async function readEntries(
  db: Database,
  tenant: TenantContext,
  where: SQL,
): Promise<ProductionEntry[]> {
  const rows = await queryRows<{ record: ProductionEntry }>(
    db,
    sql`select ${entryRecord} as record
        from production_entries e ${entryJoins}
        where e.organization_id = ${tenant.organizationId} and ${where}`,
  );
  return rows.map((row) => row.record);
}

export async function findEntry(db: Database, tenant: TenantContext, id: string) {
  const [entry] = await readEntries(db, tenant, sql`e.id = ${id}`);
  return entry;
}

const SORTS: Record<string, SQL> = {
  workDate: sql`e.work_date`,
  piecesDone: sql`e.pieces_done`,
  amount: sql`e.amount`,
  createdAt: sql`e.created_at`,
};

export async function listEntries(
  db: Database,
  tenant: TenantContext,
  query: ProductionEntryListParams,
): Promise<Paged<ProductionEntry>> {
  const conditions: SQL[] = [sql`e.organization_id = ${tenant.organizationId}`];
  if (query.workerId) conditions.push(sql`e.worker_id = ${query.workerId}`);
  if (query.jobCardId) conditions.push(sql`e.job_card_id = ${query.jobCardId}`);
  if (query.orderId) {
    conditions.push(sql`exists (select 1 from job_cards oc
      where oc.organization_id = e.organization_id and oc.id = e.job_card_id
        and oc.order_id = ${query.orderId})`);
  }
  if (query.startDate) conditions.push(sql`e.work_date >= ${query.startDate}`);
  if (query.endDate) conditions.push(sql`e.work_date <= ${query.endDate}`);
  const where = sql.join(conditions, sql` and `);
  const { field, direction } = parseSort(query.sort ?? PRODUCTION_ENTRY_DEFAULT_SORT);
  const key = SORTS[field];
  if (!key) throw new Error(`Sort field "${field}" is not sortable`);
  const dir = direction === 'asc' ? sql`asc` : sql`desc`;
  const orderBy = sql`${key} ${dir}, e.id ${dir}`;
  const rows = await queryRows<{ total: number; record: ProductionEntry | null }>(
    db,
    sql`select counted.total, records.record
        from (select count(*)::int as total from production_entries e where ${where}) counted
        left join (
          select ${entryRecord} as record, page.position
          from (
            select e.id, row_number() over (order by ${orderBy}) as position
            from production_entries e
            where ${where}
            order by ${orderBy}
            limit ${query.limit} offset ${(query.page - 1) * query.limit}
          ) page
          join production_entries e
            on e.organization_id = ${tenant.organizationId} and e.id = page.id
          ${entryJoins}
        ) records on true
        order by records.position`,
  );
  const totalCount = Number(rows[0]?.total ?? 0);
  const records = rows.flatMap((row) => (row.record ? [row.record] : []));
  return pageInfo(records, totalCount, query.page, query.limit);
}

/** One row to store, with the path its field errors are reported under (`entries.3.`). */
interface PendingRow {
  prefix: string;
  workerId: string;
  jobCardId: string;
  piecesDone: number;
  piecesRejected: number;
  rate: number | null | undefined;
}

/** Pieces an entry being edited already counts on its card, which the edit gives back first. */
interface Replaced {
  jobCardId: string;
  pieces: number;
}

const MONEY_MAX_CENTS = toPaiseBigInt(MONEY_MAX);

/**
 * Checks the rows against the database and settles each one's rate. The cards are locked (in id
 * order, so two shifts on overlapping cards cannot deadlock) before their counts are read, so
 * entries made at once on one card are judged one after the other: the check sees what the
 * previous one left. Rows on the same card count together.
 */
async function settleRows(
  tx: Database,
  tenant: TenantContext,
  rows: PendingRow[],
  replaced?: Replaced,
): Promise<number[]> {
  const workers = await queryRows<{
    id: string;
    salary_type: SalaryType | null;
    base_salary: string | null;
  }>(
    tx,
    sql`select id, salary_type, base_salary::text from workers
        where organization_id = ${tenant.organizationId}
          and id = any(${uuidArray(rows.map((row) => row.workerId))})`,
  );
  const cards = await queryRows<{
    id: string;
    quantity: number;
    used: number;
    design_rate: string | null;
    order_status: string;
  }>(
    tx,
    sql`select c.id, c.quantity, c.pieces_done + c.pieces_rejected as used,
               d.rate::text as design_rate, o.status as order_status
        from job_cards c
        join designs d on d.organization_id = c.organization_id and d.id = c.design_id
        join orders o on o.organization_id = c.organization_id and o.id = c.order_id
        where c.organization_id = ${tenant.organizationId}
          and c.id = any(${uuidArray(rows.map((row) => row.jobCardId))})
        order by c.id
        for update of c`,
  );
  const workerById = new Map(workers.map((worker) => [worker.id, worker]));
  const cardById = new Map(cards.map((card) => [card.id, card]));
  const used = new Map(cards.map((card) => [card.id, Number(card.used)]));
  if (replaced && used.has(replaced.jobCardId)) {
    used.set(replaced.jobCardId, (used.get(replaced.jobCardId) ?? 0) - replaced.pieces);
  }

  const errors: FieldError[] = [];
  const rates = rows.map((row) => {
    const worker = workerById.get(row.workerId);
    const card = cardById.get(row.jobCardId);
    if (!worker) errors.push(notFoundField(`${row.prefix}workerId`));
    if (!card) errors.push(notFoundField(`${row.prefix}jobCardId`));
    if (!worker || !card) return 0;
    // An edit may correct work already logged on a finished order; new work needs a live one.
    const newWork = replaced === undefined || replaced.jobCardId !== card.id;
    if (newWork && (card.order_status === 'cancelled' || card.order_status === 'delivered')) {
      errors.push(cardNotInProduction(`${row.prefix}jobCardId`));
    }
    const rate =
      row.rate ??
      defaultPieceRate(card.design_rate === null ? null : Number(card.design_rate), {
        salaryType: worker.salary_type,
        baseSalary: worker.base_salary === null ? null : Number(worker.base_salary),
      });
    if (BigInt(row.piecesDone) * toPaiseBigInt(rate) > MONEY_MAX_CENTS) {
      errors.push(fieldError(`${row.prefix}rate`, 'too_big', { maximum: MONEY_MAX }));
    }
    const before = used.get(card.id) ?? 0;
    const pieces = row.piecesDone + row.piecesRejected;
    if (before + pieces > card.quantity) {
      errors.push(piecesExceedQuantity(`${row.prefix}piecesDone`, card.quantity - before));
    } else {
      used.set(card.id, before + pieces);
    }
    return rate;
  });
  if (errors.length > 0) throw badRequest('Validation failed', errors);
  return rates;
}

/** The card's check is the last word should a count ever be judged wrongly above. */
async function withQuantityCheck<T>(work: Promise<T>, path: string): Promise<T> {
  try {
    return await work;
  } catch (error) {
    const pgError = findPostgresError(error);
    if (pgError?.code === '23514' && pgError.constraint === 'job_cards_pieces_within_quantity') {
      throw badRequest('Validation failed', [piecesExceedQuantity(path, 0)]);
    }
    throw error;
  }
}

const entryAuditView = (entry: ProductionEntry) => ({
  workerId: entry.workerId,
  jobCardId: entry.jobCardId,
  workDate: entry.workDate,
  piecesDone: entry.piecesDone,
  piecesRejected: entry.piecesRejected,
  rate: entry.rate,
  amount: entry.amount,
  notes: entry.notes,
});

const entryAudit = recordAuditor<ProductionEntry>('productionEntry', entryAuditView);

interface NewEntry {
  workerId: string;
  jobCardId: string;
  workDate: string;
  piecesDone: number;
  piecesRejected?: number | undefined;
  rate?: number | null | undefined;
  notes?: string | null | undefined;
}

async function insertEntries(
  tx: Database,
  tenant: TenantContext,
  entries: NewEntry[],
  prefixOf: (index: number) => string,
): Promise<ProductionEntry[]> {
  const rates = await settleRows(
    tx,
    tenant,
    entries.map((entry, index) => ({
      prefix: prefixOf(index),
      workerId: entry.workerId,
      jobCardId: entry.jobCardId,
      piecesDone: entry.piecesDone,
      piecesRejected: entry.piecesRejected ?? 0,
      rate: entry.rate,
    })),
  );
  const ids = entries.map(() => uuidv7());
  await withQuantityCheck(
    tx.execute(
      sql`insert into production_entries
            (organization_id, id, worker_id, job_card_id, work_date, pieces_done,
             pieces_rejected, rate, notes, created_by)
          values ${sql.join(
            entries.map(
              (entry, index) =>
                sql`(${tenant.organizationId}, ${ids[index]}, ${entry.workerId}, ${entry.jobCardId},
                     ${entry.workDate}, ${entry.piecesDone}, ${entry.piecesRejected ?? 0},
                     ${rates[index]}, ${entry.notes ?? null}, ${tenant.userId})`,
            ),
            sql`, `,
          )}`,
    ),
    `${prefixOf(0)}piecesDone`,
  );
  const stored = await readEntries(tx, tenant, sql`e.id = any(${uuidArray(ids)})`);
  const byId = new Map(stored.map((entry) => [entry._id, entry]));
  const created = ids.map((id) => byId.get(id) as ProductionEntry);
  for (const entry of created) await entryAudit(tx, tenant, entry._id, 'create', undefined, entry);
  return created;
}

export async function createEntry(
  db: Database,
  tenant: TenantContext,
  values: ProductionEntryCreate,
): Promise<ProductionEntry> {
  return inTransaction(db, async (tx) => {
    const [created] = await insertEntries(tx, tenant, [values], () => '');
    return created as ProductionEntry;
  });
}

/** A shift's rows, all or nothing; field errors name the row. */
export async function createEntryBatch(
  db: Database,
  tenant: TenantContext,
  batch: ProductionEntryBatch,
): Promise<ProductionEntry[]> {
  return inTransaction(db, (tx) =>
    insertEntries(
      tx,
      tenant,
      batch.entries.map((row) => ({ ...row, workDate: batch.workDate })),
      (index) => `entries.${index}.`,
    ),
  );
}

export async function updateEntry(
  db: Database,
  tenant: TenantContext,
  id: string,
  values: ProductionEntryUpdate,
): Promise<ProductionEntry | undefined> {
  return inTransaction(db, async (tx) => {
    const stored = await lockTenantRow<{
      version: number;
      worker_id: string;
      job_card_id: string;
      pieces_done: number;
      pieces_rejected: number;
      rate: string;
    }>(
      tx,
      tenant,
      'production_entries',
      id,
      sql`version, worker_id, job_card_id, pieces_done, pieces_rejected, rate::text`,
    );
    if (!stored) return undefined;
    if (stored.version !== values.version) throw staleVersion(await findEntry(tx, tenant, id));
    const before = (await findEntry(tx, tenant, id)) as ProductionEntry;
    const workerId = values.workerId ?? stored.worker_id;
    const jobCardId = values.jobCardId ?? stored.job_card_id;
    const piecesDone = values.piecesDone ?? stored.pieces_done;
    const piecesRejected = values.piecesRejected ?? stored.pieces_rejected;
    // An explicit null asks for the default again; an absent rate keeps the stored one.
    const rate = values.rate === undefined ? Number(stored.rate) : values.rate;
    if (jobCardId !== stored.job_card_id) {
      // Both cards' counts change: lock them in id order, as every other writer does.
      await tx.execute(
        sql`select id from job_cards
            where organization_id = ${tenant.organizationId}
              and id = any(${uuidArray([stored.job_card_id, jobCardId])})
            order by id
            for update`,
      );
    }
    const [settledRate] = await settleRows(
      tx,
      tenant,
      [{ prefix: '', workerId, jobCardId, piecesDone, piecesRejected, rate }],
      { jobCardId: stored.job_card_id, pieces: stored.pieces_done + stored.pieces_rejected },
    );
    await withQuantityCheck(
      tx.execute(
        sql`update production_entries
            set worker_id = ${workerId}, job_card_id = ${jobCardId},
                work_date = ${values.workDate === undefined ? sql`work_date` : values.workDate},
                pieces_done = ${piecesDone}, pieces_rejected = ${piecesRejected},
                rate = ${settledRate},
                notes = ${values.notes === undefined ? sql`notes` : values.notes},
                updated_by = ${tenant.userId}, version = version + 1, updated_at = now()
            where organization_id = ${tenant.organizationId} and id = ${id}`,
      ),
      'piecesDone',
    );
    const after = (await findEntry(tx, tenant, id)) as ProductionEntry;
    await entryAudit(tx, tenant, id, 'update', before, after);
    return after;
  });
}

export async function deleteEntry(
  db: Database,
  tenant: TenantContext,
  id: string,
): Promise<string | undefined> {
  return inTransaction(db, async (tx) => {
    const before = await findEntry(tx, tenant, id);
    if (!before) return undefined;
    const deleted = await queryRows<{ id: string }>(
      tx,
      sql`delete from production_entries
          where organization_id = ${tenant.organizationId} and id = ${id}
          returning id`,
    );
    if (deleted.length === 0) return undefined;
    await entryAudit(tx, tenant, id, 'delete', before, undefined);
    return id;
  });
}
