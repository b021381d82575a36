import type { FastifyPluginCallback } from 'fastify';
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
import { registerCrudRoutes } from '../../lib/crud-routes.ts';
import { ok } from '../../lib/envelope.ts';
import { salarySummary, workerSalaryRepository } from './repository.ts';
import type { ResourceModule } from '../registry.ts';
import { routeOptions } from '../../lib/route-options.ts';

export const workerSalaryRoutes: FastifyPluginCallback = (scope, _options, done) => {
  const typed = scope.withTypeProvider<ZodTypeProvider>();
  // Registered before the CRUD routes for readability; the router prefers the static path anyway.
  typed.get(
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

  registerCrudRoutes(scope, {
    tag: 'Worker salaries',
    singular: 'Worker salary',
    csv: {
      namespace: 'worker-salaries',
      columns: [
        { key: 'paymentDate' },
        { key: 'worker.name', label: 'fields.worker' },
        { key: 'month' },
        { key: 'year' },
        { key: 'paymentType', values: 'paymentTypes' },
        { key: 'paymentMethod', values: 'paymentMethods' },
        { key: 'amount' },
        { key: 'notes' },
      ],
    },
    // Salaries have no pick list; the ledger is only ever read in pages.
    pickList: false,
    schemas: {
      record: workerSalary,
      create: workerSalaryCreate,
      update: workerSalaryUpdate,
      listQuery: workerSalaryListQuery,
    },
    permissions: {
      read: 'salaries.read',
      write: 'salaries.write',
      delete: 'salaries.delete',
    },
    repository: workerSalaryRepository,
    messages: {
      list: 'Worker salaries fetched successfully',
      get: 'Worker salary fetched successfully',
      created: 'Worker salary entry created successfully',
      updated: 'Worker salary entry updated successfully',
      deleted: 'Worker salary entry deleted successfully',
      notFound: 'Worker salary entry not found',
    },
  });
  done();
};

export const resourceModule: ResourceModule = {
  prefix: '/worker-salaries',
  routes: workerSalaryRoutes,
};
