import { IconCash } from '@tabler/icons-react';
import { LIST_PAGE, type AreaDefinition } from '@/lib/area-definition';

export const area = {
  key: 'salaryManagement',
  path: '/salary-management',
  group: 'people',
  order: 20,
  icon: IconCash,
  permission: 'salaries.read',
  routes: [
    {
      path: 'salary-management',
      page: () => import('./pages/worker-salaries-page'),
      ...LIST_PAGE,
      namespace: 'worker-salaries',
    },
    {
      path: 'salary-management/create',
      titleKey: 'pages.createSalary',
      page: () => import('./pages/salary-create-page'),
      namespace: 'worker-salaries',
    },
    {
      path: 'salary-management/edit/:salaryId',
      titleKey: 'pages.editSalary',
      page: () => import('./pages/salary-edit-page'),
      namespace: 'worker-salaries',
    },
  ],
} satisfies AreaDefinition;
