import { merchantSchemas } from '../../../contract/merchants.ts';
import { createResource } from '@/lib/resource-factory';
import type merchantTexts from '../../../public/locales/en/merchants.json';

declare module '@/lib/translation-resources' {
  interface AppResources {
    merchants: typeof merchantTexts;
  }
}

export const merchants = createResource({
  namespace: 'merchants',
  schemas: merchantSchemas,
  // Orders embed the merchant's name, so a rename must not leave stale order rows behind.
  related: ['orders'],
  messages: { fetchAllFailed: 'merchants:errors.fetchAll' },
  offline: { page: '/merchants' },
  workingSet: { permission: 'merchants.read', pickList: true, firstPage: true },
});
