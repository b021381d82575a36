import { IconHelp } from '@tabler/icons-react';
import type { AreaDefinition } from '@/lib/area-definition';

export const area = {
  key: 'helpCenter',
  path: '/help-center',
  group: 'workspace',
  order: 40,
  icon: IconHelp,
  routes: [
    {
      path: 'help-center',
      page: () => import('./pages/help-center-page'),
      namespace: 'help',
    },
    {
      path: 'help-center/:articleId',
      page: () => import('./pages/help-center-page'),
      namespace: 'help',
    },
  ],
} satisfies AreaDefinition;
