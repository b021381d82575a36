import { sql, type SQL } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { computeBillFigures } from '../../../contract/bill-figures.ts';
import type {
  Bill,
  BillCancel,
  BillCreate,
  BillListParams,
  BillNextNumber,
  BillStatus,
  BillUpdate,
} from '../../../contract/bills.ts';
import { MONEY_MAX, type Paged } from '../../../contract/common.ts';
import type { Order } from '../../../contract/orders.ts';
import { englishFieldMessage } from '../../../contract/validation.ts';
import { queryRows, type Database } from '../../db/client.ts';
import { bills } from './schema.ts';
import { appendAudit, auditChanges } from '../../lib/audit.ts';
import { refusingNumericOverflow } from '../../lib/db-errors.ts';
import { badRequest, conflict, staleVersion, type FieldError } from '../../lib/http-errors.ts';
import {
  buildFilterConditions,
  containsText,
  equalsValue,
  orderByFor,
  type FilterDefinitions,
} from '../../lib/list-page.ts';
import { pagedRecords } from '../../lib/paged-records.ts';
import { isoTimestamp } from '../../lib/sql-values.ts';
import { tenantScope, type TenantContext } from '../../lib/tenant.ts';
import { inTransaction } from '../../lib/tenant-repository.ts';
import { orderRecordsWhere } from '../orders/repository.ts';

/** Orders in these states are finished work that can be billed. */
const BILLABLE_ORDER_STATUSES = ['completed', 'delivered'] as const;

