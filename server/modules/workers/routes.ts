import type { FastifyPluginCallback } from 'fastify';
import {
  WORKER_PAY_FIELDS,
  WORKER_PAY_PERMISSION,
  worker,
  workerCreate,
  workerListQuery,
  workerUpdate,
} from '../../../contract/workers.ts';
import { registerCrudRoutes } from '../../lib/crud-routes.ts';
import { workerRepository } from './repository.ts';
import { workers } from './schema.ts';
import type { ResourceModule } from '../registry.ts';

export const workerRoutes: FastifyPluginCallback = (scope, _options, done) => {
  registerCrudRoutes(scope, {
    tag: 'Workers',
    singular: 'Worker',
    importable: { resource: 'workers', table: workers, unique: workers.name },
    csv: {
      namespace: 'workers',
      columns: [
        { key: 'name' },
        { key: 'phone' },
        { key: 'designation' },
        { key: 'address' },
        { key: 'joiningDate' },
        { key: 'salaryType', values: 'salaryTypes' },
        { key: 'baseSalary' },
        { key: 'isActive' },
      ],
    },
    guardedFields: { permission: WORKER_PAY_PERMISSION, fields: WORKER_PAY_FIELDS },
    schemas: {
      record: worker,
      create: workerCreate,
      update: workerUpdate,
      listQuery: workerListQuery,
    },
    permissions: {
      read: 'workers.read',
      write: 'workers.write',
      delete: 'workers.delete',
    },
    repository: workerRepository,
    messages: {
      list: 'Workers fetched successfully',
      all: 'Workers fetched successfully',
      get: 'Worker fetched successfully',
      created: 'Worker created successfully',
      updated: 'Worker updated successfully',
      deleted: 'Worker deleted successfully',
      notFound: 'Worker not found',
    },
  });
  done();
};

export const resourceModule: ResourceModule = { prefix: '/workers', routes: workerRoutes };
