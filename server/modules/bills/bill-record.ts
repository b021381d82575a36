import { sql } from 'drizzle-orm';
import type { Bill } from '../../../contract/bills.ts';
import { queryRows, type Database } from '../../db/client.ts';
import { afterWrite, cancelAuditView, recordAuditor } from '../../lib/audit.ts';
import type { TenantContext } from '../../lib/tenant.ts';
import {
  documentTailRecord,
  recordWithNumbers,
  TAX_FIGURE_FIELDS,
  taxFiguresRecord,
} from './document-record.ts';
import { recordIdentity } from '../../lib/sql-values.ts';

const balanceOf = sql`case when bills.status = 'cancelled' then 0
  else bills.total_amount - bills.paid_amount end`;
export const isOverdue = sql`(bills.status <> 'cancelled'
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
export const billRecord = sql`json_build_object(
  ${recordIdentity('bills')},
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
  ${taxFiguresRecord('bills')},
  'paidAmount', bills.paid_amount - ${liveNotesSum('credit', 'applied_amount')},
  'creditedAmount', ${liveNotesSum('credit', 'total_amount')},
  'debitedAmount', ${liveNotesSum('debit', 'total_amount')},
  'balance', ${balanceOf},
  'status', bills.status,
  'isOverdue', ${isOverdue},
  ${documentTailRecord('bills')}
)`;

const MONEY_FIELDS = [
  ...TAX_FIGURE_FIELDS,
  'paidAmount',
  'creditedAmount',
  'debitedAmount',
  'balance',
] as const;

export function normalizeBill(raw: unknown): Bill {
  const record = recordWithNumbers<Bill>(raw, MONEY_FIELDS);
  for (const line of record.lines) {
    line.rate = Number(line.rate);
    line.amount = Number(line.amount);
  }
  return record;
}

export async function readBill(db: Database, tenant: TenantContext, id: string) {
  const rows = await queryRows<{ record: unknown }>(
    db,
    sql`select ${billRecord} as record from bills
        where bills.organization_id = ${tenant.organizationId} and bills.id = ${id}`,
  );
  return rows[0] ? normalizeBill(rows[0].record) : undefined;
}

/**
 * Bills as the trail keeps them: the fields a reader compares, without the copied lines. The
 * merchant goes in by name, as orders do; its id would only show a reader a code.
 */
function billAuditView(record: Bill): Record<string, unknown> {
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

const auditBill = recordAuditor('bill', billAuditView);

/** The bill as a create or an update left it, its change on the trail. */
export const writtenBill = afterWrite(auditBill, readBill);

export const auditBillCancel = recordAuditor('bill', cancelAuditView);
