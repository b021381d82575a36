import { sql, type SQL } from 'drizzle-orm';
import type {
  Bill,
  BillCancel,
  BillCreate,
  BillListParams,
  BillNextNumber,
  BillStatus,
  BillUpdate,
} from '../../../contract/bills.ts';
import { MONEY_MAX } from '../../../contract/common.ts';
import type { Order } from '../../../contract/orders.ts';
import { queryRows, type Database } from '../../db/client.ts';
import { bills } from './schema.ts';
import { refusingNumericOverflow } from '../../lib/db-errors.ts';
import { badRequest, conflict, staleVersion } from '../../lib/http-errors.ts';
import { lockTenantRow } from '../../lib/row-lock.ts';
import {
  buildFilterConditions,
  containsText,
  equalsValue,
  type FilterDefinitions,
} from '../../lib/list-page.ts';
import { tenantLister } from '../../lib/tenant-list-page.ts';
import { tenantScope, type TenantContext } from '../../lib/tenant.ts';
import { inTransaction } from '../../lib/tenant-repository.ts';
import { orderRecordsWhere } from '../orders/order-record.ts';
import {
  auditBillCancel,
  writtenBill,
  billRecord,
  isOverdue,
  normalizeBill,
  readBill,
} from './bill-record.ts';
import { financialYearOf, formatBillNumber } from './bill-numbers.ts';
import { assertDueNotBeforeBill, createBill, readProfile } from './create-bill.ts';
import { billSeries, peekNumber } from './number-series.ts';

type BillFilters = Omit<BillListParams, 'page' | 'limit' | 'sort'>;

const billFilters: FilterDefinitions<BillFilters> = {
  merchantId: equalsValue<string>(bills.merchantId),
  status: equalsValue<BillStatus>(bills.status),
  isOverdue: (value) => (value ? isOverdue : sql`not ${isOverdue}`),
  startDate: (value) => sql`${bills.billDate} >= ${value}`,
  endDate: (value) => sql`${bills.billDate} <= ${value}`,
  number: containsText(bills.number),
};

const sortable = {
  billDate: bills.billDate,
  number: bills.number,
  totalAmount: bills.totalAmount,
  dueDate: bills.dueDate,
  createdAt: bills.createdAt,
};

interface LockedBill {
  id: string;
  status: BillStatus;
  version: number;
  paid_amount: string;
  bill_date: string;
}

const lockBill = (db: Database, tenant: TenantContext, id: string) =>
  lockTenantRow<LockedBill>(
    db,
    tenant,
    'bills',
    id,
    sql`id, status, version, paid_amount, bill_date::text as bill_date`,
  );

