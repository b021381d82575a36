import { IconPalette } from '@tabler/icons-react';
import { LIST_PAGE, type AreaDefinition } from '@/lib/area-definition';

export const area = {
  key: 'designs',
  path: '/designs',
  group: 'sales',
  order: 40,
  icon: IconPalette,
  permission: 'designs.read',
  routes: [
    {
      path: 'designs',
      page: () => import('./pages/designs-page'),
      ...LIST_PAGE,
      namespace: 'designs',
    },
  ],
} satisfies AreaDefinition;
