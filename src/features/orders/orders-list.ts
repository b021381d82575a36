import { ORDER_SORTABLE, ORDER_STATUSES, type OrderListParams } from '../../../contract/orders.ts';
import { queryClient } from '@/lib/app-query-client';
import { orders } from '@/features/orders/resource';
import { DATE_RANGE_FILTERS } from '@/lib/date-range-filters';
import { readListParams } from '@/lib/use-list-params';

/** The orders list's URL state: its filters and sortable columns. */
export const ORDERS_LIST_CONFIG = {
  filters: {
    status: { type: 'select', options: ORDER_STATUSES },
    merchantId: { type: 'id' },
    ...DATE_RANGE_FILTERS,
    poNumber: { type: 'text' },
    isPaid: { type: 'boolean' },
  },
  sortable: ORDER_SORTABLE,
  defaultSort: '-createdAt',
} as const;

/** The page of orders a URL shows, read into the cache under the key the list page uses. */
export function prefetchOrders(search: URLSearchParams) {
  const params = readListParams(ORDERS_LIST_CONFIG, search) as Partial<OrderListParams>;
  return queryClient.prefetchQuery(orders.queries.list(params));
}