export const billRepository = {
  list: tenantLister<Bill, BillListParams>({
    table: bills,
    filters: billFilters,
    defaultSort: '-billDate',
    sortable,
    record: billRecord,
    normalize: normalizeBill,
  }),

  findById: readBill,

  /** The number `takeNumber` would give a bill of this date now, without taking it. */
  async nextNumber(db: Database, tenant: TenantContext, billDate: string): Promise<BillNextNumber> {
    const profile = await readProfile(db, tenant);
    const financialYear = financialYearOf(billDate);
    const sequence = await peekNumber(db, tenant, billSeries(profile.billPrefix), financialYear);
    return {
      number: formatBillNumber(profile.billPrefix, financialYear, sequence),
      financialYear,
      sequence,
    };
  },

  /** Finished orders on no live bill, oldest first; of one merchant or of all. */
  async unbilledOrders(
    db: Database,
    tenant: TenantContext,
    merchantId: string | undefined,
  ): Promise<Order[]> {
    const conditions = [
      sql`orders.status in ('completed', 'delivered')`,
      sql`orders.bill_id is null`,
      ...(merchantId === undefined ? [] : [sql`orders.merchant_id = ${merchantId}`]),
    ];
    return orderRecordsWhere(
      db,
      tenant,
      sql.join(conditions, sql` and `),
      sql`orders.order_date, orders.id`,
    );
  },

  create(db: Database, tenant: TenantContext, values: BillCreate): Promise<Bill> {
    return refusingNumericOverflow(
      () => createBill(db, tenant, values),
      () =>
        badRequest('Validation failed', [
          {
            path: 'orderIds',
            code: 'too_big',
            params: { maximum: MONEY_MAX },
            message: 'The bill total would be larger than an amount can be',
          },
        ]),
    );
  },

  async update(
    db: Database,
    tenant: TenantContext,
    id: string,
    values: BillUpdate,
  ): Promise<Bill | undefined> {
    return inTransaction(db, async (tx) => {
      const stored = await lockBill(tx, tenant, id);
      if (!stored) return undefined;
      if (stored.version !== values.version) throw staleVersion(await readBill(tx, tenant, id));
      assertDueNotBeforeBill(stored.bill_date, values.dueDate);
      const before = (await readBill(tx, tenant, id)) as Bill;
      const assignments = [sql`version = version + 1`, sql`updated_at = now()`];
      if (values.dueDate !== undefined) assignments.push(sql`due_date = ${values.dueDate}::date`);
      if (values.notes !== undefined) assignments.push(sql`notes = ${values.notes}`);
      await tx.execute(
        sql`update bills set ${sql.join(assignments, sql`, `)}
            where organization_id = ${tenant.organizationId} and id = ${id}`,
      );
      return writtenBill(tx, tenant, id, 'update', before);
    });
  },

  /** Keeps the number; the bill's orders are free to be billed again. */
  async cancel(
    db: Database,
    tenant: TenantContext,
    id: string,
    values: BillCancel,
  ): Promise<Bill | undefined> {
    return inTransaction(db, async (tx) => {
      const stored = await lockBill(tx, tenant, id);
      if (!stored) return undefined;
      if (values.version !== undefined && stored.version !== values.version) {
        throw staleVersion(await readBill(tx, tenant, id));
      }
      if (stored.status === 'cancelled') {
        throw conflict('The bill is already cancelled', { code: 'invalid_transition' });
      }
      const [notes] = await queryRows<{ live: number }>(
        tx,
        sql`select count(*)::int as live from bill_notes
            where organization_id = ${tenant.organizationId} and bill_id = ${id}
              and status <> 'cancelled'`,
      );
      if (Number(notes?.live) > 0) {
        throw conflict('Notes are issued against the bill; cancel them before cancelling it', {
          code: 'bill_has_notes',
        });
      }
      if (Number(stored.paid_amount) > 0) {
        throw conflict('Payments are allocated to the bill; move them before cancelling it', {
          code: 'bill_has_payments',
        });
      }
      const before = (await readBill(tx, tenant, id)) as Bill;
      await tx.execute(sql`
        update bills set status = 'cancelled', cancelled_at = now(), cancel_reason = ${values.reason},
          version = version + 1, updated_at = now()
        where organization_id = ${tenant.organizationId} and id = ${id}`);
      await tx.execute(sql`
        update bill_orders set is_live = false
        where organization_id = ${tenant.organizationId} and bill_id = ${id}`);
      await tx.execute(sql`
        update orders set bill_id = null, version = version + 1, updated_at = now()
        where organization_id = ${tenant.organizationId} and bill_id = ${id}`);
      const after = (await readBill(tx, tenant, id)) as Bill;
      await auditBillCancel(tx, tenant, id, 'cancel', { ...before, cancelReason: null }, after);
      return after;
    });
  },
};

/**
 * The register's notes for the same filters: a merchant and dates apply to a note's own date; a
 * filter only a bill has (status, overdue, number) leaves the notes out.
 */
