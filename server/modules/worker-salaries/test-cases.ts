import {
  workerSalary,
  workerSalaryCreate,
  workerSalaryListQuery,
  workerSalaryUpdate,
} from '../../../contract/worker-salaries.ts';
import { createdId } from '../../test/area-test-cases.ts';
import type { CrudCase, RouteAccessRows, TextInputCase } from '../../test/area-test-cases.ts';

export const routeAccess: RouteAccessRows = {
  'GET /api/worker-salaries': 'salaries.read',
  'GET /api/worker-salaries/export.csv': 'salaries.read',
  'GET /api/worker-salaries/summary': 'salaries.read',
  'GET /api/worker-salaries/{id}': 'salaries.read',
  'POST /api/worker-salaries': 'salaries.write',
  'PUT /api/worker-salaries/{id}': 'salaries.write',
  'DELETE /api/worker-salaries/{id}': 'salaries.delete',
};

export const crudCase: CrudCase = {
  path: '/api/worker-salaries',
  entity: 'workerSalary',
  record: workerSalary,
  noun: 'Worker salary entry',
  pickList: false,
  async prepare(t, user) {
    const workerId = await createdId(t, user, '/api/workers', {
      name: 'Ramesh',
      joiningDate: '2023-01-02',
    });
    return (n) => ({
      workerId,
      paymentType: 'salary',
      paymentMethod: 'cash',
      month: 1 + (n % 12),
      year: 2025,
      paymentDate: '2025-06-01',
      amount: 1000 + n,
    });
  },
  change: { notes: 'Paid in two parts' },
  stamps: ['updatedBy'],
  defaultSort: '-paymentDate',
  requiredField: 'paymentDate',
};

export const textInputCase: TextInputCase = {
  path: '/api/worker-salaries',
  schemas: [workerSalaryCreate, workerSalaryUpdate, workerSalaryListQuery],
  body: async (t, user) => ({
    workerId: await createdId(t, user, '/api/workers', {
      name: 'Suresh',
      joiningDate: '2023-01-02',
    }),
    paymentType: 'salary',
    paymentMethod: 'cash',
    month: 1,
    year: 2025,
    paymentDate: '2025-02-01',
    amount: 1000,
    notes: 'January',
  }),
};
