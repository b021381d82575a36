import {
  DEFAULT_ORDER_ANALYTICS_GROUP,
  ORDER_ANALYTICS_GROUPS,
  type OrderAnalyticsGroupBy,
  type OrderAnalyticsParams,
} from '../../../contract/order-analytics.ts';
import { ORDER_STATUSES, type OrderStatus } from '../../../contract/orders.ts';

type ViewMode = 'table' | 'chart';

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function currentYearRange(now = new Date()) {
  const year = now.getFullYear();
  return { startDate: `${year}-01-01`, endDate: `${year}-12-31` };
}

/**
 * Filters live in the URL. A missing date means "this year" (the default); an empty one means the
 * user cleared it and wants no bound.
 */
export function readAnalyticsFilters(search: URLSearchParams, now = new Date()) {
  const defaults = currentYearRange(now);
  const date = (key: 'startDate' | 'endDate') => {
    const raw = search.get(key);
    if (raw === null) return defaults[key];
    return DATE_PATTERN.test(raw) ? raw : undefined;
  };
  const status = search.get('status');
  const merchantId = search.get('merchantId');
  const groupBy = search.get('groupBy');
  const query: OrderAnalyticsParams = {
    startDate: date('startDate'),
    endDate: date('endDate'),
    merchantId: merchantId && UUID_PATTERN.test(merchantId) ? merchantId : undefined,
    status: (ORDER_STATUSES as readonly string[]).includes(status ?? '')
      ? (status as OrderStatus)
      : undefined,
    groupBy: (ORDER_ANALYTICS_GROUPS as readonly string[]).includes(groupBy ?? '')
      ? (groupBy as OrderAnalyticsGroupBy)
      : DEFAULT_ORDER_ANALYTICS_GROUP,
  };
  const view: ViewMode = search.get('view') === 'chart' ? 'chart' : 'table';
  return { query, view };
}
