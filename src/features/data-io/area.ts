import type { AreaRoutes } from '@/lib/area-definition';

// Import and backup are owner-only tools opened from the Apps page.
export const area = {
  key: 'apps',
  routes: [
    {
      path: 'apps/import',
      titleKey: 'pages.import',
      page: () => import('./pages/import-page'),
      namespace: 'data-io',
      permission: 'backup.import',
    },
    {
      path: 'apps/backup',
      titleKey: 'pages.backup',
      page: () => import('./pages/backup-page'),
      namespace: 'data-io',
      permission: 'backup.download',
    },
  ],
} satisfies AreaRoutes;
