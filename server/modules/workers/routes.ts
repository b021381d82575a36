import {
  WORKER_PAY_FIELDS,
  WORKER_PAY_PERMISSION,
  workerSchemas,
} from '../../../contract/workers.ts';
import { crudModule } from '../../lib/crud-area.ts';
import { workerRepository } from './repository.ts';
import { workers } from './schema.ts';

export const resourceModule = crudModule({
  area: 'workers',
  schemas: workerSchemas,
  repository: workerRepository,
  importable: { table: workers, unique: workers.name },
  csvColumns: [
    { key: 'name' },
    { key: 'phone' },
    { key: 'designation' },
    { key: 'address' },
    { key: 'joiningDate' },
    { key: 'salaryType', values: 'salaryTypes' },
    { key: 'baseSalary' },
    { key: 'isActive' },
  ],
  guardedFields: { permission: WORKER_PAY_PERMISSION, fields: WORKER_PAY_FIELDS },
});
