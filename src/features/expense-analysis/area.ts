import { IconChartPie } from '@tabler/icons-react';
import type { AreaDefinition } from '@/lib/area-definition';

export const area = {
  key: 'expenseAnalysis',
  path: '/expense-analysis',
  group: 'finance',
  order: 20,
  icon: IconChartPie,
  permission: 'expenses.read',
  routes: [
    {
      path: 'expense-analysis',
      page: () => import('./pages/expense-analysis-page'),
      namespace: 'expense-analysis',
    },
  ],
} satisfies AreaDefinition;
