import { IconUsers } from '@tabler/icons-react';
import { LIST_PAGE, type AreaDefinition } from '@/lib/area-definition';

export const area = {
  key: 'users',
  path: '/users',
  group: 'people',
  order: 30,
  icon: IconUsers,
  permission: 'users.read',
  routes: [
    {
      path: 'users',
      page: () => import('./pages/users-page'),
      ...LIST_PAGE,
      namespace: 'users',
    },
  ],
} satisfies AreaDefinition;