function noteRegisterScope(tenant: TenantContext, query: Partial<BillFilters>): SQL | undefined {
  if (query.status !== undefined || query.isOverdue !== undefined || query.number !== undefined) {
    return undefined;
  }
  const conditions = [sql`bill_notes.organization_id = ${tenant.organizationId}`];
  if (query.merchantId !== undefined) {
    conditions.push(sql`bill_notes.merchant_id = ${query.merchantId}`);
  }
  if (query.startDate !== undefined) {
    conditions.push(sql`bill_notes.note_date >= ${query.startDate}::date`);
  }
  if (query.endDate !== undefined) {
    conditions.push(sql`bill_notes.note_date <= ${query.endDate}::date`);
  }
  return sql.join(conditions, sql` and `);
}

/**
 * CSV register rows, bills and their credit and debit notes, one page at a time in (date, id)
 * order, so memory stays flat. A note names the invoice it corrects. Each kind of document takes
 * its own page from its date index, after the previous page's last row, and the two are merged:
 * a union sorted as a whole read and sorted every remaining row of the range for each page.
 */
export async function* billRegisterRows(
  db: Database,
  tenant: TenantContext,
  query: Partial<BillFilters>,
  pageSize = 1000,
): AsyncGenerator<Record<string, string>> {
  const where = tenantScope(
    bills,
    tenant,
    ...buildFilterConditions(billFilters, query as BillFilters),
  );
  const noteScope = noteRegisterScope(tenant, query);
  let after: { date: string; id: string } | undefined;
  for (;;) {
    const billsAfter = after
      ? sql`and (bills.bill_date, bills.id) > (${after.date}::date, ${after.id}::uuid)`
      : sql``;
    const notesAfter = after
      ? sql`and (bill_notes.note_date, bill_notes.id) > (${after.date}::date, ${after.id}::uuid)`
      : sql``;
    const notes = noteScope
      ? sql`union all
          (select bill_notes.id, bill_notes.number, bill_notes.note_date,
            bill_notes.kind || '_note', bills.number, to_char(bills.bill_date, 'YYYY-MM-DD'),
            bill_notes.merchant, bill_notes.place_of_supply, bill_notes.taxable_amount,
            bill_notes.cgst_amount, bill_notes.sgst_amount, bill_notes.igst_amount,
            bill_notes.round_off, bill_notes.total_amount, bill_notes.status
          from bill_notes
          join bills on bills.organization_id = bill_notes.organization_id
            and bills.id = bill_notes.bill_id
          where ${noteScope} ${notesAfter}
          order by bill_notes.note_date, bill_notes.id
          limit ${pageSize})`
      : sql``;
    const rows = await queryRows<Record<string, string>>(
      db,
      sql`select documents.id, documents.number, to_char(documents.date, 'YYYY-MM-DD') as bill_date,
            documents.document, coalesce(documents.original_number, '') as original_number,
            coalesce(documents.original_date, '') as original_date,
            documents.merchant->>'name' as buyer_name,
            coalesce(documents.merchant->>'gstin', '') as buyer_gstin,
            documents.place_of_supply, documents.taxable::text as taxable,
            documents.cgst::text as cgst, documents.sgst::text as sgst,
            documents.igst::text as igst, documents.round_off::text as round_off,
            documents.total::text as total, documents.status
          from (
            (select bills.id, bills.number, bills.bill_date as date, 'invoice' as document,
              null::text as original_number, null::text as original_date, bills.merchant,
              bills.place_of_supply, bills.taxable_amount as taxable, bills.cgst_amount as cgst,
              bills.sgst_amount as sgst, bills.igst_amount as igst, bills.round_off,
              bills.total_amount as total, bills.status
            from bills
            where ${where} ${billsAfter}
            order by bills.bill_date, bills.id
            limit ${pageSize})
            ${notes}
          ) as documents
          order by documents.date, documents.id
          limit ${pageSize}`,
    );
    for (const row of rows) yield row;
    const last = rows.at(-1);
    if (!last || rows.length < pageSize) return;
    after = { date: last.bill_date as string, id: last.id as string };
  }
}
