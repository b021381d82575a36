import type {
  Expense,
  ExpenseCreate,
  ExpenseListParams,
  ExpenseUpdate,
} from '../../../contract/expenses.ts';
import { createResource } from '@/lib/resource-factory';

export const expensesResource = createResource<
  Expense,
  Partial<ExpenseListParams>,
  ExpenseCreate,
  ExpenseUpdate
>({
  name: 'expenses',
  path: '/expenses',
  messages: {
    created: 'expenses:toast.created',
    updated: 'expenses:toast.updated',
    deleted: 'expenses:toast.deleted',
    fetchListFailed: 'expenses:errors.fetchList',
    fetchOneFailed: 'expenses:errors.fetchOne',
    createFailed: 'expenses:errors.create',
    updateFailed: 'expenses:errors.update',
    deleteFailed: 'expenses:errors.delete',
  },
});

export const expenseQueries = {
  ...expensesResource.queries,
  /**
   * The organization's category names for the form's suggestions. Keyed under `expenses`, so a
   * new category appears after any expense write.
   */
  categories: expensesResource.defineRead<string[]>('categories', {
    path: () => '/categories',
    failure: 'expenses:errors.fetchCategories',
    select: (data) => (data as { data: string[] }).data,
  }),
};
export const expenseKeys = expensesResource.keys;
export const useCreateExpense = expensesResource.useCreate;
export const useUpdateExpense = expensesResource.useUpdate;
export const useDeleteExpense = expensesResource.useRemove;
