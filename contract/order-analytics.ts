import { z } from 'zod';
import { queryParam, startNotAfterEnd } from './common.ts';
import { queryOrderStatus } from './orders.ts';

export const ORDER_ANALYTICS_GROUPS = [
  'day',
  'week',
  'month',
  'year',
  'merchant',
  'status',
  'design',
] as const;
export type OrderAnalyticsGroupBy = (typeof ORDER_ANALYTICS_GROUPS)[number];

/** Time groups are listed in time order; the others by amount, largest first. */
export const TIME_GROUPS: readonly OrderAnalyticsGroupBy[] = ['day', 'week', 'month', 'year'];

export const DEFAULT_ORDER_ANALYTICS_GROUP: OrderAnalyticsGroupBy = 'month';

export const orderAnalyticsQuery = z
  .strictObject({
    startDate: queryParam.date,
    endDate: queryParam.date,
    merchantId: queryParam.id,
    status: queryOrderStatus,
    groupBy: queryParam
      .optional(z.enum(ORDER_ANALYTICS_GROUPS, { error: 'oneOf' }))
      .transform((value) => value ?? DEFAULT_ORDER_ANALYTICS_GROUP),
  })
  .refine(startNotAfterEnd, { error: 'dateRange', path: ['startDate'] });
export type OrderAnalyticsParams = z.output<typeof orderAnalyticsQuery>;

const figures = {
  orderCount: z.number().int(),
  totalQuantity: z.number().int(),
  totalAmount: z.number(),
  paidAmount: z.number(),
  unpaidAmount: z.number(),
};

const orderAnalyticsRow = z.object({ key: z.string(), label: z.string(), ...figures });
export type OrderAnalyticsRow = z.infer<typeof orderAnalyticsRow>;

const orderAnalyticsTotals = z.object(figures);
export type OrderAnalyticsTotals = z.infer<typeof orderAnalyticsTotals>;

export const orderAnalytics = z.object({
  groupBy: z.enum(ORDER_ANALYTICS_GROUPS),
  rows: z.array(orderAnalyticsRow),
  totals: orderAnalyticsTotals,
});
export type OrderAnalytics = z.infer<typeof orderAnalytics>;