/** April to March: `2026-27` for any date from 1 April 2026 to 31 March 2027. */
export function financialYearOf(billDate: string): string {
  const year = Number(billDate.slice(0, 4));
  const month = Number(billDate.slice(5, 7));
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

export const formatBillNumber = (prefix: string, financialYear: string, sequence: number) =>
  `${prefix}/${financialYear}/${String(sequence).padStart(4, '0')}`;

const balanceOf = sql`case when bills.status = 'cancelled' then 0
  else bills.total_amount - bills.paid_amount end`;
const isOverdue = sql`(bills.status <> 'cancelled'
  and bills.total_amount - bills.paid_amount > 0 and bills.due_date < current_date)`;

/**
 * A sum over the bill's live notes of one kind. A credit note's settled part is kept in the
 * bill's `paid_amount` (so balances, dues and payments see it), and taken out again for reads.
 */
const liveNotesSum = (kind: 'credit' | 'debit', column: 'applied_amount' | 'total_amount') =>
  sql`(select coalesce(sum(bill_notes.${sql.raw(column)}), 0) from bill_notes
    where bill_notes.organization_id = bills.organization_id and bill_notes.bill_id = bills.id
      and bill_notes.kind = ${kind} and bill_notes.status <> 'cancelled')`;

/** The API record of the `bills` row in scope, lines included, built by the database. */
const billRecord = sql`json_build_object(
  '_id', bills.id,
  'organizationId', bills.organization_id,
  'number', bills.number,
  'merchantId', bills.merchant_id,
  'merchant', bills.merchant,
  'billDate', bills.bill_date,
  'dueDate', bills.due_date,
  'billType', bills.bill_type,
  'gstRate', bills.gst_rate,
  'sac', bills.sac,
  'placeOfSupply', bills.place_of_supply,
  'lines', coalesce((
    select json_agg(json_build_object(
      'orderId', bill_lines.order_id,
      'poNumber', bill_lines.po_number,
      'designCode', bill_lines.design_code,
      'designName', bill_lines.design_name,
      'quantity', bill_lines.quantity,
      'rate', bill_lines.rate,
      'amount', bill_lines.amount
    ) order by bill_lines.position)
    from bill_lines
    where bill_lines.organization_id = bills.organization_id and bill_lines.bill_id = bills.id
  ), '[]'::json),
  'taxableAmount', bills.taxable_amount,
  'cgstAmount', bills.cgst_amount,
  'sgstAmount', bills.sgst_amount,
  'igstAmount', bills.igst_amount,
  'roundOff', bills.round_off,
  'totalAmount', bills.total_amount,
  'paidAmount', bills.paid_amount - ${liveNotesSum('credit', 'applied_amount')},
  'creditedAmount', ${liveNotesSum('credit', 'total_amount')},
  'debitedAmount', ${liveNotesSum('debit', 'total_amount')},
  'balance', ${balanceOf},
  'status', bills.status,
  'isOverdue', ${isOverdue},
  'seller', bills.seller,
  'notes', bills.notes,
  'cancelledAt', case when bills.cancelled_at is null then null
    else ${isoTimestamp(sql`bills.cancelled_at`)} end,
  'cancelReason', bills.cancel_reason,
  'version', bills.version,
  'createdAt', ${isoTimestamp(sql`bills.created_at`)},
  'updatedAt', ${isoTimestamp(sql`bills.updated_at`)}
)`;

const MONEY_FIELDS = [
  'taxableAmount',
  'cgstAmount',
  'sgstAmount',
  'igstAmount',
  'roundOff',
  'totalAmount',
  'paidAmount',
  'creditedAmount',
  'debitedAmount',
  'balance',
] as const;

/** JSON arrives parsed from both drivers; a numeric string would only come from a driver quirk. */
function normalizeBill(raw: unknown): Bill {
  const record = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Bill;
  for (const field of MONEY_FIELDS) record[field] = Number(record[field]);
  for (const line of record.lines) {
    line.rate = Number(line.rate);
    line.amount = Number(line.amount);
  }
  return record;
}

type BillFilters = Omit<BillListParams, 'page' | 'limit' | 'sort'>;

export const billFilters: FilterDefinitions<BillFilters> = {
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

async function readBill(db: Database, tenant: TenantContext, id: string) {
  const rows = await queryRows<{ record: unknown }>(
    db,
    sql`select ${billRecord} as record from bills
        where bills.organization_id = ${tenant.organizationId} and bills.id = ${id}`,
  );
  return rows[0] ? normalizeBill(rows[0].record) : undefined;
}

const uuidArray = (ids: readonly string[]) =>
  sql`array[${sql.join(
    ids.map((value) => sql`${value}`),
    sql`, `,
  )}]::uuid[]`;

interface BillingProfile {
  state: string | null;
  billPrefix: string;
  defaultGstRate: number;
  defaultSac: string | null;
  paymentTermsDays: number;
}

interface MerchantRow {
  id: string;
  state: string | null;
}

interface LockedOrder {
  id: string;
  merchantId: string;
  status: string;
  poNumber: string;
  billNumber: string | null;
}

const fieldError = (
  path: string,
  code: FieldError['code'],
  message = englishFieldMessage(code),
): FieldError => ({ path, code, message });

/** Every order named must exist in the organization and be the merchant's (400, per index). */
function assertOrdersOfMerchant(values: BillCreate, found: Map<string, LockedOrder>) {
  const errors: FieldError[] = [];
  values.orderIds.forEach((orderId, index) => {
    const row = found.get(orderId);
    if (!row) errors.push(fieldError(`orderIds.${index}`, 'not_found', 'Order not found'));
    else if (row.merchantId !== values.merchantId) {
      errors.push({
        path: `orderIds.${index}`,
        code: 'invalid_value',
        params: { rule: 'merchant' },
        message: 'The order belongs to another merchant',
      });
    }
  });
  if (errors.length > 0) throw badRequest('Validation failed', errors);
}

function assertOrdersBillable(values: BillCreate, found: Map<string, LockedOrder>) {
  const unfinished = values.orderIds
    .map((orderId, index) => ({ index, row: found.get(orderId) as LockedOrder }))
    .filter(({ row }) => !(BILLABLE_ORDER_STATUSES as readonly string[]).includes(row.status));
  if (unfinished.length > 0) {
    throw conflict(
      `Only completed or delivered orders can be billed: ${unfinished.map(({ row }) => row.poNumber).join(', ')}`,
      {
        code: 'order_not_billable',
        errors: unfinished.map(({ index, row }) => ({
          path: `orderIds.${index}`,
          code: 'invalid_value',
          params: { poNumber: row.poNumber, status: row.status },
          message: `Order ${row.poNumber} is ${row.status}`,
        })),
      },
    );
  }
  const billed = values.orderIds
    .map((orderId, index) => ({ index, row: found.get(orderId) as LockedOrder }))
    .filter(({ row }) => row.billNumber !== null);
  if (billed.length > 0) {
    throw conflict(
      billed
        .map(({ row }) => `Order ${row.poNumber} is already on bill ${row.billNumber}`)
        .join('; '),
      {
        code: 'order_already_billed',
        errors: billed.map(({ index, row }) => ({
          path: `orderIds.${index}`,
          code: 'duplicate',
          params: { poNumber: row.poNumber, billNumber: row.billNumber as string },
          message: `Order ${row.poNumber} is already on bill ${row.billNumber}`,
        })),
      },
    );
  }
}

/**
 * The orders locked for the rest of the transaction, in id order so two bills naming the same
 * orders wait for each other instead of deadlocking; a second bill then sees the first's bill.
 */
async function lockOrders(db: Database, tenant: TenantContext, orderIds: readonly string[]) {
  const rows = await queryRows<{
    id: string;
    merchant_id: string;
    status: string;
    po_number: string;
    bill_id: string | null;
  }>(
    db,
    sql`select id, merchant_id, status, po_number, bill_id from orders
        where organization_id = ${tenant.organizationId} and id = any(${uuidArray(orderIds)})
        order by id
        for update`,
  );
  const billIds = [...new Set(rows.flatMap((row) => (row.bill_id ? [row.bill_id] : [])))];
  const numbers = new Map<string, string>();
  if (billIds.length > 0) {
    const billed = await queryRows<{ id: string; number: string }>(
      db,
      sql`select id, number from bills
          where organization_id = ${tenant.organizationId} and id = any(${uuidArray(billIds)})`,
    );
    for (const row of billed) numbers.set(row.id, row.number);
  }
  return new Map<string, LockedOrder>(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        merchantId: row.merchant_id,
        status: row.status,
        poNumber: row.po_number,
        billNumber: row.bill_id ? (numbers.get(row.bill_id) ?? row.bill_id) : null,
      },
    ]),
  );
}

