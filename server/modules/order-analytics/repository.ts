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
  /** What the orders (or their lines) are grouped by. */
  key: SQL;
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
}

const noJoin = () => sql``;

/** Grouped by the period's first day, which is cheap; the label is written once per group. */
const byDate = (unit: 'day' | 'week' | 'month' | 'year', format: string): Grouping => ({
  key:
    unit === 'day'
      ? sql`orders.order_date`
      : sql.raw(`date_trunc('${unit}', orders.order_date::timestamp)`),
  joins: sql``,
  keyText: sql.raw(`to_char(figures.key, '${format}')`),
  label: sql.raw(`to_char(figures.key, '${format}')`),
  labelJoin: noJoin,
  byLine: false,
});

const GROUPINGS: Record<OrderAnalyticsGroupBy, Grouping> = {
  day: byDate('day', 'YYYY-MM-DD'),
  week: byDate('week', 'IYYY-"W"IW'),
  month: byDate('month', 'YYYY-MM'),
  year: byDate('year', 'YYYY'),
  merchant: {
    key: sql`orders.merchant_id`,
    joins: sql``,
    keyText: sql`figures.key::text`,
    label: sql`merchants.name`,
    labelJoin: (organizationId) => sql`left join merchants
      on merchants.organization_id = ${organizationId} and merchants.id = figures.key`,
    byLine: false,
  },
  status: {
    key: sql`orders.status`,
    joins: sql``,
    keyText: sql`figures.key`,
    label: sql`figures.key`,
    labelJoin: noJoin,
    byLine: false,
  },
  design: {
    key: sql`order_lines.design_id`,
    keyText: sql`figures.key::text`,
    joins: sql`join order_lines
        on order_lines.organization_id = orders.organization_id and order_lines.order_id = orders.id`,
    label: sql`designs.design_code || ' — ' || designs.name`,
    labelJoin: (organizationId) => sql`left join designs
      on designs.organization_id = ${organizationId} and designs.id = figures.key`,
    byLine: true,
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

export const orderAnalyticsRepository = {
  /**
   * The groups and the grand total in one statement (GROUPING SETS), filtered on indexed columns
   * (organization with order date, status or merchant); names are joined to the grouped rows.
   */
  async report(
    db: Database,
    tenant: TenantContext,
    query: OrderAnalyticsParams,
  ): Promise<OrderAnalytics> {
    const grouping = GROUPINGS[query.groupBy];
    const conditions: SQL[] = [sql`orders.organization_id = ${tenant.organizationId}`];
    if (query.startDate) conditions.push(sql`orders.order_date >= ${query.startDate}`);
    if (query.endDate) conditions.push(sql`orders.order_date <= ${query.endDate}`);
    if (query.merchantId) conditions.push(sql`orders.merchant_id = ${query.merchantId}`);
    // Cancelled orders are not business done; they count only when asked for by name.
    conditions.push(
      query.status ? sql`orders.status = ${query.status}` : sql`orders.status <> 'cancelled'`,
    );
    const quantity = grouping.byLine ? sql`order_lines.quantity` : sql`orders.total_quantity`;
    const amount = grouping.byLine ? sql`order_lines.amount` : sql`orders.total_amount`;
    // Grouped by order totals, every order is one row of one group; only lines need `distinct`.
    const orderCount = grouping.byLine ? sql`count(distinct orders.id)` : sql`count(*)`;
    const rowOrder = TIME_GROUPS.includes(query.groupBy)
      ? sql`figures.key`
      : sql`figures.amount desc, figures.key::text`;

    const rows = await queryRows<FigureRow>(
      db,
      sql`with figures as (
            select ${grouping.key} as key,
                   grouping(${grouping.key}) as "isTotal",
                   ${orderCount}::int as "orderCount",
                   coalesce(sum(${quantity}), 0) as quantity,
                   coalesce(sum(${amount}), 0) as amount,
                   coalesce(sum(${amount}) filter (where orders.is_paid), 0) as paid,
                   coalesce(sum(${amount}) filter (where not orders.is_paid), 0) as unpaid
            from orders ${grouping.joins}
            where ${sql.join(conditions, sql` and `)}
            group by grouping sets ((${grouping.key}), ())
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
