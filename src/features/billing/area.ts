import { IconFileDollar, IconFileInvoice } from '@tabler/icons-react';
import { LIST_PAGE, type AreaDefinition } from '@/lib/area-definition';

export const area = [
  {
    key: 'exportBillReview',
    path: '/export-bill-review',
    group: 'sales',
    order: 20,
    icon: IconFileInvoice,
    permission: 'bills.read',
    routes: [
      {
        path: 'export-bill-review',
        page: () => import('./pages/export-bill-review-page'),
        namespace: 'bills',
        sharedNamespaces: ['setup'],
      },
      {
        path: 'export-bill-review/:orderId',
        page: () => import('./pages/export-bill-review-page'),
        namespace: 'bills',
        sharedNamespaces: ['setup'],
      },
    ],
  },
  {
    key: 'billing',
    path: '/billing',
    group: 'finance',
    order: 50,
    icon: IconFileDollar,
    permission: 'bills.read',
    routes: [
      {
        path: 'billing',
        page: () => import('./pages/bills-page'),
        namespace: 'bills',
        sharedNamespaces: [...LIST_PAGE.sharedNamespaces, 'setup'],
      },
      {
        path: 'billing/:billId/print',
        page: () => import('./print/bill-print-page'),
        namespace: 'bill-print',
      },
      {
        path: 'billing/notes/:noteId/print',
        page: () => import('./print/bill-print-page'),
        namespace: 'bill-print',
      },
    ],
  },
] satisfies AreaDefinition[];