async function readProfile(db: Database, tenant: TenantContext): Promise<BillingProfile> {
  const [row] = await queryRows<BillingProfile>(
    db,
    sql`select state, bill_prefix as "billPrefix", default_gst_rate as "defaultGstRate",
          default_sac as "defaultSac", payment_terms_days as "paymentTermsDays"
        from organizations where id = ${tenant.organizationId}`,
  );
  if (!row) throw new Error('The signed-in organization exists');
  return row;
}

async function readMerchant(db: Database, tenant: TenantContext, merchantId: string) {
  const [row] = await queryRows<MerchantRow>(
    db,
    sql`select id, state from merchants
        where organization_id = ${tenant.organizationId} and id = ${merchantId}`,
  );
  if (!row) {
    throw badRequest('Validation failed', [
      fieldError('merchantId', 'not_found', 'Merchant not found'),
    ]);
  }
  return row;
}

/**
 * The next number of the series, from the counter row. The upsert keeps the row locked until the
 * bill commits: a concurrent bill waits and takes the following number, and a bill that fails
 * rolls its increment back, so the series has neither gaps nor duplicates.
 */
async function takeNumber(
  db: Database,
  tenant: TenantContext,
  prefix: string,
  financialYear: string,
): Promise<number> {
  const [row] = await queryRows<{ last_number: number }>(
    db,
    sql`insert into bill_counters (organization_id, prefix, financial_year, last_number)
        values (${tenant.organizationId}, ${prefix}, ${financialYear}, 1)
        on conflict (organization_id, prefix, financial_year)
        do update set last_number = bill_counters.last_number + 1
        returning last_number`,
  );
  return Number(row?.last_number);
}

/**
 * Bills as the trail keeps them: the fields a reader compares, without the copied lines. The
 * merchant goes in by name, as orders do; its id would only show a reader a code.
 */
function billAuditView(record: Bill | undefined): Record<string, unknown> | undefined {
  if (!record) return undefined;
  const {
    lines,
    seller: _seller,
    merchant,
    merchantId: _merchantId,
    balance: _balance,
    isOverdue: _isOverdue,
    ...rest
  } = record;
  return { ...rest, merchant: merchant.name, orders: [...new Set(lines.map((l) => l.poNumber))] };
}

const selectBillFields = sql`select bills.id, bills.status, bills.version, bills.paid_amount,
  bills.bill_date::text as bill_date`;

async function lockBill(db: Database, tenant: TenantContext, id: string) {
  const [row] = await queryRows<{
    id: string;
    status: BillStatus;
    version: number;
    paid_amount: string;
    bill_date: string;
  }>(
    db,
    sql`${selectBillFields} from bills
        where bills.organization_id = ${tenant.organizationId} and bills.id = ${id}
        for update`,
  );
  return row;
}

function assertDueNotBeforeBill(billDate: string, dueDate: string | undefined) {
  if (dueDate === undefined || dueDate >= billDate) return;
  throw badRequest('Validation failed', [
    {
      path: 'dueDate',
      code: 'too_small',
      params: { minimum: billDate },
      message: `The due date cannot be before the bill date (${billDate})`,
    },
  ]);
}

