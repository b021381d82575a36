import { sql, type SQL } from 'drizzle-orm';
import type { DuesReport, Statement, StatementEntry } from '../../../contract/dues.ts';
import { queryRows, type Database } from '../../db/database.ts';
import type { TenantContext } from '../../lib/tenant.ts';

/**
 * A row of the report as PostgreSQL sends it: numeric as text. The merchants come first, in the
 * report's order; the totals row, the only one with `as_of`, last.
 */
interface DuesResultRow {
  as_of: string | null;
  merchant_id: string | null;
  merchant_name: string | null;
  billed: string;
  received: string;
  advance: string;
  outstanding: string;
  overdue: string;
  days0to15: string;
  days16to45: string;
  days46to90: string;
  days90plus: string;
  oldest_due_date: string | null;
  oldest_days: number | null;
}

const sums = (row: DuesResultRow) => ({
  billedAmount: Number(row.billed),
  receivedAmount: Number(row.received),
  advanceAmount: Number(row.advance),
  outstandingAmount: Number(row.outstanding),
  overdueAmount: Number(row.overdue),
  ageing: {
    days0to15: Number(row.days0to15),
    days16to45: Number(row.days16to45),
    days46to90: Number(row.days46to90),
    days90plus: Number(row.days90plus),
  },
});

