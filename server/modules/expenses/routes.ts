import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '../../../contract/common.ts';
import {
  expenseCategories,
  expenseSchemas,
  expenseSummary,
  expenseSummaryQuery,
} from '../../../contract/expenses.ts';
import { crudModule } from '../../lib/crud-area.ts';
import { ok } from '../../lib/envelope.ts';
import { tenantOf } from '../../lib/request-auth.ts';
import { expenseMonthlySummary, expenseRepository, listExpenseCategories } from './repository.ts';

const tags = ['Expenses'];

const moreRoutes = (scope: FastifyInstance) => {
  const typed = scope.withTypeProvider<ZodTypeProvider>();
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
};

export const resourceModule = crudModule({
  area: 'expenses',
  schemas: expenseSchemas,
  repository: expenseRepository,
  pickList: false,
  csvColumns: [
    { key: 'expenseDate' },
    { key: 'category' },
    { key: 'amount' },
    { key: 'paymentMethod', values: 'paymentMethods' },
    { key: 'description' },
  ],
  moreRoutes,
});