async function createBill(db: Database, tenant: TenantContext, values: BillCreate): Promise<Bill> {
  return inTransaction(db, async (tx) => {
    const profile = await readProfile(tx, tenant);
    const merchant = await readMerchant(tx, tenant, values.merchantId);
    const locked = await lockOrders(tx, tenant, values.orderIds);
    assertOrdersOfMerchant(values, locked);
    assertOrdersBillable(values, locked);
    const placeOfSupply = values.placeOfSupply ?? merchant.state ?? profile.state;
    if (!placeOfSupply) {
      throw badRequest('Validation failed', [
        fieldError(
          'placeOfSupply',
          'required',
          'Neither the merchant nor the organization has a state; name the place of supply',
        ),
      ]);
    }
    assertDueNotBeforeBill(values.billDate, values.dueDate);
    const billType = values.billType ?? 'tax_invoice';
    const gstRate = values.gstRate ?? profile.defaultGstRate;
    const sac = values.sac ?? profile.defaultSac;
    const financialYear = financialYearOf(values.billDate);
    const sequence = await takeNumber(tx, tenant, profile.billPrefix, financialYear);
    const number = formatBillNumber(profile.billPrefix, financialYear, sequence);
    const id = uuidv7();
    const dueDate = values.dueDate
      ? sql`${values.dueDate}::date`
      : sql`${values.billDate}::date + ${profile.paymentTermsDays}::integer`;

    // Money is filled in from the lines below, once they exist.
    await tx.execute(sql`
        insert into bills (
          organization_id, id, number, merchant_id, bill_date, due_date, bill_type, gst_rate, sac,
          place_of_supply, taxable_amount, cgst_amount, sgst_amount, igst_amount, round_off,
          total_amount, seller, merchant, notes
        )
        select ${tenant.organizationId}, ${id}, ${number}, merchants.id, ${values.billDate}::date,
          ${dueDate}, ${billType}, ${gstRate}::integer, ${sac}, ${placeOfSupply}, 0, 0, 0, 0, 0, 0,
          (
            select jsonb_build_object(
              'name', o.name, 'legalName', o.legal_name, 'address', o.address, 'city', o.city,
              'state', o.state, 'pincode', o.pincode, 'phone', o.phone, 'email', o.email,
              'gstin', o.gstin, 'pan', o.pan, 'udyamNumber', o.udyam_number, 'upiId', o.upi_id,
              'billTerms', o.bill_terms,
              'bank', (
                select jsonb_build_object(
                  'bankName', b.bank_name, 'accountHolderName', b.account_holder_name,
                  'accountNumber', b.account_number, 'ifscCode', b.ifsc_code,
                  'branchName', b.branch
                )
                from bank_details b
                where b.organization_id = o.id and b.is_active
              )
            )
            from organizations o where o.id = ${tenant.organizationId}
          ),
          jsonb_build_object(
            '_id', merchants.id, 'name', merchants.name, 'address', merchants.address,
            'city', merchants.city, 'gstin', merchants.gstin, 'state', merchants.state,
            'phone', merchants.phone
          ),
          ${values.notes ?? null}
        from merchants
        where merchants.organization_id = ${tenant.organizationId}
          and merchants.id = ${values.merchantId}`);

    await tx.execute(sql`
        insert into bill_lines (
          organization_id, id, bill_id, position, order_id, po_number, design_code, design_name,
          quantity, rate, amount
        )
        select ${tenant.organizationId}, gen_random_uuid(), ${id},
          (row_number() over (order by requested.position, order_lines.position))::integer - 1,
          orders.id, orders.po_number, designs.design_code, designs.name,
          order_lines.quantity, order_lines.rate, order_lines.amount
        from unnest(${uuidArray(values.orderIds)}) with ordinality as requested(order_id, position)
        join orders
          on orders.organization_id = ${tenant.organizationId} and orders.id = requested.order_id
        join order_lines
          on order_lines.organization_id = orders.organization_id
         and order_lines.order_id = orders.id
        join designs
          on designs.organization_id = order_lines.organization_id
         and designs.id = order_lines.design_id`);

    // The figures come from the same function the billing desk's review shows them with.
    const lineRows = await queryRows<{ amount: string }>(
      tx,
      sql`select amount::text as amount from bill_lines
          where organization_id = ${tenant.organizationId} and bill_id = ${id}`,
    );
    const figures = computeBillFigures({
      lineAmounts: lineRows.map((row) => Number(row.amount)),
      billType,
      gstRate: Number(gstRate),
      sellerState: profile.state,
      placeOfSupply,
    });
    const money = (rupees: number) => sql`${rupees.toFixed(2)}::numeric`;
    await tx.execute(sql`
        update bills set
          taxable_amount = ${money(figures.taxable)},
          cgst_amount = ${money(figures.cgst)},
          sgst_amount = ${money(figures.sgst)},
          igst_amount = ${money(figures.igst)},
          round_off = ${money(figures.roundOff)},
          total_amount = ${money(figures.total)}
        where organization_id = ${tenant.organizationId} and id = ${id}`);

    await tx.execute(sql`
        insert into bill_orders (organization_id, bill_id, order_id)
        select ${tenant.organizationId}, ${id}, order_id from unnest(${uuidArray(values.orderIds)})
          as requested(order_id)`);
    // An unpaid bill: its orders are unpaid until the bill is paid.
    await tx.execute(sql`
        update orders set bill_id = ${id}, is_paid = false, version = version + 1,
          updated_at = now()
        where organization_id = ${tenant.organizationId}
          and id = any(${uuidArray(values.orderIds)})`);

    const created = (await readBill(tx, tenant, id)) as Bill;
    await appendAudit(tx, {
      organizationId: tenant.organizationId,
      userId: tenant.userId,
      action: 'create',
      entity: 'bill',
      entityId: id,
      changes: auditChanges(undefined, billAuditView(created)),
    });
    return created;
  });
}

