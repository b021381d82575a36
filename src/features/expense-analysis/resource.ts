import type { ExpenseSummary } from '../../../contract/expenses.ts';
import { expenses } from '@/features/expenses/resource';
import type expenseAnalysisTexts from '../../../public/locales/en/expense-analysis.json';

declare module '@/lib/translation-resources' {
  interface AppResources {
    'expense-analysis': typeof expenseAnalysisTexts;
  }
}

/**
 * One year's summary, keyed under `expenses` so every expense write refetches it; the same key
 * serves a year whether it was asked for as "the chosen year" or "the year before".
 */
export const expenseSummary = expenses.defineRead<ExpenseSummary, { year: number }>('summary', {
  path: () => '/summary/monthly',
  searchParams: ({ year }) => ({ year }),
  failure: 'expense-analysis:errors.fetchSummary',
});
