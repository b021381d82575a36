import { expenseSchemas } from '../../../contract/expenses.ts';
import { createResource } from '@/lib/resource-factory';
import type expenseTexts from '../../../public/locales/en/expenses.json';

declare module '@/lib/translation-resources' {
  interface AppResources {
    expenses: typeof expenseTexts;
  }
}

export const expenses = createResource({
  namespace: 'expenses',
  schemas: expenseSchemas,
  offline: { page: '/expenses' },
  workingSet: { permission: 'expenses.read', firstPage: true },
});

/**
 * The organization's category names for the form's suggestions. Keyed under `expenses`, so a new
 * category appears after any expense write.
 */
export const expenseCategories = expenses.defineRead<string[]>('categories', {
  path: () => '/categories',
  failure: 'expenses:errors.fetchCategories',
  select: (data) => (data as { data: string[] }).data,
});
