import type {
  Worker,
  WorkerCreate,
  WorkerListParams,
  WorkerUpdate,
} from '../../../contract/workers.ts';
import { createResource } from '@/lib/resource-factory';

export const workersResource = createResource<
  Worker,
  Partial<WorkerListParams>,
  WorkerCreate,
  WorkerUpdate
>({
  name: 'workers',
  path: '/workers',
  messages: {
    created: 'workers:toast.created',
    updated: 'workers:toast.updated',
    // The spec keeps a worker's deletion silent.
    deleted: null,
    fetchListFailed: 'workers:errors.fetchList',
    fetchOneFailed: 'workers:errors.fetchOne',
    fetchAllFailed: 'workers:errors.fetchList',
    createFailed: 'workers:errors.create',
    updateFailed: 'workers:errors.update',
    deleteFailed: 'workers:errors.delete',
  },
  // Salary entries embed the worker's name and the summary groups by it.
  invalidates: [['worker-salaries']],
});

export const workerQueries = workersResource.queries;
export const useCreateWorker = workersResource.useCreate;
export const useUpdateWorker = workersResource.useUpdate;
export const useDeleteWorker = workersResource.useRemove;
