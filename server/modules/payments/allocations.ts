import { sql, type SQL } from 'drizzle-orm';
import type { PaymentAllocationInput } from '../../../contract/payments.ts';
import { queryRows, type Database } from '../../db/database.ts';
import { appendAudit, auditChanges } from '../../lib/audit.ts';
import { findPostgresError } from '../../lib/db-errors.ts';
import {
  badRequest,
  conflict,
  fieldError,
  type FieldError,
  type HttpError,
} from '../../lib/http-errors.ts';
import { uuidArray } from '../../lib/sql-values.ts';
import type { TenantContext } from '../../lib/tenant.ts';

const CHECK_VIOLATION = '23514';

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

/** What a payment settles: bills, and debit notes, which are owed like bills. */
export interface LockedDocuments {
  billIds: string[];
  noteIds: string[];
}

/**
 * Locks, in id order, the bills and then the debit notes a payment's allocations are about to
 * leave or reach: the ones it settles now, and the ones it will settle (named, or the merchant's
 * open ones). Two payments touching the same documents then queue on the first instead of
 * deadlocking, and the second one reads balances the first has already moved. Bills before notes,
 * as cancelling a note locks its bill first.
 */
export async function lockDocuments(
  db: Database,
  tenant: TenantContext,
  paymentId: string,
  merchantId: string,
  named: readonly string[] | null,
): Promise<LockedDocuments> {
  const org = tenant.organizationId;
  const openOrNamed = (open: SQL) => (named === null ? open : sql`id = any(${uuidArray(named)})`);
  const bills = await queryRows<{ id: string }>(
    db,
    sql`select id from bills
        where organization_id = ${org}
          and (${openOrNamed(sql`(merchant_id = ${merchantId} and status in ('unpaid', 'partly_paid'))`)}
            or id in (
              select bill_id from payment_allocations
              where organization_id = ${org} and payment_id = ${paymentId}))
        order by id
        for update`,
  );
  const notes = await queryRows<{ id: string }>(
    db,
    sql`select id from bill_notes
        where organization_id = ${org}
          and (${openOrNamed(
            sql`(merchant_id = ${merchantId} and kind = 'debit'
                 and status in ('unpaid', 'partly_paid'))`,
          )}
            or id in (
              select bill_note_id from payment_note_allocations
              where organization_id = ${org} and payment_id = ${paymentId}))
        order by id
        for update`,
  );
  return { billIds: bills.map((row) => row.id), noteIds: notes.map((row) => row.id) };
}

interface Settlement {
  entity: 'bill' | 'billNote';
  paidAmount: number;
  status: string;
}

/** What a payment can change on a bill or a debit note, for the document's own history. */
export async function readSettlements(
  db: Database,
  tenant: TenantContext,
  locked: LockedDocuments,
): Promise<Map<string, Settlement>> {
  const org = tenant.organizationId;
  const rows = await queryRows<{
    id: string;
    entity: Settlement['entity'];
    paid_amount: string;
    status: string;
  }>(
    db,
    sql`select id, 'bill' as entity, paid_amount::text as paid_amount, status from bills
        where organization_id = ${org} and id = any(${uuidArray(locked.billIds)})
        union all
        select id, 'billNote', paid_amount::text, status from bill_notes
        where organization_id = ${org} and id = any(${uuidArray(locked.noteIds)})`,
  );
  return new Map(
    rows.map((row) => [
      row.id,
      { entity: row.entity, paidAmount: Number(row.paid_amount), status: row.status },
    ]),
  );
}

/**
 * A bill's (or debit note's) history shows each payment that moved it (its paid amount and
 * status), not only the payment's own history: the trigger makes that change, so the repository
 * records it.
 */
export async function auditSettlements(
  db: Database,
  tenant: TenantContext,
  locked: LockedDocuments,
  before: Map<string, Settlement>,
) {
  const after = await readSettlements(db, tenant, locked);
  for (const [id, previous] of before) {
    const current = after.get(id);
    if (!current) continue;
    const changes = auditChanges(
      { paidAmount: previous.paidAmount, status: previous.status },
      { paidAmount: current.paidAmount, status: current.status },
    );
    if (Object.keys(changes).length === 0) continue;
    await appendAudit(db, {
      organizationId: tenant.organizationId,
      userId: tenant.userId,
      action: 'update',
      entity: previous.entity,
      entityId: id,
      changes,
    });
  }
}

/**
 * Every named bill or debit note must be the merchant's, open, and owe at least what is put on
 * it. A credit note is never owed, so it is refused like a cancelled bill.
 */
