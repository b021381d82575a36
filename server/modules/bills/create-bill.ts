import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { computeBillFigures } from '../../../contract/bill-figures.ts';
import type { Bill, BillCreate } from '../../../contract/bills.ts';
import { queryRows, type Database } from '../../db/client.ts';
import { badRequest, conflict, fieldError, type FieldError } from '../../lib/http-errors.ts';
import type { TenantContext } from '../../lib/tenant.ts';
import { inTransaction } from '../../lib/tenant-repository.ts';
import { uuidArray } from '../../lib/sql-values.ts';
import { writtenBill } from './bill-record.ts';
import { financialYearOf, formatBillNumber } from './bill-numbers.ts';
import { billSeries, takeNumber } from './number-series.ts';

/** Orders in these states are finished work that can be billed. */
const BILLABLE_ORDER_STATUSES = ['completed', 'delivered'] as const;

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

/** Every order named must exist in the organization and be the merchant's (400, per index). */
function assertOrdersOfMerchant(values: BillCreate, found: Map<string, LockedOrder>) {
  const errors: FieldError[] = [];
  values.orderIds.forEach((orderId, index) => {
    const row = found.get(orderId);
    if (!row)
      errors.push(fieldError(`orderIds.${index}`, 'not_found', undefined, 'Order not found'));
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

export async function readProfile(db: Database, tenant: TenantContext): Promise<BillingProfile> {
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
      fieldError('merchantId', 'not_found', undefined, 'Merchant not found'),
    ]);
  }
  return row;
}

export function assertDueNotBeforeBill(billDate: string, dueDate: string | undefined) {
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

export async function createBill(
  db: Database,
  tenant: TenantContext,
  values: BillCreate,
): Promise<Bill> {
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
          undefined,
          'Neither the merchant nor the organization has a state; name the place of supply',
        ),
      ]);
    }
    assertDueNotBeforeBill(values.billDate, values.dueDate);
    const billType = values.billType ?? 'tax_invoice';
    const gstRate = values.gstRate ?? profile.defaultGstRate;
    const sac = values.sac ?? profile.defaultSac;
    const financialYear = financialYearOf(values.billDate);
    const sequence = await takeNumber(tx, tenant, billSeries(profile.billPrefix), financialYear);
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

    return writtenBill(tx, tenant, id, 'create', undefined);
  });
}
