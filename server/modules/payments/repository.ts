import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type {
  OpenBill,
  Payment,
  PaymentCreate,
  PaymentListParams,
  PaymentTotals,
  PaymentUpdate,
} from '../../../contract/payments.ts';
import { queryRows, type Database } from '../../db/database.ts';
import { payments } from './schema.ts';
import { recordAuditor } from '../../lib/audit.ts';
import { keysetRows } from '../../lib/csv-export.ts';
import { badRequest, fieldError, staleVersion } from '../../lib/http-errors.ts';
import { lockTenantRow } from '../../lib/row-lock.ts';
import { recordIdentity, recordStamp } from '../../lib/sql-values.ts';
import { buildFilterConditions, equalsValue, type FilterDefinitions } from '../../lib/list-page.ts';
import { tenantLister } from '../../lib/tenant-list-page.ts';
import { tenantScope, type TenantContext } from '../../lib/tenant.ts';
import { inTransaction } from '../../lib/tenant-repository.ts';
import {
  allocate,
  auditSettlements,
  lockDocuments,
  readSettlements,
  removeAllocations,
  translateAllocationErrors,
} from './allocations.ts';

/** The payment in scope's allocations in one allocation table, joined to what they settle. */
function allocatedTo(
  allocationTable: 'payment_allocations' | 'payment_note_allocations',
  documentTable: 'bills' | 'bill_notes',
  documentColumn: 'bill_id' | 'bill_note_id',
) {
  const allocations = sql.identifier(allocationTable);
  const documents = sql.identifier(documentTable);
  return sql`from ${allocations}
      join ${documents}
        on ${documents}.organization_id = ${allocations}.organization_id
       and ${documents}.id = ${allocations}.${sql.identifier(documentColumn)}
      where ${allocations}.organization_id = payments.organization_id
        and ${allocations}.payment_id = payments.id`;
}

