import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  workerSalary,
  workerSalaryCreate,
  workerSalaryListQuery,
  workerSalarySummary,
  workerSalarySummaryQuery,
  workerSalaryUpdate,
} from '../../../contract/worker-salaries.ts';
import { tenantOf } from '../../lib/request-auth.ts';
import { crudModule } from '../../lib/crud-area.ts';
import { ok } from '../../lib/envelope.ts';
import { salarySummary, workerSalaryRepository } from './repository.ts';
import { routeOptions } from '../../lib/route-options.ts';

const summaryRoute = (scope: FastifyInstance) => {
  scope.withTypeProvider<ZodTypeProvider>().get(
    '/summary',
    routeOptions(
      { permission: 'salaries.read' },
      {
        operationId: 'getWorkerSalarySummary',
        summary: 'Salaries paid per worker for a period',
        tags: ['Worker salaries'],
        querystring: workerSalarySummaryQuery,
        data: workerSalarySummary,
      },
    ),
    async (request) =>
      ok(
        await salarySummary(scope.db, tenantOf(request), request.query),
        'Worker salary summary fetched successfully',
      ),
  );
};

export const resourceModule = crudModule({
  area: 'worker-salaries',
  names: {
    permissions: 'salaries',
    plural: 'Worker salaries',
    singular: 'Worker salary',
    entry: 'Worker salary entry',
  },
  schemas: {
    record: workerSalary,
    create: workerSalaryCreate,
    update: workerSalaryUpdate,
    listQuery: workerSalaryListQuery,
  },
  repository: workerSalaryRepository,
  // Salaries have no pick list; the ledger is only ever read in pages.
  pickList: false,
  csvColumns: [
    { key: 'paymentDate' },
    { key: 'worker.name', label: 'fields.worker' },
    { key: 'month' },
    { key: 'year' },
    { key: 'paymentType', values: 'paymentTypes' },
    { key: 'paymentMethod', values: 'paymentMethods' },
    { key: 'amount' },
    { key: 'notes' },
  ],
  // The document has always listed the summary before the ledger's routes.
  moreRoutesFirst: true,
  moreRoutes: summaryRoute,
});
