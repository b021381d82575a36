import { queryOptions } from '@tanstack/react-query';
import type { SetupChecklist } from '../../contract/setup-checklist.ts';
import { apiRequest } from '@/lib/api-client';
import type setupTexts from '../../public/locales/en/setup.json';

declare module '@/lib/translation-resources' {
  interface AppResources {
    setup: typeof setupTexts;
  }
}

export const SETUP_CHECKLIST_KEY = ['setup-checklist'] as const;

/**
 * The first-day steps as the server reads them from the records. Refetched on every visit to
 * the landing page, since the steps are done on other pages.
 */
export const setupChecklistQuery = () =>
  queryOptions({
    queryKey: SETUP_CHECKLIST_KEY,
    queryFn: async ({ signal }) =>
      (await apiRequest<SetupChecklist>('GET', '/setup-checklist', { signal })).data,
    staleTime: 0,
  });

/** Sent now or not at all: putting the checklist away is not worth queueing offline. */
export async function dismissSetupChecklist(): Promise<SetupChecklist> {
  return (await apiRequest<SetupChecklist>('POST', '/setup-checklist/dismiss')).data;
}
