import { sql } from 'drizzle-orm';
import type { DuesReport, Statement, StatementEntry } from '../../../contract/dues.ts';
import { queryRows, type Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/tenant.ts';

interface DuesSumsRow {
  billedAmount: number | string;
  receivedAmount: number | string;
  advanceAmount: number | string;
  outstandingAmount: number | string;
  overdueAmount: number | string;
  ageing: Record<'days0to15' | 'days16to45' | 'days46to90' | 'days90plus', number | string>;
}

interface DuesRowRaw extends DuesSumsRow {
  merchantId: string;
  merchantName: string;
  oldestDueDate: string | null;
  oldestBillDays: number | null;
}

const sums = (row: DuesSumsRow) => ({
  billedAmount: Number(row.billedAmount),
  receivedAmount: Number(row.receivedAmount),
  advanceAmount: Number(row.advanceAmount),
  outstandingAmount: Number(row.outstandingAmount),
  overdueAmount: Number(row.overdueAmount),
  ageing: {
    days0to15: Number(row.ageing.days0to15),
    days16to45: Number(row.ageing.days16to45),
    days46to90: Number(row.ageing.days46to90),
    days90plus: Number(row.ageing.days90plus),
  },
});

const parsed = <T>(value: unknown): T =>
  (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** Payments of one day in the order they were recorded. */
const paymentCreatedKey = sql`to_char(payments.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`;

export const duesRepository = {
  /**
   * The dues book as it stood at the end of `asOf` (today when absent): live bills dated by then,
   * less what payments dated by then settled of them. One statement, all money in numeric.
   */
  async report(db: Database, tenant: TenantContext, asOf: string | undefined): Promise<DuesReport> {
    const org = tenant.organizationId;
    // Written out where it is used rather than read from a CTE, so the planner estimates each
    // date condition from the actual day (today is folded in at planning).
    const asOfDay = sql`coalesce(${asOf ?? null}::date, current_date)`;
    const [row] = await queryRows<{ asOf: string; rows: unknown; totals: unknown }>(
      db,
      sql`with params as (
            select ${asOfDay} as as_of
          ),
          -- The trigger keeps each bill's paid amount equal to what is allocated to it, so what
          -- a bill owed on as_of is its balance now plus the allocations of payments dated later
          -- (usually none). Summing every allocation instead was most of this report's time.
          late as (
            select payment_allocations.bill_id, sum(payment_allocations.amount) as amount
            from payments
            join payment_allocations
              on payment_allocations.organization_id = payments.organization_id
             and payment_allocations.payment_id = payments.id
            where payments.organization_id = ${org}
              and payments.payment_date > ${asOfDay}
            group by payment_allocations.bill_id
          ),
          -- The kept all-time figures less what is dated after as_of (nothing, usually, for today),
          -- read through the live bills' and the payments' date indexes.
          later_bills as (
            select merchant_id, count(*) as bill_count, sum(total_amount) as billed
            from bills
            where organization_id = ${org}
              and status <> 'cancelled'
              and bill_date > ${asOfDay}
            group by merchant_id
          ),
          later_payments as (
            select merchant_id, count(*) as payment_count, sum(amount + tds_amount) as received
            from payments
            where organization_id = ${org} and payment_date > ${asOfDay}
            group by merchant_id
          ),
          balances as (
            select merchant_balances.merchant_id,
              merchant_balances.bill_count - coalesce(later_bills.bill_count, 0) as bill_count,
              merchant_balances.billed_amount - coalesce(later_bills.billed, 0) as billed,
              merchant_balances.payment_count - coalesce(later_payments.payment_count, 0)
                as payment_count,
              merchant_balances.received_amount - coalesce(later_payments.received, 0) as received
            from merchant_balances
            left join later_bills on later_bills.merchant_id = merchant_balances.merchant_id
            left join later_payments on later_payments.merchant_id = merchant_balances.merchant_id
            where merchant_balances.organization_id = ${org}
          ),
          -- Only bills that owed something on as_of: open now (read through the status index),
          -- or settled since by a payment dated later.
          owing as (
            select bills.merchant_id, bills.number, bills.id, bills.bill_date, bills.due_date,
              bills.total_amount - bills.paid_amount + coalesce(late.amount, 0) as balance,
              ${asOfDay} - bills.bill_date as days,
              bills.due_date < ${asOfDay} as overdue
            from bills
            left join late on late.bill_id = bills.id
            where bills.organization_id = ${org}
              and bills.status in ('unpaid', 'partly_paid')
              and bills.bill_date <= ${asOfDay}
            union all
            select bills.merchant_id, bills.number, bills.id, bills.bill_date, bills.due_date,
              late.amount as balance,
              ${asOfDay} - bills.bill_date as days,
              bills.due_date < ${asOfDay} as overdue
            from late
            join bills on bills.organization_id = ${org} and bills.id = late.bill_id
            where bills.status = 'paid'
              and bills.bill_date <= ${asOfDay}
          ),
          owed as (
            select merchant_id,
              sum(balance) as outstanding,
              sum(balance) filter (where overdue) as overdue,
              sum(balance) filter (where days <= 15) as days0to15,
              sum(balance) filter (where days between 16 and 45) as days16to45,
              sum(balance) filter (where days between 46 and 90) as days46to90,
              sum(balance) filter (where days > 90) as days90plus
            from owing
            group by merchant_id
          ),
          oldest as (
            select distinct on (merchant_id) merchant_id, due_date, days
            from owing
            where balance > 0
            order by merchant_id, bill_date, number, id
          ),
          merchant_rows as (
            select merchants.id, merchants.name,
              balances.billed,
              balances.received,
              balances.billed - coalesce(owed.outstanding, 0) as settled,
              coalesce(owed.outstanding, 0) as outstanding,
              coalesce(owed.overdue, 0) as overdue,
              coalesce(owed.days0to15, 0) as days0to15,
              coalesce(owed.days16to45, 0) as days16to45,
              coalesce(owed.days46to90, 0) as days46to90,
              coalesce(owed.days90plus, 0) as days90plus,
              oldest.due_date as oldest_due_date,
              oldest.days as oldest_days
            from balances
            join merchants
              on merchants.organization_id = ${org} and merchants.id = balances.merchant_id
            left join owed on owed.merchant_id = balances.merchant_id
            left join oldest on oldest.merchant_id = balances.merchant_id
            -- A merchant with a live bill or a payment by as_of, as summing the rows would find.
            where balances.bill_count > 0 or balances.payment_count > 0
          )
          select to_char(params.as_of, 'YYYY-MM-DD') as "asOf",
            coalesce((
              select json_agg(json_build_object(
                'merchantId', r.id,
                'merchantName', r.name,
                'billedAmount', r.billed,
                'receivedAmount', r.received,
                'advanceAmount', r.received - r.settled,
                'outstandingAmount', r.outstanding,
                'overdueAmount', r.overdue,
                'ageing', json_build_object(
                  'days0to15', r.days0to15,
                  'days16to45', r.days16to45,
                  'days46to90', r.days46to90,
                  'days90plus', r.days90plus
                ),
                'oldestDueDate', to_char(r.oldest_due_date, 'YYYY-MM-DD'),
                'oldestBillDays', r.oldest_days
              ) order by r.outstanding desc, lower(r.name), r.id)
              from merchant_rows r
            ), '[]'::json) as rows,
            (
              select json_build_object(
                'billedAmount', coalesce(sum(t.billed), 0),
                'receivedAmount', coalesce(sum(t.received), 0),
                'advanceAmount', coalesce(sum(t.received - t.settled), 0),
                'outstandingAmount', coalesce(sum(t.outstanding), 0),
                'overdueAmount', coalesce(sum(t.overdue), 0),
                'ageing', json_build_object(
                  'days0to15', coalesce(sum(t.days0to15), 0),
                  'days16to45', coalesce(sum(t.days16to45), 0),
                  'days46to90', coalesce(sum(t.days46to90), 0),
                  'days90plus', coalesce(sum(t.days90plus), 0)
                )
              )
              from merchant_rows t
            ) as totals
          from params`,
    );
    if (!row) throw new Error('The dues query returns one row');
    return {
      asOf: row.asOf,
      rows: parsed<DuesRowRaw[]>(row.rows).map((raw) => ({
        merchantId: raw.merchantId,
        merchantName: raw.merchantName,
        ...sums(raw),
        oldestDueDate: raw.oldestDueDate,
        oldestBillDays: raw.oldestBillDays === null ? null : Number(raw.oldestBillDays),
      })),
      totals: sums(parsed<DuesSumsRow>(row.totals)),
    };
  },

  /**
   * A merchant's account between two dates: bills as debits and payments (with TDS) as credits,
   * bills first on a day, with the balance running from everything before `startDate`.
   * Undefined when the merchant is not the organization's.
   */
  async statement(
    db: Database,
    tenant: TenantContext,
    merchantId: string,
    startDate: string,
    endDate: string,
  ): Promise<Statement | undefined> {
    const org = tenant.organizationId;
    const [merchant] = await queryRows<Statement['merchant']>(
      db,
      sql`select id as "_id", name, address, city, gstin, state, phone from merchants
          where organization_id = ${org} and id = ${merchantId}`,
    );
    if (!merchant) return undefined;
    const [row] = await queryRows<{ opening: string; entries: unknown }>(
      db,
      sql`with movements as (
            select bills.bill_date as date, 'bill' as kind, 0 as kind_order, bills.id,
              bills.number as reference, bills.total_amount as debit, 0::numeric as credit,
              bills.due_date, bills.number as sort_key
            from bills
            where bills.organization_id = ${org} and bills.merchant_id = ${merchantId}
              and bills.status <> 'cancelled'
            union all
            select payments.payment_date, 'payment', 1, payments.id,
              payments.method || coalesce(' ' || payments.reference, ''),
              0::numeric, payments.amount + payments.tds_amount, null::date,
              ${paymentCreatedKey}
            from payments
            where payments.organization_id = ${org} and payments.merchant_id = ${merchantId}
          ),
          opening as (
            select coalesce(sum(debit - credit), 0) as amount from movements
            where date < ${startDate}::date
          ),
          period as (
            select movements.*,
              opening.amount + sum(debit - credit) over (
                order by date, kind_order, sort_key, id
                rows between unbounded preceding and current row
              ) as balance
            from movements, opening
            where date between ${startDate}::date and ${endDate}::date
          )
          select (select amount from opening)::text as opening,
            coalesce((
              select json_agg(json_build_object(
                'date', to_char(date, 'YYYY-MM-DD'),
                'kind', kind,
                'id', id,
                'reference', reference,
                'debit', debit,
                'credit', credit,
                'balance', balance,
                'dueDate', to_char(due_date, 'YYYY-MM-DD')
              ) order by date, kind_order, sort_key, id)
              from period
            ), '[]'::json) as entries`,
    );
    const openingBalance = Number(row?.opening ?? 0);
    const entries = parsed<StatementEntry[]>(row?.entries ?? []).map((entry) => ({
      ...entry,
      debit: Number(entry.debit),
      credit: Number(entry.credit),
      balance: Number(entry.balance),
    }));
    return {
      merchant,
      startDate,
      endDate,
      openingBalance,
      entries,
      closingBalance: entries.at(-1)?.balance ?? openingBalance,
    };
  },
};