/** The API record of the `payments` row in scope, merchant and allocations included. */
const paymentRecord = sql`json_build_object(
  ${recordIdentity('payments')},
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
      'billId', settled.id,
      'billNumber', settled.number,
      'kind', settled.kind,
      'amount', settled.amount
    ) order by settled.document_date, settled.number, settled.id)
    from (
      select bills.id, bills.number, 'bill' as kind, bills.bill_date as document_date,
        payment_allocations.amount
      ${allocatedTo('payment_allocations', 'bills', 'bill_id')}
      union all
      select bill_notes.id, bill_notes.number, 'debit_note', bill_notes.note_date,
        payment_note_allocations.amount
      ${allocatedTo('payment_note_allocations', 'bill_notes', 'bill_note_id')}
    ) as settled
  ), '[]'::json),
  'allocatedAmount', payments.allocated_amount,
  'unallocatedAmount', payments.amount + payments.tds_amount - payments.allocated_amount,
  ${recordStamp('payments')}
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
  billId: (value) => sql`(exists (
    select 1 from payment_allocations
    where payment_allocations.organization_id = ${payments.organizationId}
      and payment_allocations.payment_id = ${payments.id}
      and payment_allocations.bill_id = ${value}) or exists (
    select 1 from payment_note_allocations
    where payment_note_allocations.organization_id = ${payments.organizationId}
      and payment_note_allocations.payment_id = ${payments.id}
      and payment_note_allocations.bill_note_id = ${value}))`,
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

/** Payments as the trail keeps them: the merchant by name and the bills by number. */
function paymentAuditView(record: Payment): Record<string, unknown> {
  const { merchant, merchantId: _merchantId, allocations, ...rest } = record;
  return {
    ...rest,
    merchant: merchant.name,
    allocations: allocations.map((row) => ({ billNumber: row.billNumber, amount: row.amount })),
  };
}

const auditPayment = recordAuditor('payment', paymentAuditView);

/**
 * Writes the payment between locking the documents it settles and allocating to them: `write`
 * puts the row in place, then the allocations follow and each settled document's change goes on
 * the trail. Returns the payment as written.
 */
async function settling(
  tx: Database,
  tenant: TenantContext,
  id: string,
  values: PaymentCreate | PaymentUpdate,
  write: () => Promise<void>,
): Promise<Payment> {
  const named = values.allocations ? values.allocations.map((row) => row.billId) : null;
  const locked = await lockDocuments(tx, tenant, id, values.merchantId, named);
  const settlements = await readSettlements(tx, tenant, locked);
  await write();
  await allocate(tx, tenant, id, values.merchantId, values.allocations, locked);
  await auditSettlements(tx, tenant, locked, settlements);
  return (await readPayment(tx, tenant, id)) as Payment;
}

const lockPayment = (db: Database, tenant: TenantContext, id: string) =>
  lockTenantRow<{ id: string; version: number }>(db, tenant, 'payments', id, sql`id, version`);

export const paymentRepository = {
  list: tenantLister<Payment, PaymentListParams>({
    table: payments,
    filters: paymentFilters,
    defaultSort: '-paymentDate',
    sortable,
    record: paymentRecord,
    joins: merchantJoin,
    normalize: normalizePayment,
  }),

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

  /**
   * The merchant's live bills and debit notes that still owe money, in the order an automatic
   * allocation settles them: oldest first by date (a bill before a debit note of the same day),
   * then by number.
   */
  async openBills(db: Database, tenant: TenantContext, merchantId: string): Promise<OpenBill[]> {
    const org = tenant.organizationId;
    const rows = await queryRows<Record<keyof OpenBill, unknown>>(
      db,
      sql`select id as "_id", kind, number, to_char(document_date, 'YYYY-MM-DD') as "billDate",
            to_char(due_date, 'YYYY-MM-DD') as "dueDate", total_amount::text as "totalAmount",
            paid_amount::text as "paidAmount", (total_amount - paid_amount)::text as balance,
            due_date < current_date as "isOverdue"
          from (
            select id, 'bill' as kind, number, bill_date as document_date, due_date,
              total_amount, paid_amount
            from bills
            where organization_id = ${org}
              and merchant_id = ${merchantId}
              and status in ('unpaid', 'partly_paid')
              and total_amount > paid_amount
            union all
            select id, 'debit_note', number, note_date, due_date, total_amount, paid_amount
            from bill_notes
            where organization_id = ${org}
              and merchant_id = ${merchantId}
              and kind = 'debit' and status in ('unpaid', 'partly_paid')
              and total_amount > paid_amount
          ) as open_documents
          order by document_date, kind <> 'bill', number, id`,
    );
    return rows.map((row) => ({
      _id: row._id as string,
      kind: row.kind as OpenBill['kind'],
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
        const created = await settling(tx, tenant, id, values, async () => {
          await tx.execute(sql`
            insert into payments (organization_id, id, merchant_id, payment_date, amount, method,
              reference, tds_amount, notes)
            values (${tenant.organizationId}, ${id}, ${values.merchantId}, ${values.paymentDate}::date,
              ${String(values.amount)}::numeric, ${values.method}, ${values.reference ?? null},
              ${String(values.tdsAmount ?? 0)}::numeric, ${values.notes ?? null})`);
        });
        await auditPayment(tx, tenant, id, 'create', undefined, created);
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
        const after = await settling(tx, tenant, id, values, async () => {
          await removeAllocations(tx, tenant, id);
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
        });
        await auditPayment(tx, tenant, id, 'update', before, after);
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
      const locked = await lockDocuments(tx, tenant, id, before.merchantId, []);
      const settlements = await readSettlements(tx, tenant, locked);
      await removeAllocations(tx, tenant, id);
      await tx.execute(sql`
        delete from payments where organization_id = ${tenant.organizationId} and id = ${id}`);
      await auditSettlements(tx, tenant, locked, settlements);
      await auditPayment(tx, tenant, id, 'delete', before, undefined);
      return id;
    });
  },
};
