import { IconNeedleThread } from '@tabler/icons-react';
import { LIST_PAGE, type AreaDefinition } from '@/lib/area-definition';

export const area = {
  key: 'workers',
  path: '/workers',
  group: 'people',
  order: 10,
  icon: IconNeedleThread,
  permission: 'workers.read',
  routes: [
    {
      path: 'workers',
      page: () => import('./pages/workers-page'),
      ...LIST_PAGE,
      namespace: 'workers',
    },
  ],
} satisfies AreaDefinition;
