import { queryOptions } from '@tanstack/react-query';
import type { ExpenseSummary } from '../../../contract/expenses.ts';
import { apiRequest } from '@/lib/api-client';

export const SUMMARY_FAILED_KEY = 'expense-analysis:errors.fetchSummary';

/**
 * One year's summary. The key sits under `expenses`, so every expense write refetches it; the
 * same key serves a year whether it was asked for as "the chosen year" or "the year before".
 */
export const expenseSummaryQuery = (year: number) =>
  queryOptions({
    queryKey: ['expenses', 'summary', { year }] as const,
    queryFn: async ({ signal }) =>
      (
        await apiRequest<ExpenseSummary>('GET', '/expenses/summary/monthly', {
          searchParams: { year },
          signal,
        })
      ).data,
    meta: { errorMessage: SUMMARY_FAILED_KEY },
  });
