import { bankDetailSchemas, type BankDetail } from '../../../contract/bank-details.ts';
import { createResource } from '@/lib/resource-factory';
import type bankDetailTexts from '../../../public/locales/en/bank-details.json';

declare module '@/lib/translation-resources' {
  interface AppResources {
    'bank-details': typeof bankDetailTexts;
  }
}

export const bankDetails = createResource({
  namespace: 'bank-details',
  schemas: bankDetailSchemas,
  messages: { fetchAllFailed: 'bank-details:errors.fetchAll' },
  offline: { page: '/bank-details' },
  workingSet: { permission: 'bankDetails.read', firstPage: true },
});

/** The account printed on bills; `null` when none is active (the API answers 404). */
export const activeBankDetail = bankDetails.defineRead<BankDetail>('active', {
  path: () => '/active',
  failure: 'bank-details:errors.fetchActive',
  notFoundAsNull: true,
});

/** Sends the version of the row the user clicked, so a change made since then is not hidden. */
export const useSetActiveBankDetail = bankDetails.defineAction<{ id: string; version: number }>(
  'set-active',
  {
    method: 'PATCH',
    path: ({ id }) => `/${encodeURIComponent(id)}/set-active`,
    body: ({ version }) => ({ version }),
    success: 'bank-details:toast.setActive',
    failure: 'bank-details:errors.setActive',
  },
);
