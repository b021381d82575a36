import type { Gstr1Return, Gstr1Summary } from '../../../contract/gstr1.ts';
import type gstTexts from '../../../public/locales/en/gst.json';
import { apiRequest } from '@/lib/api-client';
import { bills as billsResource } from '@/features/billing/resource';

declare module '@/lib/translation-resources' {
  interface AppResources {
    gst: typeof gstTexts;
  }
}

/** `period=MMYYYY` or `quarter=YYYY-Qn`, exactly one. */
export type GstPeriodChoice = { period: string } | { quarter: string };

const searchParamsOf = (choice: GstPeriodChoice): Record<string, string> => ({ ...choice });

/**
 * Kept under the bills' query keys: a bill issued or cancelled changes the return, and the bills
 * resource already refetches its reads after each write.
 */
export const gstr1Summary = billsResource.defineRead<Gstr1Summary, GstPeriodChoice>(
  'gstr1Summary',
  {
    path: () => '/gst/gstr1/summary',
    absolute: true,
    searchParams: searchParamsOf,
    failure: 'gst:errors.fetchSummary',
    keepPrevious: true,
  },
);

/** The return itself, read when a file is downloaded rather than kept in the cache. */
export async function fetchGstr1(choice: GstPeriodChoice): Promise<Gstr1Return> {
  const result = await apiRequest<Gstr1Return>('GET', '/gst/gstr1', {
    searchParams: searchParamsOf(choice),
  });
  return result.data;
}
