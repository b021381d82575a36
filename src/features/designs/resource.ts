import { designSchemas } from '../../../contract/designs.ts';
import { createResource } from '@/lib/resource-factory';
import type designTexts from '../../../public/locales/en/designs.json';

export const designs = createResource({
  namespace: 'designs',
  schemas: designSchemas,
  // Order lines embed the design's name and code.
  related: ['orders'],
  offline: { page: '/designs' },
  workingSet: { permission: 'designs.read', pickList: true, firstPage: true },
});

declare module '@/lib/translation-resources' {
  interface AppResources {
    designs: typeof designTexts;
  }
}
