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
  key: SQL;
  label: SQL;
  /** Extra joins the key or label needs. */
  joins: SQL;
  /** Per-design figures come from that design's lines, everything else from the order totals. */
  byLine: boolean;
}

const byDate = (format: string): Grouping => {
  const key = sql.raw(`to_char(orders.order_date, '${format}')`);
  return { key, label: key, joins: sql``, byLine: false };
};

const GROUPINGS: Record<OrderAnalyticsGroupBy, Grouping> = {
  day: byDate('YYYY-MM-DD'),
  week: byDate('IYYY-"W"IW'),
  month: byDate('YYYY-MM'),
  year: byDate('YYYY'),
  merchant: {
    key: sql`orders.merchant_id::text`,
    label: sql`merchants.name`,
    joins: sql`join merchants
      on merchants.organization_id = orders.organization_id and merchants.id = orders.merchant_id`,
    byLine: false,
  },
  status: { key: sql`orders.status`, label: sql`orders.status`, joins: sql``, byLine: false },
  design: {
    key: sql`designs.id::text`,
    label: sql`designs.design_code || ' — ' || designs.name`,
    joins: sql`join order_lines
        on order_lines.organization_id = orders.organization_id and order_lines.order_id = orders.id
      join designs
        on designs.organization_id = order_lines.organization_id
       and designs.id = order_lines.design_id`,
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
   * (organization with order date, status or merchant).
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
    const rowOrder = TIME_GROUPS.includes(query.groupBy)
      ? sql`source.key`
      : sql`sum(source.amount) desc, source.key`;

    const rows = await queryRows<FigureRow>(
      db,
      sql`with source as (
            select ${grouping.key} as key, ${grouping.label} as label, orders.id as order_id,
                   ${quantity} as quantity, ${amount} as amount, orders.is_paid as is_paid
            from orders ${grouping.joins}
            where ${sql.join(conditions, sql` and `)}
          )
          select source.key, source.label,
                 grouping(source.key, source.label) as "isTotal",
                 count(distinct source.order_id)::int as "orderCount",
                 coalesce(sum(source.quantity), 0)::float8 as "totalQuantity",
                 coalesce(sum(source.amount), 0)::float8 as "totalAmount",
                 coalesce(sum(source.amount) filter (where source.is_paid), 0)::float8 as "paidAmount",
                 coalesce(sum(source.amount) filter (where not source.is_paid), 0)::float8
                   as "unpaidAmount"
          from source
          group by grouping sets ((source.key, source.label), ())
          order by grouping(source.key, source.label), ${rowOrder}`,
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
