import { queryOptions } from '@tanstack/react-query';
import type { SampleWorkshopOpening, SampleWorkshopState } from '../../contract/sample-workshop.ts';
import { apiRequest } from '@/lib/api-client';

export const SAMPLE_WORKSHOP_KEY = ['sample-workshop'] as const;

/** Whether the organization has a sample workshop to open again or delete. */
export const sampleWorkshopQuery = () =>
  queryOptions({
    queryKey: SAMPLE_WORKSHOP_KEY,
    queryFn: async ({ signal }) =>
      (await apiRequest<SampleWorkshopState>('GET', '/sample-workshop', { signal })).data,
    // Nothing of a sample belongs in the saved copy of the books.
    meta: { persist: false },
  });

/** Makes the sample if there is none; answers a one-time token for its tab. Never queued offline. */
export async function openSampleWorkshop(): Promise<SampleWorkshopOpening> {
  return (await apiRequest<SampleWorkshopOpening>('POST', '/sample-workshop/open')).data;
}

export async function deleteSampleWorkshop(): Promise<SampleWorkshopState> {
  return (await apiRequest<SampleWorkshopState>('DELETE', '/sample-workshop')).data;
}
