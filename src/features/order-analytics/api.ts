import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { OrderAnalytics, OrderAnalyticsParams } from '../../../contract/order-analytics.ts';
import { apiRequest } from '@/lib/api-client';

export const ORDER_ANALYTICS_FAILED_KEY = 'order-analytics:errors.fetch';

/**
 * Keyed under `orders` on purpose: every order write invalidates that prefix, so the figures
 * follow each created, edited, paid or moved order without further wiring.
 */
export const orderAnalyticsQuery = (params: OrderAnalyticsParams) =>
  queryOptions({
    queryKey: ['orders', 'analytics', params] as const,
    queryFn: async ({ signal }) =>
      (
        await apiRequest<OrderAnalytics>('GET', '/reports/orders', {
          searchParams: params,
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
    meta: { errorMessage: ORDER_ANALYTICS_FAILED_KEY },
  });
