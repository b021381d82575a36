import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '../../../contract/common.ts';
import {
  expense,
  expenseCategories,
  expenseCreate,
  expenseListQuery,
  expenseSummary,
  expenseSummaryQuery,
  expenseUpdate,
} from '../../../contract/expenses.ts';
import { registerCrudRoutes } from '../../lib/crud-routes.ts';
import { ok } from '../../lib/envelope.ts';
import { tenantOf } from '../../lib/request-auth.ts';
import { expenseMonthlySummary, expenseRepository, listExpenseCategories } from './repository.ts';
import type { ResourceModule } from '../registry.ts';

const tags = ['Expenses'];

export const expenseRoutes: FastifyPluginCallback = (scope, _options, done) => {
  const typed = scope.withTypeProvider<ZodTypeProvider>();
  registerCrudRoutes(scope, {
    tag: 'Expenses',
    singular: 'Expense',
    csv: {
      namespace: 'expenses',
      columns: [
        { key: 'expenseDate' },
        { key: 'category' },
        { key: 'amount' },
        { key: 'paymentMethod', values: 'paymentMethods' },
        { key: 'description' },
      ],
    },
    schemas: {
      record: expense,
      create: expenseCreate,
      update: expenseUpdate,
      listQuery: expenseListQuery,
    },
    permissions: {
      read: 'expenses.read',
      write: 'expenses.write',
      delete: 'expenses.delete',
    },
    repository: expenseRepository,
    pickList: false,
    messages: {
      list: 'Expenses fetched successfully',
      get: 'Expense fetched successfully',
      created: 'Expense created successfully',
      updated: 'Expense updated successfully',
      deleted: 'Expense deleted successfully',
      notFound: 'Expense not found',
    },
  });

  typed.get(
    '/categories',
    {
      config: { permission: 'expenses.read' },
      schema: {
        operationId: 'listExpenseCategories',
        summary: 'The expense categories in use',
        tags,
        response: { 200: envelope(expenseCategories) },
      },
    },
    async (request) =>
      ok(
        { data: await listExpenseCategories(scope.db, tenantOf(request)) },
        'Expense categories fetched successfully',
      ),
  );

  typed.get(
    '/summary/monthly',
    {
      config: { permission: 'expenses.read' },
      schema: {
        operationId: 'getMonthlyExpenseSummary',
        summary: 'Expenses per month and category',
        tags,
        querystring: expenseSummaryQuery,
        response: { 200: envelope(expenseSummary) },
      },
    },
    async (request) => {
      const { year } = request.query;
      return ok(
        await expenseMonthlySummary(scope.db, tenantOf(request), year),
        'Expense summary fetched successfully',
      );
    },
  );
  done();
};

export const resourceModule: ResourceModule = { prefix: '/expenses', routes: expenseRoutes };
