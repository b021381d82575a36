import { IconUsersGroup } from '@tabler/icons-react';
import type { AreaDefinition } from '@/lib/area-definition';

export const area = {
  key: 'customers',
  path: '/customers',
  group: 'sales',
  order: 50,
  icon: IconUsersGroup,
  permission: 'dues.read',
  routes: [
    {
      path: 'customers',
      page: () => import('./pages/dues-page'),
      namespace: 'dues',
      sharedNamespaces: ['setup'],
    },
    {
      path: 'customers/:merchantId',
      page: () => import('./pages/statement-page'),
      namespace: 'dues',
    },
  ],
} satisfies AreaDefinition;
