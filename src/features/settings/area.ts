import { IconSettings } from '@tabler/icons-react';
import type { AreaDefinition } from '@/lib/area-definition';

export const area = {
  key: 'settings',
  path: '/settings',
  group: 'workspace',
  order: 50,
  icon: IconSettings,
  // Its pages are the router's nested settings routes (src/app/router.tsx).
} satisfies AreaDefinition;
