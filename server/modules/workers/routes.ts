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
import { crudMessages } from '../../lib/crud-messages.ts';
import { CRUD_PERMISSIONS } from '../../../contract/permissions.ts';
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
    permissions: CRUD_PERMISSIONS.workers,
    repository: workerRepository,
    messages: crudMessages('Workers', 'Worker'),
  });
  done();
};

export const resourceModule: ResourceModule = { prefix: '/workers', routes: workerRoutes };
