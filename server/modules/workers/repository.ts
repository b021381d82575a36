import { sql } from 'drizzle-orm';
import type { workerSchemas } from '../../../contract/workers.ts';
import { workers } from './schema.ts';
import { containsTextInAny, equalsValue } from '../../lib/list-page.ts';
import { createTenantRepository } from '../../lib/tenant-repository.ts';

const lowerName = sql`lower(${workers.name})`;

const WORKER_STILL_PAID_MESSAGE =
  'This worker has salary entries and cannot be deleted. Mark the worker inactive instead.';

export const workerRepository = createTenantRepository<typeof workerSchemas>({
  table: workers,
  entity: 'worker',
  filters: {
    search: containsTextInAny(workers.name, workers.phone, workers.designation),
    isActive: equalsValue<boolean>(workers.isActive),
  },
  sortable: { name: lowerName, joiningDate: workers.joiningDate, createdAt: workers.createdAt },
  pickListOrder: lowerName,
  conflicts: { stillReferenced: WORKER_STILL_PAID_MESSAGE },
});