const parsed = <T>(value: unknown): T =>
  (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** Payments of one day in the order they were recorded. */
const paymentCreatedKey = sql`to_char(payments.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`;

/** The organization and the report's day, written out where each condition uses it. */
interface LaterThan {
  org: string;
  asOfDay: SQL;
}

/** What payments dated after the day allocated, from one of the allocation tables. */
function allocatedLater(
  { org, asOfDay }: LaterThan,
  allocations: 'payment_allocations' | 'payment_note_allocations',
  document: 'bill_id' | 'bill_note_id',
) {
  const table = sql.identifier(allocations);
  return sql`select ${table}.${sql.identifier(document)}, ${table}.amount
    from ${table}
    where ${table}.organization_id = ${org}
      and ${table}.payment_id in (
        select payments.id from payments
        where payments.organization_id = ${org} and payments.payment_date > ${asOfDay}
      )`;
}

/**
 * Per merchant, the count and sum of the documents dated after the day together with the live
 * notes of the kind that are kept with them (debit notes with the bills, credit notes with the
 * payments). The kind is a literal, like the statement's other fixed conditions.
 */
function withNotesLater(
  { org, asOfDay }: LaterThan,
  kind: 'debit' | 'credit',
  figures: { count: string; sum: string; documents: SQL },
) {
  const count = sql.identifier(figures.count);
  const sum = sql.identifier(figures.sum);
  return sql`select merchant_id, sum(${count}) as ${count}, sum(${sum}) as ${sum}
    from (
      ${figures.documents}
      union all
      select merchant_id, count(*), sum(total_amount)
      from bill_notes
      where organization_id = ${org}
        and kind = ${sql.raw(`'${kind}'`)} and status <> 'cancelled'
        and note_date > ${asOfDay}
      group by merchant_id
    ) as later
    group by merchant_id`;
}

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
    // The same day as one value of the statement, for the ages worked out per owing bill.
    const asOfValue = sql`(select as_of from params)`;
    const later = { org, asOfDay };
    const rows = await queryRows<DuesResultRow>(
      db,
      sql`with params as (
            select ${asOfDay} as as_of
          ),
          -- The trigger keeps each bill's paid amount equal to what is allocated to it, so what
          -- a bill owed on as_of is its balance now plus the allocations of payments dated later
          -- (a few hundred for today, found through the payments' date index). Summing every
          -- allocation instead was most of this report's time.
          late as (
            ${allocatedLater(later, 'payment_allocations', 'bill_id')}
            -- A credit note keeps what it settled in its bill's paid amount, like an allocation.
            union all
            select bill_notes.bill_id, bill_notes.applied_amount
            from bill_notes
            where bill_notes.organization_id = ${org}
              and bill_notes.kind = 'credit' and bill_notes.status <> 'cancelled'
              and bill_notes.applied_amount > 0
              and bill_notes.note_date > ${asOfDay}
          ),
          -- The same for debit notes, which payments settle like bills.
          late_notes as (
            ${allocatedLater(later, 'payment_note_allocations', 'bill_note_id')}
          ),
          -- The kept all-time figures less what is dated after as_of (nothing, usually, for today),
          -- read through the live bills' and the payments' date indexes.
          -- Live debit notes are kept with the bills, live credit notes with the payments.
          later_bills as (
            ${withNotesLater(later, 'debit', {
              count: 'bill_count',
              sum: 'billed',
              documents: sql`select merchant_id, count(*) as bill_count, sum(total_amount) as billed
                from bills
                where organization_id = ${org}
                  and status <> 'cancelled'
                  and bill_date > ${asOfDay}
                group by merchant_id`,
            })}
          ),
          later_payments as (
            ${withNotesLater(later, 'credit', {
              count: 'payment_count',
              sum: 'received',
              documents: sql`select merchant_id, count(*) as payment_count,
                  sum(amount + tds_amount) as received
                from payments
                where organization_id = ${org} and payment_date > ${asOfDay}
                group by merchant_id`,
            })}
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
          -- What was owed on as_of, as amounts with their bill's dates: the open bills' balances
          -- now (read from the open bills' covering index) and, as separate amounts, what
          -- payments dated later settled of any live bill. A bill's balance on as_of is the sum
          -- of its amounts, so every sum below comes out as if summed per bill.
          owing as (
            select merchant_id, ${asOfValue} - bill_date as days, due_date < ${asOfValue} as overdue,
              total_amount - paid_amount as balance
            from bills
            where organization_id = ${org}
              and status in ('unpaid', 'partly_paid')
              and bill_date <= ${asOfDay}
            union all
            select bills.merchant_id, ${asOfValue} - bills.bill_date, bills.due_date < ${asOfValue},
              late.amount
            from late
            join bills on bills.organization_id = ${org} and bills.id = late.bill_id
            -- A cancelled bill carries no allocations: cancelling needs it unpaid.
            where bills.status <> 'cancelled'
              and bills.bill_date <= ${asOfDay}
            union all
            -- A debit note is owed like a bill, aged from its own date.
            select merchant_id, ${asOfValue} - note_date, due_date < ${asOfValue},
              total_amount - paid_amount
            from bill_notes
            where organization_id = ${org}
              and kind = 'debit' and status in ('unpaid', 'partly_paid')
              and note_date <= ${asOfDay}
            union all
            select bill_notes.merchant_id, ${asOfValue} - bill_notes.note_date,
              bill_notes.due_date < ${asOfValue}, late_notes.amount
            from late_notes
            join bill_notes
              on bill_notes.organization_id = ${org} and bill_notes.id = late_notes.bill_note_id
            -- Cancelling a debit note needs it unpaid, as for bills.
            where bill_notes.status <> 'cancelled'
              and bill_notes.note_date <= ${asOfDay}
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
          -- The oldest bill that owed on as_of, by date then number (unique): the first open bill
          -- with a balance in the order of the open bills' index, or a paid bill that a later
          -- payment settled, if older. An open bill's balance on as_of is at least its balance
          -- now, and is positive exactly when that is (a bill of zero takes no payment).
          -- Debit notes count as bills here, dated by their own date.
          oldest_open as (
            select distinct on (merchant_id) merchant_id, bill_date, number, due_date
            from bills
            where organization_id = ${org}
              and status in ('unpaid', 'partly_paid')
              and bill_date <= ${asOfDay}
              and total_amount > paid_amount
            order by merchant_id, bill_date, number
          ),
          oldest_open_note as (
            select distinct on (merchant_id) merchant_id, note_date as bill_date, number, due_date
            from bill_notes
            where organization_id = ${org}
              and kind = 'debit' and status in ('unpaid', 'partly_paid')
              and note_date <= ${asOfDay}
              and total_amount > paid_amount
            order by merchant_id, note_date, number
          ),
          oldest_settled_later as (
            select distinct on (bills.merchant_id)
              bills.merchant_id, bills.bill_date, bills.number, bills.due_date
            from late
            join bills on bills.organization_id = ${org} and bills.id = late.bill_id
            where bills.status = 'paid'
              and bills.bill_date <= ${asOfDay}
            order by bills.merchant_id, bills.bill_date, bills.number
          ),
          oldest_note_settled_later as (
            select distinct on (bill_notes.merchant_id)
              bill_notes.merchant_id, bill_notes.note_date as bill_date, bill_notes.number,
              bill_notes.due_date
            from late_notes
            join bill_notes
              on bill_notes.organization_id = ${org} and bill_notes.id = late_notes.bill_note_id
            where bill_notes.status = 'paid'
              and bill_notes.note_date <= ${asOfDay}
            order by bill_notes.merchant_id, bill_notes.note_date, bill_notes.number
          ),
          oldest as (
            select distinct on (merchant_id) merchant_id, due_date, ${asOfValue} - bill_date as days
            from (
              select * from oldest_open
              union all
              select * from oldest_open_note
              union all
              select * from oldest_settled_later
              union all
              select * from oldest_note_settled_later
            ) as candidates
            order by merchant_id, bill_date, number
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
          -- Plain rows rather than one JSON document: building the JSON of 900 merchants took
          -- PostgreSQL longer than the server takes to read the rows.
          select * from (
            select null as as_of, r.id as merchant_id, r.name as merchant_name,
              r.billed, r.received, r.received - r.settled as advance, r.outstanding, r.overdue,
              r.days0to15, r.days16to45, r.days46to90, r.days90plus,
              to_char(r.oldest_due_date, 'YYYY-MM-DD') as oldest_due_date, r.oldest_days,
              row_number() over (order by r.outstanding desc, lower(r.name), r.id) as position
            from merchant_rows r
            union all
            select to_char((select as_of from params), 'YYYY-MM-DD'), null, null,
              coalesce(sum(t.billed), 0), coalesce(sum(t.received), 0),
              coalesce(sum(t.received - t.settled), 0), coalesce(sum(t.outstanding), 0),
              coalesce(sum(t.overdue), 0), coalesce(sum(t.days0to15), 0),
              coalesce(sum(t.days16to45), 0), coalesce(sum(t.days46to90), 0),
              coalesce(sum(t.days90plus), 0), null, null, null
            from merchant_rows t
          ) as report
          order by position nulls last`,
    );
    const totals = rows.at(-1);
    if (!totals?.as_of) throw new Error('The dues query ends with its totals row');
    return {
      asOf: totals.as_of,
      rows: rows.slice(0, -1).map((row) => ({
        merchantId: row.merchant_id as string,
        merchantName: row.merchant_name as string,
        ...sums(row),
        oldestDueDate: row.oldest_due_date,
        oldestBillDays: row.oldest_days,
      })),
      totals: sums(totals),
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
            union all
            -- Notes after the bills and before the payments of their day.
            select bill_notes.note_date, bill_notes.kind || '_note', 0.5, bill_notes.id,
              bill_notes.number,
              case when bill_notes.kind = 'debit' then bill_notes.total_amount else 0 end,
              case when bill_notes.kind = 'credit' then bill_notes.total_amount else 0 end,
              bill_notes.due_date, bill_notes.number
            from bill_notes
            where bill_notes.organization_id = ${org} and bill_notes.merchant_id = ${merchantId}
              and bill_notes.status <> 'cancelled'
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