export const billRepository = {
  async list(db: Database, tenant: TenantContext, query: BillListParams): Promise<Paged<Bill>> {
    const where = tenantScope(bills, tenant, ...buildFilterConditions(billFilters, query));
    const orderBy = sql.join(orderByFor(query.sort ?? '-billDate', sortable, bills.id), sql`, `);
    return pagedRecords(db, {
      table: 'bills',
      organizationId: tenant.organizationId,
      where,
      orderBy,
      record: billRecord,
      page: query.page,
      limit: query.limit,
      normalize: normalizeBill,
    });
  },

  findById: readBill,

  /** The number `takeNumber` would give a bill of this date now, without taking it. */
  async nextNumber(db: Database, tenant: TenantContext, billDate: string): Promise<BillNextNumber> {
    const profile = await readProfile(db, tenant);
    const financialYear = financialYearOf(billDate);
    const [row] = await queryRows<{ last_number: number }>(
      db,
      sql`select last_number from bill_counters
          where organization_id = ${tenant.organizationId} and prefix = ${profile.billPrefix}
            and financial_year = ${financialYear}`,
    );
    const sequence = Number(row?.last_number ?? 0) + 1;
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
      const after = (await readBill(tx, tenant, id)) as Bill;
      await appendAudit(tx, {
        organizationId: tenant.organizationId,
        userId: tenant.userId,
        action: 'update',
        entity: 'bill',
        entityId: id,
        changes: auditChanges(billAuditView(before), billAuditView(after)),
      });
      return after;
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
      await appendAudit(tx, {
        organizationId: tenant.organizationId,
        userId: tenant.userId,
        action: 'cancel',
        entity: 'bill',
        entityId: id,
        changes: auditChanges(
          { status: before.status, cancelReason: null },
          { status: after.status, cancelReason: after.cancelReason },
        ),
      });
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
 * order, so memory stays flat. A note names the invoice it corrects.
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
  const notes = noteScope
    ? sql`union all
        select bill_notes.id, bill_notes.number, bill_notes.note_date,
          bill_notes.kind || '_note', bills.number, to_char(bills.bill_date, 'YYYY-MM-DD'),
          bill_notes.merchant, bill_notes.place_of_supply, bill_notes.taxable_amount,
          bill_notes.cgst_amount, bill_notes.sgst_amount, bill_notes.igst_amount,
          bill_notes.round_off, bill_notes.total_amount, bill_notes.status
        from bill_notes
        join bills on bills.organization_id = bill_notes.organization_id
          and bills.id = bill_notes.bill_id
        where ${noteScope}`
    : sql``;
  let after: { date: string; id: string } | undefined;
  for (;;) {
    const keyset = after
      ? sql`where (documents.date, documents.id) > (${after.date}::date, ${after.id}::uuid)`
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
            select bills.id, bills.number, bills.bill_date as date, 'invoice' as document,
              null::text as original_number, null::text as original_date, bills.merchant,
              bills.place_of_supply, bills.taxable_amount as taxable, bills.cgst_amount as cgst,
              bills.sgst_amount as sgst, bills.igst_amount as igst, bills.round_off,
              bills.total_amount as total, bills.status
            from bills
            where ${where}
            ${notes}
          ) as documents
          ${keyset}
          order by documents.date, documents.id
          limit ${pageSize}`,
    );
    for (const row of rows) yield row;
    const last = rows.at(-1);
    if (!last || rows.length < pageSize) return;
    after = { date: last.bill_date as string, id: last.id as string };
  }
}
