import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Paged } from '../../../contract/common.ts';
import type {
  OpenBill,
  Payment,
  PaymentAllocationInput,
  PaymentCreate,
  PaymentListParams,
  PaymentTotals,
  PaymentUpdate,
} from '../../../contract/payments.ts';
import { queryRows, type Database } from '../../db/database.ts';
import { payments } from '../../db/schema.ts';
import { appendAudit, auditChanges } from '../../lib/audit.ts';
import { keysetRows } from '../../lib/csv-export.ts';
import { findPostgresError } from '../../lib/db-errors.ts';
import {
  badRequest,
  conflict,
  fieldError,
  staleVersion,
  type FieldError,
  type HttpError,
} from '../../lib/http-errors.ts';
import { isoTimestamp, uuidArray } from '../../lib/sql-values.ts';
import {
  buildFilterConditions,
  equalsValue,
  orderByFor,
  pageInfo,
  type FilterDefinitions,
} from '../../lib/list-page.ts';
import { tenantScope, type TenantContext } from '../../lib/tenant.ts';
import { inTransaction } from '../../lib/tenant-repository.ts';

const CHECK_VIOLATION = '23514';

/** The API record of the `payments` row in scope, merchant and allocations included. */
const paymentRecord = sql`json_build_object(
  '_id', payments.id,
  'organizationId', payments.organization_id,
  'merchantId', payments.merchant_id,
  'merchant', json_build_object('_id', merchants.id, 'name', merchants.name),
  'paymentDate', to_char(payments.payment_date, 'YYYY-MM-DD'),
  'amount', payments.amount,
  'method', payments.method,
  'reference', payments.reference,
  'tdsAmount', payments.tds_amount,
  'notes', payments.notes,
  'allocations', coalesce((
    select json_agg(json_build_object(
      'billId', bills.id,
      'billNumber', bills.number,
      'amount', payment_allocations.amount
    ) order by bills.bill_date, bills.number, bills.id)
    from payment_allocations
    join bills
      on bills.organization_id = payment_allocations.organization_id
     and bills.id = payment_allocations.bill_id
    where payment_allocations.organization_id = payments.organization_id
      and payment_allocations.payment_id = payments.id
  ), '[]'::json),
  'allocatedAmount', payments.allocated_amount,
  'unallocatedAmount', payments.amount + payments.tds_amount - payments.allocated_amount,
  'version', payments.version,
  'createdAt', ${isoTimestamp(sql`payments.created_at`)},
  'updatedAt', ${isoTimestamp(sql`payments.updated_at`)}
)`;

const merchantJoin = sql`join merchants
  on merchants.organization_id = payments.organization_id and merchants.id = payments.merchant_id`;

/** node-postgres parses JSON; numeric values come as numbers or numeric strings. */
function normalizePayment(raw: unknown): Payment {
  const record = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Payment;
  record.amount = Number(record.amount);
  record.tdsAmount = Number(record.tdsAmount);
  record.allocatedAmount = Number(record.allocatedAmount);
  record.unallocatedAmount = Number(record.unallocatedAmount);
  for (const allocation of record.allocations) allocation.amount = Number(allocation.amount);
  return record;
}

type PaymentFilters = Omit<PaymentListParams, 'page' | 'limit' | 'sort'>;

const paymentFilters: FilterDefinitions<PaymentFilters> = {
  merchantId: equalsValue<string>(payments.merchantId),
  billId: (value) => sql`exists (
    select 1 from payment_allocations
    where payment_allocations.organization_id = ${payments.organizationId}
      and payment_allocations.payment_id = ${payments.id}
      and payment_allocations.bill_id = ${value})`,
  method: equalsValue<string>(payments.method),
  startDate: (value) => sql`${payments.paymentDate} >= ${value}`,
  endDate: (value) => sql`${payments.paymentDate} <= ${value}`,
};

const sortable = {
  paymentDate: payments.paymentDate,
  amount: payments.amount,
  createdAt: payments.createdAt,
};

async function readPayment(db: Database, tenant: TenantContext, id: string) {
  const rows = await queryRows<{ record: unknown }>(
    db,
    sql`select ${paymentRecord} as record from payments ${merchantJoin}
        where payments.organization_id = ${tenant.organizationId} and payments.id = ${id}`,
  );
  return rows[0] ? normalizePayment(rows[0].record) : undefined;
}

