import { IconChartBar } from '@tabler/icons-react';
import type { AreaDefinition } from '@/lib/area-definition';

export const area = {
  key: 'orderAnalytics',
  path: '/order-analytics',
  group: 'overview',
  order: 10,
  icon: IconChartBar,
  permission: 'orderAnalytics.read',
  routes: [
    {
      path: 'order-analytics',
      page: () => import('./pages/order-analytics-page'),
      namespace: 'order-analytics',
      sharedNamespaces: ['setup'],
      prefetch: async (search) => (await import('./prefetch')).prefetchOrderAnalytics(search),
    },
  ],
} satisfies AreaDefinition;
