import { sql, type SQL } from 'drizzle-orm';
import {
  TIME_GROUPS,
  type OrderAnalytics,
  type OrderAnalyticsGroupBy,
  type OrderAnalyticsParams,
  type OrderAnalyticsRow,
} from '../../../contract/order-analytics.ts';
import { queryRows, type Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/tenant.ts';

interface Grouping {
  /** What the orders (or their lines) are grouped by, given the alias of the table read. */
  key: (table: SQL) => SQL;
  /** Joins the key needs before grouping. */
  joins: SQL;
  /** The API's `key` of a grouped row. */
  keyText: SQL;
  /**
   * Names the grouped rows (`figures.key`) after grouping, so a name is joined once per group
   * rather than once per order.
   */
  label: SQL;
  labelJoin: (organizationId: string) => SQL;
  /** Per-design figures come from that design's lines, everything else from the order totals. */
  byLine: boolean;
  /** Whether the per-day totals carry the key, so the grouping can be summed from them. */
  fromDailyTotals: boolean;
  /** Whether the all-time per-merchant totals carry the key (read when no date bounds it). */
  fromMerchantTotals: boolean;
}

const noJoin = () => sql``;

/** Grouped by the period's first day, which is cheap; the label is written once per group. */
const byDate = (unit: 'day' | 'week' | 'month' | 'year', format: string): Grouping => ({
  key: (table) =>
    unit === 'day'
      ? sql`${table}.order_date`
      : sql`date_trunc(${sql.raw(`'${unit}'`)}, ${table}.order_date::timestamp)`,
  joins: sql``,
  keyText: sql.raw(`to_char(figures.key, '${format}')`),
  label: sql.raw(`to_char(figures.key, '${format}')`),
  labelJoin: noJoin,
  byLine: false,
  fromDailyTotals: true,
  fromMerchantTotals: false,
});

const GROUPINGS: Record<OrderAnalyticsGroupBy, Grouping> = {
  day: byDate('day', 'YYYY-MM-DD'),
  week: byDate('week', 'IYYY-"W"IW'),
  month: byDate('month', 'YYYY-MM'),
  year: byDate('year', 'YYYY'),
  merchant: {
    key: (table) => sql`${table}.merchant_id`,
    joins: sql``,
    keyText: sql`figures.key::text`,
    label: sql`merchants.name`,
    labelJoin: (organizationId) => sql`left join merchants
      on merchants.organization_id = ${organizationId} and merchants.id = figures.key`,
    byLine: false,
    fromDailyTotals: false,
    fromMerchantTotals: true,
  },
  status: {
    key: (table) => sql`${table}.status`,
    joins: sql``,
    keyText: sql`figures.key`,
    label: sql`figures.key`,
    labelJoin: noJoin,
    byLine: false,
    fromDailyTotals: true,
    fromMerchantTotals: true,
  },
  design: {
    key: () => sql`order_lines.design_id`,
    keyText: sql`figures.key::text`,
    joins: sql`join order_lines
        on order_lines.organization_id = orders.organization_id and order_lines.order_id = orders.id`,
    label: sql`designs.design_code || ' — ' || designs.name`,
    labelJoin: (organizationId) => sql`left join designs
      on designs.organization_id = ${organizationId} and designs.id = figures.key`,
    byLine: true,
    fromDailyTotals: false,
    fromMerchantTotals: false,
  },
};

interface FigureRow extends OrderAnalyticsRow {
  isTotal: number;
}

const EMPTY_TOTALS = {
  orderCount: 0,
  totalQuantity: 0,
  totalAmount: 0,
  paidAmount: 0,
  unpaidAmount: 0,
};

/**
 * Where the figures are summed from: every order (or its lines), or the per-day totals the
 * database keeps beside them, which hold a few rows per day however many orders a day has.
 */
interface Source {
  from: SQL;
  /** Alias of the table that carries the organization, date, status and payment columns. */
  table: SQL;
  orderCount: SQL;
  quantity: SQL;
  amount: SQL;
}

const summed = (table: string): Source => ({
  from: sql.raw(`${table} as totals`),
  table: sql`totals`,
  orderCount: sql`coalesce(sum(totals.order_count), 0)`,
  quantity: sql`totals.total_quantity`,
  amount: sql`totals.total_amount`,
});

function sourceFor(grouping: Grouping, query: OrderAnalyticsParams): Source {
  // The daily totals carry no merchant, so a merchant filter reads the orders themselves.
  if (grouping.fromDailyTotals && !query.merchantId) return summed('order_daily_totals');
  // The merchant totals carry no date, so they serve only reports over all time.
  if (grouping.fromMerchantTotals && !query.startDate && !query.endDate) {
    return summed('order_merchant_totals');
  }
  return {
    from: sql`orders ${grouping.joins}`,
    table: sql`orders`,
    // Grouped by order totals, every order is one row of one group; only lines need `distinct`.
    orderCount: grouping.byLine ? sql`count(distinct orders.id)` : sql`count(*)`,
    quantity: grouping.byLine ? sql`order_lines.quantity` : sql`orders.total_quantity`,
    amount: grouping.byLine ? sql`order_lines.amount` : sql`orders.total_amount`,
  };
}

export const orderAnalyticsRepository = {
  /**
   * The groups and the grand total in one statement (GROUPING SETS), filtered on indexed columns
   * (organization with order date, status or merchant); names are joined to the grouped rows.
   * Time and status groups without a merchant filter sum the per-day totals, so a year is a few
   * thousand rows whatever the number of orders.
   */
  async report(
    db: Database,
    tenant: TenantContext,
    query: OrderAnalyticsParams,
  ): Promise<OrderAnalytics> {
    const grouping = GROUPINGS[query.groupBy];
    const { from, table, orderCount, quantity, amount } = sourceFor(grouping, query);
    const key = grouping.key(table);
    const conditions: SQL[] = [sql`${table}.organization_id = ${tenant.organizationId}`];
    if (query.startDate) conditions.push(sql`${table}.order_date >= ${query.startDate}`);
    if (query.endDate) conditions.push(sql`${table}.order_date <= ${query.endDate}`);
    if (query.merchantId) conditions.push(sql`${table}.merchant_id = ${query.merchantId}`);
    // Cancelled orders are not business done; they count only when asked for by name.
    conditions.push(
      query.status ? sql`${table}.status = ${query.status}` : sql`${table}.status <> 'cancelled'`,
    );
    const rowOrder = TIME_GROUPS.includes(query.groupBy)
      ? sql`figures.key`
      : sql`figures.amount desc, figures.key::text`;

    const rows = await queryRows<FigureRow>(
      db,
      sql`with figures as (
            select ${key} as key,
                   grouping(${key}) as "isTotal",
                   ${orderCount}::int as "orderCount",
                   coalesce(sum(${quantity}), 0) as quantity,
                   coalesce(sum(${amount}), 0) as amount,
                   coalesce(sum(${amount}) filter (where ${table}.is_paid), 0) as paid,
                   coalesce(sum(${amount}) filter (where not ${table}.is_paid), 0) as unpaid
            from ${from}
            where ${sql.join(conditions, sql` and `)}
            group by grouping sets ((${key}), ())
          )
          select ${grouping.keyText} as key, ${grouping.label} as label, figures."isTotal",
                 figures."orderCount",
                 figures.quantity::float8 as "totalQuantity",
                 figures.amount::float8 as "totalAmount",
                 figures.paid::float8 as "paidAmount",
                 figures.unpaid::float8 as "unpaidAmount"
          from figures ${grouping.labelJoin(tenant.organizationId)}
          order by figures."isTotal", ${rowOrder}`,
    );

    const figures = (row: FigureRow) => ({
      orderCount: Number(row.orderCount),
      totalQuantity: Number(row.totalQuantity),
      totalAmount: Number(row.totalAmount),
      paidAmount: Number(row.paidAmount),
      unpaidAmount: Number(row.unpaidAmount),
    });
    const totalsRow = rows.find((row) => Number(row.isTotal) !== 0);
    return {
      groupBy: query.groupBy,
      rows: rows
        .filter((row) => Number(row.isTotal) === 0)
        .map((row) => ({ key: row.key, label: row.label, ...figures(row) })),
      totals: totalsRow ? figures(totalsRow) : EMPTY_TOTALS,
    };
  },
};
