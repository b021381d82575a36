import type { OrderAnalytics, OrderAnalyticsParams } from '../../../contract/order-analytics.ts';
import { orders } from '@/features/orders/resource';
import type orderAnalyticsTexts from '../../../public/locales/en/order-analytics.json';

declare module '@/lib/translation-resources' {
  interface AppResources {
    'order-analytics': typeof orderAnalyticsTexts;
  }
}

/**
 * Keyed under `orders` on purpose: every order write refetches it, so the figures follow each
 * created, edited, paid or moved order without further wiring.
 */
export const orderAnalytics = orders.defineRead<OrderAnalytics, OrderAnalyticsParams>('analytics', {
  path: () => '/reports/orders',
  absolute: true,
  searchParams: (params) => ({ ...params }),
  failure: 'order-analytics:errors.fetch',
  keepPrevious: true,
});
