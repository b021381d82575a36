import { worker, workerCreate, workerListQuery, workerUpdate } from '../../../contract/workers.ts';
import type { CrudCase, RouteAccessRows, TextInputCase } from '../../test/area-test-cases.ts';

export const routeAccess: RouteAccessRows = {
  'GET /api/workers': 'workers.read',
  'GET /api/workers/all': 'workers.read',
  'GET /api/workers/export.csv': 'workers.read',
  'POST /api/workers/import': 'backup.import',
  'GET /api/workers/{id}': 'workers.read',
  'POST /api/workers': 'workers.write',
  'PUT /api/workers/{id}': 'workers.write',
  'DELETE /api/workers/{id}': 'workers.delete',
};

export const crudCase: CrudCase = {
  path: '/api/workers',
  entity: 'worker',
  record: worker,
  noun: 'Worker',
  pickList: true,
  prepare: () => (n) => ({ name: `Worker ${n}`, joiningDate: '2024-04-01' }),
  change: { designation: 'Cutter' },
  requiredField: 'joiningDate',
};

export const textInputCase: TextInputCase = {
  path: '/api/workers',
  schemas: [workerCreate, workerUpdate, workerListQuery],
  body: () =>
    Promise.resolve({
      name: 'Ramesh',
      phone: '9825012345',
      address: 'Varachha',
      designation: 'Cutter',
      joiningDate: '2024-04-01',
    }),
};
