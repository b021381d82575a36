import type { AreaRoutes } from '@/lib/area-definition';

// GSTR-1 is a page of Billing, made from the bills.
export const area = {
  key: 'billing',
  routes: [
    {
      path: 'billing/gstr1',
      titleKey: 'pages.gstr1',
      page: () => import('./pages/gstr1-page'),
      namespace: 'gst',
    },
  ],
} satisfies AreaRoutes;
