import { IconBuildingBank } from '@tabler/icons-react';
import { LIST_PAGE, type AreaDefinition } from '@/lib/area-definition';

export const area = {
  key: 'bankDetails',
  path: '/bank-details',
  group: 'finance',
  order: 30,
  icon: IconBuildingBank,
  permission: 'bankDetails.read',
  routes: [
    {
      path: 'bank-details',
      page: () => import('./pages/bank-details-page'),
      ...LIST_PAGE,
      namespace: 'bank-details',
    },
  ],
} satisfies AreaDefinition;
