import { IconApps } from '@tabler/icons-react';
import type { AreaDefinition } from '@/lib/area-definition';

export const area = {
  key: 'apps',
  path: '/apps',
  group: 'workspace',
  order: 30,
  icon: IconApps,
  // Email, UPI and WhatsApp settings are the organization's; import and backup are owner-only
  // tiles inside (src/features/data-io/area.ts).
  permission: 'organization.write',
  routes: [
    {
      path: 'apps',
      page: () => import('./pages/apps-page'),
      namespace: 'apps',
    },
  ],
} satisfies AreaDefinition;
