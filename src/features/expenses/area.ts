import { IconReceipt } from '@tabler/icons-react';
import { LIST_PAGE, type AreaDefinition } from '@/lib/area-definition';

export const area = {
  key: 'expenses',
  path: '/expenses',
  group: 'finance',
  order: 10,
  icon: IconReceipt,
  permission: 'expenses.read',
  routes: [
    {
      path: 'expenses',
      page: () => import('./pages/expenses-page'),
      ...LIST_PAGE,
      namespace: 'expenses',
    },
  ],
} satisfies AreaDefinition;
