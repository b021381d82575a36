import { IconChecklist } from '@tabler/icons-react';
import { LIST_PAGE, type AreaDefinition } from '@/lib/area-definition';

export const area = {
  key: 'tasks',
  path: '/tasks',
  group: 'workspace',
  order: 10,
  icon: IconChecklist,
  permission: 'production.read',
  routes: [
    {
      path: 'tasks',
      page: () => import('./pages/production-board-page'),
      namespace: 'production',
    },
    {
      path: 'tasks/list',
      titleKey: 'pages.jobCards',
      page: () => import('./pages/job-cards-list-page'),
      ...LIST_PAGE,
      namespace: 'production',
    },
    {
      path: 'tasks/shift',
      titleKey: 'pages.shiftEntry',
      page: () => import('./pages/shift-entry-page'),
      namespace: 'production',
    },
  ],
} satisfies AreaDefinition;
