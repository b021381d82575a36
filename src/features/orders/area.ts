import { IconClipboardList } from '@tabler/icons-react';
import { LIST_PAGE, type AreaDefinition } from '@/lib/area-definition';

export const area = {
  key: 'orders',
  path: '/orders',
  group: 'sales',
  order: 10,
  icon: IconClipboardList,
  permission: 'orders.read',
  routes: [
    {
      path: 'orders',
      page: () => import('./pages/orders-page'),
      ...LIST_PAGE,
      namespace: 'orders',
      prefetch: async (search) => (await import('./orders-list')).prefetchOrders(search),
    },
    {
      path: 'orders/create',
      titleKey: 'pages.createOrder',
      page: () => import('./pages/order-form-page'),
      namespace: 'orders',
    },
    {
      path: 'orders/edit/:orderId',
      titleKey: 'pages.editOrder',
      page: () => import('./pages/order-form-page'),
      namespace: 'orders',
    },
  ],
} satisfies AreaDefinition;
