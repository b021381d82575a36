import { IconCreditCard } from '@tabler/icons-react';
import { LIST_PAGE, type AreaDefinition } from '@/lib/area-definition';

export const area = {
  key: 'payments',
  path: '/payments',
  group: 'finance',
  order: 40,
  icon: IconCreditCard,
  permission: 'payments.read',
  routes: [
    {
      path: 'payments',
      page: () => import('./pages/payments-page'),
      ...LIST_PAGE,
      namespace: 'payments',
    },
  ],
} satisfies AreaDefinition;
