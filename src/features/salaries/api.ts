import type {
  WorkerSalary,
  WorkerSalaryCreate,
  WorkerSalaryListParams,
  WorkerSalarySummary,
  WorkerSalaryUpdate,
} from '../../../contract/worker-salaries.ts';
import { createResource } from '@/lib/resource-factory';

export const salariesResource = createResource<
  WorkerSalary,
  Partial<WorkerSalaryListParams>,
  WorkerSalaryCreate,
  WorkerSalaryUpdate
>({
  name: 'worker-salaries',
  path: '/worker-salaries',
  messages: {
    created: 'salaries:toast.created',
    updated: 'salaries:toast.updated',
    deleted: 'salaries:toast.deleted',
    fetchListFailed: 'salaries:errors.fetchList',
    fetchOneFailed: 'salaries:errors.fetchOne',
    createFailed: 'salaries:errors.create',
    updateFailed: 'salaries:errors.update',
    deleteFailed: 'salaries:errors.delete',
  },
  // Creates send `createdBy`, updates `updatedBy` (and never `createdBy`).
  requireUser: true,
});

/** Its key sits under `worker-salaries`, so every salary write refetches it with the list. */
export const salarySummaryQuery = salariesResource.defineRead<
  WorkerSalarySummary,
  { workerId?: string | undefined; year?: number | undefined; month?: number | undefined }
>('summary', {
  path: () => '/summary',
  searchParams: (params) => ({ ...params }),
  failure: 'salaries:errors.summary',
});

export const salaryQueries = salariesResource.queries;
export const useCreateSalary = salariesResource.useCreate;
export const useUpdateSalary = salariesResource.useUpdate;
export const useDeleteSalary = salariesResource.useRemove;
