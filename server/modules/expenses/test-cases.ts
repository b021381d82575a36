import {
  expense,
  expenseCreate,
  expenseListQuery,
  expenseUpdate,
} from '../../../contract/expenses.ts';
import type { CrudCase, RouteAccessRows, TextInputCase } from '../../test/area-test-cases.ts';

export const routeAccess: RouteAccessRows = {
  'GET /api/expenses': 'expenses.read',
  'GET /api/expenses/export.csv': 'expenses.read',
  'GET /api/expenses/categories': 'expenses.read',
  'GET /api/expenses/summary/monthly': 'expenses.read',
  'GET /api/expenses/{id}': 'expenses.read',
  'POST /api/expenses': 'expenses.write',
  'PUT /api/expenses/{id}': 'expenses.write',
  'DELETE /api/expenses/{id}': 'expenses.delete',
};

export const crudCase: CrudCase = {
  path: '/api/expenses',
  entity: 'expense',
  record: expense,
  noun: 'Expense',
  pickList: false,
  prepare: () => (n) => ({ category: 'Power', amount: 100 + n, expenseDate: '2025-03-01' }),
  change: { amount: 250.75 },
  requiredField: 'expenseDate',
};

export const textInputCase: TextInputCase = {
  path: '/api/expenses',
  schemas: [expenseCreate, expenseUpdate, expenseListQuery],
  body: () =>
    Promise.resolve({
      category: 'Power',
      amount: 100,
      expenseDate: '2025-03-01',
      description: 'March bill',
    }),
};
