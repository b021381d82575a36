import { IconMessages } from '@tabler/icons-react';
import type { AreaDefinition } from '@/lib/area-definition';

export const area = {
  key: 'chats',
  path: '/chats',
  group: 'workspace',
  order: 20,
  icon: IconMessages,
  permission: 'notes.read',
  routes: [
    {
      path: 'chats',
      page: () => import('./pages/chats-page'),
      namespace: 'notes',
    },
    {
      path: 'chats/:subjectType/:subjectId',
      page: () => import('./pages/chats-page'),
      namespace: 'notes',
    },
  ],
} satisfies AreaDefinition;
