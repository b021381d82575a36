import { IconBuildingStore } from '@tabler/icons-react';
import { LIST_PAGE, type AreaDefinition } from '@/lib/area-definition';

export const area = {
  key: 'merchants',
  path: '/merchants',
  group: 'sales',
  order: 30,
  icon: IconBuildingStore,
  permission: 'merchants.read',
  routes: [
    {
      path: 'merchants',
      page: () => import('./pages/merchants-page'),
      ...LIST_PAGE,
      namespace: 'merchants',
    },
  ],
} satisfies AreaDefinition;