/** Money travels to SQL as its decimal text, so it is numeric from the first step. */
const moneyArray = (amounts: readonly number[]) =>
  amounts.length === 0
    ? sql`array[]::numeric[]`
    : sql`array[${sql.join(
        amounts.map((value) => sql`${String(value)}`),
        sql`, `,
      )}]::numeric[]`;

const ruleError = (path: string, rule: string, extra: Record<string, string | number> = {}) =>
  fieldError(path, 'invalid_value', { rule, ...extra });

async function assertMerchant(db: Database, tenant: TenantContext, merchantId: string) {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`select id from merchants
        where organization_id = ${tenant.organizationId} and id = ${merchantId}`,
  );
  if (!row) {
    throw badRequest('Validation failed', [
      fieldError('merchantId', 'not_found', undefined, 'Merchant not found'),
    ]);
  }
}

/**
 * Locks, in id order, the bills a payment's allocations are about to leave or reach: the ones it
 * settles now, and the ones it will settle (named, or the merchant's open bills). Two payments
 * touching the same bills then queue on the first bill instead of deadlocking, and the second one
 * reads balances the first has already moved.
 */
async function lockBills(
  db: Database,
  tenant: TenantContext,
  paymentId: string,
  merchantId: string,
  named: readonly string[] | null,
): Promise<string[]> {
  const target =
    named === null
      ? sql`(merchant_id = ${merchantId} and status in ('unpaid', 'partly_paid'))`
      : sql`id = any(${uuidArray(named)})`;
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id from bills
        where organization_id = ${tenant.organizationId}
          and (${target} or id in (
            select bill_id from payment_allocations
            where organization_id = ${tenant.organizationId} and payment_id = ${paymentId}))
        order by id
        for update`,
  );
  return rows.map((row) => row.id);
}

interface BillSettlement {
  paidAmount: number;
  status: string;
}

/** What a payment can change on a bill, for the bill's own history. */
async function readSettlements(
  db: Database,
  tenant: TenantContext,
  billIds: readonly string[],
): Promise<Map<string, BillSettlement>> {
  if (billIds.length === 0) return new Map();
  const rows = await queryRows<{ id: string; paid_amount: string; status: string }>(
    db,
    sql`select id, paid_amount::text as paid_amount, status from bills
        where organization_id = ${tenant.organizationId} and id = any(${uuidArray(billIds)})`,
  );
  return new Map(
    rows.map((row) => [row.id, { paidAmount: Number(row.paid_amount), status: row.status }]),
  );
}

/**
 * A bill's history shows each payment that moved it (its paid amount and status), not only the
 * payment's own history: the trigger makes that change, so the repository records it.
 */
async function auditSettlements(
  db: Database,
  tenant: TenantContext,
  before: Map<string, BillSettlement>,
) {
  const after = await readSettlements(db, tenant, [...before.keys()]);
  for (const [billId, previous] of before) {
    const current = after.get(billId);
    if (!current) continue;
    const changes = auditChanges({ ...previous }, { ...current });
    if (Object.keys(changes).length === 0) continue;
    await appendAudit(db, {
      organizationId: tenant.organizationId,
      userId: tenant.userId,
      action: 'update',
      entity: 'bill',
      entityId: billId,
      changes,
    });
  }
}

/** Every named bill must be the merchant's, open, and owe at least what is put on it. */
async function assertAllocations(
  db: Database,
  tenant: TenantContext,
  merchantId: string,
  allocations: readonly PaymentAllocationInput[],
) {
  const rows = await queryRows<{
    position: number;
    found: boolean;
    merchant_id: string | null;
    status: string | null;
    above_balance: boolean;
    balance: string | null;
  }>(
    db,
    sql`select requested.position::int as position, bills.id is not null as found,
          bills.merchant_id, bills.status,
          coalesce(requested.amount > bills.total_amount - bills.paid_amount, false)
            as above_balance,
          (bills.total_amount - bills.paid_amount)::text as balance
        from unnest(${uuidArray(allocations.map((row) => row.billId))},
                    ${moneyArray(allocations.map((row) => row.amount))})
          with ordinality as requested(bill_id, amount, position)
        left join bills
          on bills.organization_id = ${tenant.organizationId} and bills.id = requested.bill_id
        order by requested.position`,
  );
  const errors: FieldError[] = [];
  for (const row of rows) {
    const path = `allocations.${row.position - 1}`;
    if (!row.found) {
      errors.push(fieldError(`${path}.billId`, 'not_found', undefined, 'Bill not found'));
    } else if (row.merchant_id !== merchantId) {
      errors.push(ruleError(`${path}.billId`, 'bill_other_merchant'));
    } else if (row.status === 'cancelled') {
      errors.push(ruleError(`${path}.billId`, 'bill_not_open'));
    } else if (row.above_balance) {
      errors.push(
        ruleError(`${path}.amount`, 'allocation_above_balance', {
          balance: Number(row.balance),
        }),
      );
    }
  }
  if (errors.length > 0) throw badRequest('Validation failed', errors);
}

/**
 * Settles bills with the payment. Named allocations are stored as given; without them the
 * payment's `amount + tds_amount` goes to the merchant's open bills oldest first (bill date, then
 * number) and what is left stays unallocated. Rows go in in bill id order, the order the bills
 * were locked in; the allocation trigger moves each bill's paid amount and status.
 */
async function allocate(
  db: Database,
  tenant: TenantContext,
  paymentId: string,
  merchantId: string,
  allocations: readonly PaymentAllocationInput[] | null | undefined,
  lockedBillIds: readonly string[],
) {
  if (allocations) {
    if (allocations.length === 0) return;
    await assertAllocations(db, tenant, merchantId, allocations);
    await db.execute(sql`
      insert into payment_allocations (organization_id, payment_id, bill_id, amount)
      select ${tenant.organizationId}, ${paymentId}, requested.bill_id, requested.amount
      from unnest(${uuidArray(allocations.map((row) => row.billId))},
                  ${moneyArray(allocations.map((row) => row.amount))})
        as requested(bill_id, amount)
      order by requested.bill_id`);
    return;
  }
  await db.execute(sql`
    with pool as (
      select amount + tds_amount as amount from payments
      where organization_id = ${tenant.organizationId} and id = ${paymentId}
    ),
    open_bills as (
      select id, total_amount - paid_amount as balance,
        sum(total_amount - paid_amount) over (order by bill_date, number, id) as running
      from bills
      where organization_id = ${tenant.organizationId}
        and merchant_id = ${merchantId}
        and status in ('unpaid', 'partly_paid')
        and id = any(${uuidArray(lockedBillIds)})
    ),
    planned as (
      select open_bills.id,
        least(open_bills.balance, greatest(pool.amount - (open_bills.running - open_bills.balance), 0))
          as amount
      from open_bills, pool
    )
    insert into payment_allocations (organization_id, payment_id, bill_id, amount)
    select ${tenant.organizationId}, ${paymentId}, planned.id, planned.amount
    from planned
    where planned.amount > 0
    order by planned.id`);
}

/**
 * The database's own checks are the last guard: with the bills locked they should never fire, but
 * if one does (a bill paid by another payment between check and insert), the caller gets a clear
 * answer rather than a 500.
 */
export function allocationViolation(error: unknown): HttpError | undefined {
  const pgError = findPostgresError(error);
  if (pgError?.code !== CHECK_VIOLATION) return undefined;
  switch (pgError.constraint) {
    case 'bills_paid_amount_check':
      return conflict(
        'Another payment settled the bill first; reload its balance and allocate again',
        {
          code: 'conflict',
          errors: [ruleError('allocations', 'allocation_above_balance', { balance: 0 })],
        },
      );
    case 'payments_allocated_amount_check':
      return badRequest('Validation failed', [
        ruleError('allocations', 'allocations_exceed_payment'),
      ]);
    case 'payment_allocations_bill_open':
      return badRequest('Validation failed', [ruleError('allocations', 'bill_not_open')]);
    default:
      return undefined;
  }
}

async function translateAllocationErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw allocationViolation(error) ?? error;
  }
}

/** Payments as the trail keeps them: the merchant by name and the bills by number. */
function paymentAuditView(record: Payment | undefined): Record<string, unknown> | undefined {
  if (!record) return undefined;
  const { merchant, merchantId: _merchantId, allocations, ...rest } = record;
  return {
    ...rest,
    merchant: merchant.name,
    allocations: allocations.map((row) => ({ billNumber: row.billNumber, amount: row.amount })),
  };
}

async function lockPayment(db: Database, tenant: TenantContext, id: string) {
  const [row] = await queryRows<{ id: string; version: number }>(
    db,
    sql`select id, version from payments
        where organization_id = ${tenant.organizationId} and id = ${id}
        for update`,
  );
  return row;
}

export const paymentRepository = {
  async list(
    db: Database,
    tenant: TenantContext,
    query: PaymentListParams,
  ): Promise<Paged<Payment>> {
    const where = tenantScope(payments, tenant, ...buildFilterConditions(paymentFilters, query));
    const orderBy = sql.join(
      orderByFor(query.sort ?? '-paymentDate', sortable, payments.id),
      sql`, `,
    );
    // As the bills list: the count is the outer row, the page's ids come from the index first and
    // records are built only for them.
    const rows = await queryRows<{ total: number; record: unknown }>(
      db,
      sql`select counted.total, records.record
          from (select count(*)::int as total from payments where ${where}) as counted
          left join (
            select ${paymentRecord} as record, row_number() over (order by ${orderBy}) as position
            from (
              select payments.id from payments
              where ${where}
              order by ${orderBy}
              limit ${query.limit} offset ${(query.page - 1) * query.limit}
            ) as page
            join payments
              on payments.organization_id = ${tenant.organizationId} and payments.id = page.id
            ${merchantJoin}
          ) as records on true
          order by records.position`,
    );
    const totalCount = Number(rows[0]?.total ?? 0);
    const records = rows
      .filter((row) => row.record !== null && row.record !== undefined)
      .map((row) => normalizePayment(row.record));
    return pageInfo(records, totalCount, query.page, query.limit);
  },

  /** Every payment the list's filters match, in its order, for the CSV download. */
  async *exportRows(
    db: Database,
    tenant: TenantContext,
    query: Omit<PaymentListParams, 'page' | 'limit'>,
  ): AsyncGenerator<Payment> {
    const rows = keysetRows<{ record: unknown }>(db, {
      select: sql`${paymentRecord} as record`,
      from: sql`payments ${merchantJoin}`,
      where: tenantScope(payments, tenant, ...buildFilterConditions(paymentFilters, query)),
      sort: query.sort ?? '-paymentDate',
      sortable,
      idColumn: payments.id,
    });
    for await (const row of rows) yield normalizePayment(row.record);
  },

  async totals(
    db: Database,
    tenant: TenantContext,
    query: Partial<PaymentFilters>,
  ): Promise<PaymentTotals> {
    const where = tenantScope(
      payments,
      tenant,
      ...buildFilterConditions(paymentFilters, query as PaymentFilters),
    );
    const [row] = await queryRows<Record<keyof PaymentTotals, string | number>>(
      db,
      sql`select count(*)::int as count,
            coalesce(sum(amount), 0)::text as amount,
            coalesce(sum(tds_amount), 0)::text as "tdsAmount",
            coalesce(sum(amount + tds_amount - allocated_amount), 0)::text as "unallocatedAmount"
          from payments where ${where}`,
    );
    return {
      count: Number(row?.count ?? 0),
      amount: Number(row?.amount ?? 0),
      tdsAmount: Number(row?.tdsAmount ?? 0),
      unallocatedAmount: Number(row?.unallocatedAmount ?? 0),
    };
  },

  /** The merchant's live bills that still owe money, oldest first (bill date, then number). */
  async openBills(db: Database, tenant: TenantContext, merchantId: string): Promise<OpenBill[]> {
    const rows = await queryRows<Record<keyof OpenBill, unknown>>(
      db,
      sql`select id as "_id", number, to_char(bill_date, 'YYYY-MM-DD') as "billDate",
            to_char(due_date, 'YYYY-MM-DD') as "dueDate", total_amount::text as "totalAmount",
            paid_amount::text as "paidAmount", (total_amount - paid_amount)::text as balance,
            due_date < current_date as "isOverdue"
          from bills
          where organization_id = ${tenant.organizationId}
            and merchant_id = ${merchantId}
            and status in ('unpaid', 'partly_paid')
            and total_amount > paid_amount
          order by bill_date, number, id`,
    );
    return rows.map((row) => ({
      _id: row._id as string,
      number: row.number as string,
      billDate: row.billDate as string,
      dueDate: row.dueDate as string,
      totalAmount: Number(row.totalAmount),
      paidAmount: Number(row.paidAmount),
      balance: Number(row.balance),
      isOverdue: Boolean(row.isOverdue),
    }));
  },

  findById: readPayment,

  async create(db: Database, tenant: TenantContext, values: PaymentCreate): Promise<Payment> {
    return translateAllocationErrors(() =>
      inTransaction(db, async (tx) => {
        await assertMerchant(tx, tenant, values.merchantId);
        const id = uuidv7();
        const named = values.allocations ? values.allocations.map((row) => row.billId) : null;
        const locked = await lockBills(tx, tenant, id, values.merchantId, named);
        const settlements = await readSettlements(tx, tenant, locked);
        await tx.execute(sql`
          insert into payments (organization_id, id, merchant_id, payment_date, amount, method,
            reference, tds_amount, notes)
          values (${tenant.organizationId}, ${id}, ${values.merchantId}, ${values.paymentDate}::date,
            ${String(values.amount)}::numeric, ${values.method}, ${values.reference ?? null},
            ${String(values.tdsAmount ?? 0)}::numeric, ${values.notes ?? null})`);
        await allocate(tx, tenant, id, values.merchantId, values.allocations, locked);
        await auditSettlements(tx, tenant, settlements);
        const created = (await readPayment(tx, tenant, id)) as Payment;
        await appendAudit(tx, {
          organizationId: tenant.organizationId,
          userId: tenant.userId,
          action: 'create',
          entity: 'payment',
          entityId: id,
          changes: auditChanges(undefined, paymentAuditView(created)),
        });
        return created;
      }),
    );
  },

  /** Replaces the fields and the allocations: the old ones go back to their bills first. */
  async update(
    db: Database,
    tenant: TenantContext,
    id: string,
    values: PaymentUpdate,
  ): Promise<Payment | undefined> {
    return translateAllocationErrors(() =>
      inTransaction(db, async (tx) => {
        const stored = await lockPayment(tx, tenant, id);
        if (!stored) return undefined;
        if (stored.version !== values.version)
          throw staleVersion(await readPayment(tx, tenant, id));
        await assertMerchant(tx, tenant, values.merchantId);
        const before = (await readPayment(tx, tenant, id)) as Payment;
        const named = values.allocations ? values.allocations.map((row) => row.billId) : null;
        const locked = await lockBills(tx, tenant, id, values.merchantId, named);
        const settlements = await readSettlements(tx, tenant, locked);
        await tx.execute(sql`
          delete from payment_allocations
          where organization_id = ${tenant.organizationId} and payment_id = ${id}`);
        await tx.execute(sql`
          update payments set
            merchant_id = ${values.merchantId},
            payment_date = ${values.paymentDate}::date,
            amount = ${String(values.amount)}::numeric,
            method = ${values.method},
            reference = ${values.reference ?? null},
            tds_amount = ${String(values.tdsAmount ?? 0)}::numeric,
            notes = ${values.notes ?? null},
            version = version + 1,
            updated_at = now()
          where organization_id = ${tenant.organizationId} and id = ${id}`);
        await allocate(tx, tenant, id, values.merchantId, values.allocations, locked);
        await auditSettlements(tx, tenant, settlements);
        const after = (await readPayment(tx, tenant, id)) as Payment;
        await appendAudit(tx, {
          organizationId: tenant.organizationId,
          userId: tenant.userId,
          action: 'update',
          entity: 'payment',
          entityId: id,
          changes: auditChanges(paymentAuditView(before), paymentAuditView(after)),
        });
        return after;
      }),
    );
  },

  /** The payment's allocations go back to their bills, then the payment goes. */
  async remove(db: Database, tenant: TenantContext, id: string): Promise<string | undefined> {
    return inTransaction(db, async (tx) => {
      const stored = await lockPayment(tx, tenant, id);
      if (!stored) return undefined;
      const before = (await readPayment(tx, tenant, id)) as Payment;
      const locked = await lockBills(tx, tenant, id, before.merchantId, []);
      const settlements = await readSettlements(tx, tenant, locked);
      // Before the payment: a cascade would have the trigger update a payment being deleted.
      await tx.execute(sql`
        delete from payment_allocations
        where organization_id = ${tenant.organizationId} and payment_id = ${id}`);
      await tx.execute(sql`
        delete from payments where organization_id = ${tenant.organizationId} and id = ${id}`);
      await auditSettlements(tx, tenant, settlements);
      await appendAudit(tx, {
        organizationId: tenant.organizationId,
        userId: tenant.userId,
        action: 'delete',
        entity: 'payment',
        entityId: id,
        changes: auditChanges(paymentAuditView(before), undefined),
      });
      return id;
    });
  },
};
