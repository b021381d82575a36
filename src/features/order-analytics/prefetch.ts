import { queryClient } from '@/lib/app-query-client';
import { orderAnalytics } from '@/features/order-analytics/resource';
import { readAnalyticsFilters } from './analytics-filters';

/** The report a URL shows, read into the cache under the key the page uses. */
export function prefetchOrderAnalytics(search: URLSearchParams) {
  return queryClient.prefetchQuery(orderAnalytics(readAnalyticsFilters(search).query));
}