async function assertAllocations(
  db: Database,
  tenant: TenantContext,
  merchantId: string,
  allocations: readonly PaymentAllocationInput[],
) {
  const org = tenant.organizationId;
  const rows = await queryRows<{
    position: number;
    found: boolean;
    merchant_id: string | null;
    is_open: boolean;
    above_balance: boolean;
    balance: string | null;
  }>(
    db,
    sql`select requested.position::int as position,
          documents.id is not null as found,
          documents.merchant_id,
          coalesce(documents.is_open, false) as is_open,
          coalesce(requested.amount > documents.balance, false) as above_balance,
          documents.balance::text as balance
        from unnest(${uuidArray(allocations.map((row) => row.billId))},
                    ${moneyArray(allocations.map((row) => row.amount))})
          with ordinality as requested(bill_id, amount, position)
        left join lateral (
          select bills.id, bills.merchant_id, bills.status <> 'cancelled' as is_open,
            bills.total_amount - bills.paid_amount as balance
          from bills
          where bills.organization_id = ${org} and bills.id = requested.bill_id
          union all
          select bill_notes.id, bill_notes.merchant_id,
            bill_notes.kind = 'debit' and bill_notes.status <> 'cancelled',
            bill_notes.total_amount - bill_notes.paid_amount
          from bill_notes
          where bill_notes.organization_id = ${org} and bill_notes.id = requested.bill_id
        ) as documents on true
        order by requested.position`,
  );
  const errors: FieldError[] = [];
  for (const row of rows) {
    const path = `allocations.${row.position - 1}`;
    if (!row.found) {
      errors.push(fieldError(`${path}.billId`, 'not_found', undefined, 'Bill not found'));
    } else if (row.merchant_id !== merchantId) {
      errors.push(ruleError(`${path}.billId`, 'bill_other_merchant'));
    } else if (!row.is_open) {
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

interface PlannedAllocation {
  id: string;
  amount: string;
}

/**
 * Stores allocations, bills' and debit notes' apart, in id order (the order the documents were
 * locked in); the allocation triggers move each document's paid amount and status.
 */
async function insertAllocations(
  db: Database,
  tenant: TenantContext,
  paymentId: string,
  planned: readonly PlannedAllocation[],
) {
  if (planned.length === 0) return;
  const org = tenant.organizationId;
  const requested = sql`unnest(${uuidArray(planned.map((row) => row.id))},
      array[${sql.join(
        planned.map((row) => sql`${row.amount}`),
        sql`, `,
      )}]::numeric[]) as requested(document_id, amount)`;
  await db.execute(sql`
    insert into payment_allocations (organization_id, payment_id, bill_id, amount)
    select ${org}, ${paymentId}, requested.document_id, requested.amount
    from ${requested}
    where exists (select 1 from bills
                  where bills.organization_id = ${org} and bills.id = requested.document_id)
    order by requested.document_id`);
  await db.execute(sql`
    insert into payment_note_allocations (organization_id, payment_id, bill_note_id, amount)
    select ${org}, ${paymentId}, requested.document_id, requested.amount
    from ${requested}
    where exists (select 1 from bill_notes
                  where bill_notes.organization_id = ${org}
                    and bill_notes.id = requested.document_id)
    order by requested.document_id`);
}

/**
 * Settles bills and debit notes with the payment. Named allocations are stored as given; without
 * them the payment's `amount + tds_amount` goes to the merchant's open bills and debit notes
 * together, oldest first by date (a bill before a debit note of the same day, then by number), as
 * `oldestFirst` in contract/payments.ts orders them, and what is left stays unallocated.
 */
export async function allocate(
  db: Database,
  tenant: TenantContext,
  paymentId: string,
  merchantId: string,
  allocations: readonly PaymentAllocationInput[] | null | undefined,
  locked: LockedDocuments,
) {
  if (allocations) {
    if (allocations.length === 0) return;
    await assertAllocations(db, tenant, merchantId, allocations);
    await insertAllocations(
      db,
      tenant,
      paymentId,
      allocations.map((row) => ({ id: row.billId, amount: String(row.amount) })),
    );
    return;
  }
  const org = tenant.organizationId;
  const planned = await queryRows<PlannedAllocation>(
    db,
    sql`with pool as (
          select amount + tds_amount as amount from payments
          where organization_id = ${org} and id = ${paymentId}
        ),
        open_documents as (
          select id, 0 as kind_rank, bill_date as document_date, number,
            total_amount - paid_amount as balance
          from bills
          where organization_id = ${org}
            and merchant_id = ${merchantId}
            and status in ('unpaid', 'partly_paid')
            and id = any(${uuidArray(locked.billIds)})
          union all
          select id, 1, note_date, number, total_amount - paid_amount
          from bill_notes
          where organization_id = ${org}
            and merchant_id = ${merchantId}
            and kind = 'debit' and status in ('unpaid', 'partly_paid')
            and id = any(${uuidArray(locked.noteIds)})
        ),
        running as (
          select id, balance,
            sum(balance) over (order by document_date, kind_rank, number, id) as running
          from open_documents
        )
        select running.id,
          least(running.balance, greatest(pool.amount - (running.running - running.balance), 0))::text
            as amount
        from running, pool
        where least(running.balance, greatest(pool.amount - (running.running - running.balance), 0)) > 0`,
  );
  await insertAllocations(db, tenant, paymentId, planned);
}

/**
 * The database's own checks are the last guard: with the documents locked they should never
 * fire, but if one does (a bill paid by another payment between check and insert), the caller
 * gets a clear answer rather than a 500.
 */
export function allocationViolation(error: unknown): HttpError | undefined {
  const pgError = findPostgresError(error);
  if (pgError?.code !== CHECK_VIOLATION) return undefined;
  switch (pgError.constraint) {
    case 'bills_paid_amount_check':
    case 'bill_notes_paid_amount_check':
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
    case 'payment_note_allocations_note_open':
      return badRequest('Validation failed', [ruleError('allocations', 'bill_not_open')]);
    default:
      return undefined;
  }
}

export async function translateAllocationErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw allocationViolation(error) ?? error;
  }
}

/** Before the payment itself: a cascade would have the triggers update a payment being deleted. */
export async function removeAllocations(db: Database, tenant: TenantContext, paymentId: string) {
  const org = tenant.organizationId;
  await db.execute(sql`
    delete from payment_allocations
    where organization_id = ${org} and payment_id = ${paymentId}`);
  await db.execute(sql`
    delete from payment_note_allocations
    where organization_id = ${org} and payment_id = ${paymentId}`);
}
